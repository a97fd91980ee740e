/**
 * Which servers a run lints, from the target its settings name (src/session/resolve-run.ts): the
 * one server, the captures of a saved file (`--from`), or every server of a client config.
 */
import { resolve } from 'node:path';
import type { Capture } from '../model/capture.js';
import type { ResolvedTarget } from '../connect/capture-target.js';
import { readCaptures } from './capture-file.js';
import { ConfigError } from '../config/config.js';
import type { ResolvedRun } from './resolve-run.js';
import type { RunConfig } from './run-config.js';
import type { PackedMode } from '../model/packed.js';
import type { PackedTarget } from './packed.js';

/** One server to lint: launched from a target, or read from a saved capture. */
export type ServerInput =
  | {
      readonly kind: 'target';
      readonly target: ResolvedTarget;
      /** Its key in a client config, and its place among the config's servers. */
      readonly name?: string;
      readonly position?: number;
    }
  | {
      readonly kind: 'capture-file';
      readonly path: string;
      /** As the user gave it (locations name it so). */
      readonly given: string;
      /** Read from the file, not yet redacted or frozen (a listing file may hold several servers). */
      readonly capture: Capture;
    };

/** A server of a client config that cannot be linted, and why. */
export interface SkippedServer {
  readonly name: string;
  readonly reason: string;
}

export interface ServerInputs {
  readonly inputs: readonly ServerInput[];
  readonly skippedServers: readonly SkippedServer[];
  /** The inputs come from a client config (their reports are labelled by config key). */
  readonly fromClientConfig: boolean;
  /** Removes what resolving the inputs made for the run (a --manifest archive's unpacked folder). */
  readonly cleanup?: () => void;
}

/**
 * The servers the run's target names. `strict` (lint): a client config whose named server is
 * missing or unresolvable is a usage error; otherwise (plan) such servers are just left out, and
 * no package is checked as npm would publish it.
 */
export async function serverInputs(run: RunConfig, strict = true): Promise<ServerInputs> {
  const { target, cwd } = run.resolved;
  if (!target) throw new ConfigError(noTarget(run.resolved.configFile?.path));
  if (target.kind === 'capture-file') {
    const path = resolve(cwd, target.file);
    const captures = readCaptures(path, target.file);
    return {
      inputs: captures.map((capture) => ({ kind: 'capture-file', path, given: target.file, capture })),
      skippedServers: [],
      fromClientConfig: false,
    };
  }
  if (target.kind === 'client-config') return clientConfigInputs(target.file, target.serverName ?? undefined, run.resolved, strict);
  // A plan lists probes: what npm would publish changes none of them.
  const packed = strict ? run.resolved.packed : null;
  if (target.kind === 'manifest') return manifestInputs(target.file, cwd, packed);
  if (!packed) return { inputs: [{ kind: 'target', target: target.server }], skippedServers: [], fromClientConfig: false };
  const checked = await (await import('./packed.js')).withProjectPacked(target.server, packed, cwd);
  return { inputs: [{ kind: 'target', target: checked.target }], skippedServers: [], fromClientConfig: false, cleanup: checked.cleanup };
}

async function clientConfigInputs(file: string, only: string | undefined, run: ResolvedRun, strict: boolean): Promise<ServerInputs> {
  const { loadClientConfig } = await import('../connect/client-config.js');
  const config = loadClientConfig(file, { cwd: run.cwd });
  let servers = config.servers;
  if (!strict) {
    servers = servers.filter((s) => only === undefined || s.name === only);
    if (servers.length === 0)
      throw new ConfigError(`--config-file ${file}: no server${only !== undefined ? ` named "${only}"` : ''} to plan`);
    const inputs = servers.filter((s) => s.target).map((s) => ({ kind: 'target' as const, target: s.target!, name: s.name }));
    return { inputs, skippedServers: [], fromClientConfig: true };
  }
  if (servers.length === 0) throw new ConfigError(`--config-file ${file}: it declares no servers`);
  if (only !== undefined) {
    const one = servers.find((s) => s.name === only);
    if (!one)
      throw new ConfigError(`--server ${only}: ${config.file} has no such server (it has ${servers.map((s) => `"${s.name}"`).join(', ')})`);
    if (!one.target) throw new ConfigError(`--server ${one.name}: cannot lint it: ${one.problem}`);
    servers = [one];
  }
  const skippedServers = servers.filter((s) => !s.target).map((s) => ({ name: s.name, reason: s.problem ?? 'it cannot be resolved' }));
  const runnable = servers.filter((s) => s.target);
  if (runnable.length === 0) {
    throw new ConfigError(
      `--config-file ${config.file}: no server can be linted: ${skippedServers.map((s) => `"${s.name}": ${s.reason}`).join('; ')}`,
    );
  }
  const inputs = runnable.map((s) => ({ kind: 'target' as const, target: s.target!, name: s.name, position: config.servers.indexOf(s) }));
  return { inputs: run.shard ? shardOf(inputs, run.shard) : inputs, skippedServers, fromClientConfig: true };
}

/**
 * --manifest: the server the manifest launches, carrying the manifest into its capture; or, when
 * nothing can be launched here, a capture of the manifest alone (src/connect/manifest/).
 */
async function manifestInputs(file: string, cwd: string, packed: PackedMode | null): Promise<ServerInputs> {
  const { manifestInput } = await import('../connect/manifest/manifest-target.js');
  const input = await manifestInput(file, cwd);
  if (input.kind !== 'launch') {
    const server: ServerInput = { kind: 'capture-file', path: resolve(cwd, file), given: file, capture: input.capture };
    return { inputs: [server], skippedServers: [], fromClientConfig: false, cleanup: input.cleanup };
  }
  let checked: PackedTarget = { target: input.target };
  try {
    if (packed) checked = await (await import('./packed.js')).withManifestPacked(input.target, packed, cwd);
  } catch (error) {
    input.cleanup();
    throw error;
  }
  const cleanup = () => {
    checked.cleanup?.();
    input.cleanup();
  };
  return { inputs: [{ kind: 'target', target: checked.target }], skippedServers: [], fromClientConfig: false, cleanup };
}

/** What a run with nothing to lint says it tried. */
function noTarget(configFile: string | undefined): string {
  return (
    'no server to lint. Give a command after --, e.g. `mcplint -- node dist/index.js`, a saved capture with --from, ' +
    'or a "target" in mcplint.config.json. Tried: command line, config file' +
    (configFile ? ` (${configFile}, no target)` : ' (none found)') +
    ', server.json or manifest.json in this directory (none), package.json "bin" in this directory (none).'
  );
}

/**
 * Shard i of n (1-based): the servers sorted by name, every n-th from the i-th, so shards are
 * balanced and each server lands in exactly one of them whatever machine runs it.
 */
export function shardOf<T extends { readonly name?: string }>(
  inputs: readonly T[],
  shard: { readonly index: number; readonly count: number },
): T[] {
  const byName = [...inputs].sort((a, b) => ((a.name ?? '') < (b.name ?? '') ? -1 : (a.name ?? '') > (b.name ?? '') ? 1 : 0));
  const picked = new Set(byName.filter((_, i) => i % shard.count === shard.index - 1));
  return inputs.filter((input) => picked.has(input));
}
