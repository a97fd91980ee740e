/**
 * Which servers a run lints: one target (a resolved target, `--url`, `-- command`, the config's
 * `target`, a package.json `bin`), a saved capture (`--from`), or every server of a client config.
 */
import { dirname, resolve } from 'node:path';
import type { Capture } from '../model/capture.js';
import type { ResolvedTarget } from '../connect/capture-target.js';
import { readCaptures } from './capture-file.js';
import { readTextIfPresent } from '../shared/read-bounded.js';
import { ConfigError, type McplintConfig } from '../config/config.js';
import type { LintOptions } from './options.js';
import type { RunConfig } from './run-config.js';

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
}

/**
 * The servers the options name. `strict` (lint): a client config whose named server is missing or
 * unresolvable is a usage error; otherwise (plan) such servers are just left out.
 */
export async function serverInputs(options: LintOptions, run: RunConfig, strict = true): Promise<ServerInputs> {
  if (options.target) return { inputs: [{ kind: 'target', target: options.target }], skippedServers: [], fromClientConfig: false };
  if (options.from) {
    const path = resolve(options.cwd, options.from);
    const captures = readCaptures(path, options.from);
    return {
      inputs: captures.map((capture) => ({ kind: 'capture-file', path, given: options.from!, capture })),
      skippedServers: [],
      fromClientConfig: false,
    };
  }
  if (options.clientConfigFile) return clientConfigInputs(options, strict);
  return {
    inputs: [{ kind: 'target', target: resolveTarget(options, run.config, run.file, run.targetLine) }],
    skippedServers: [],
    fromClientConfig: false,
  };
}

async function clientConfigInputs(options: LintOptions, strict: boolean): Promise<ServerInputs> {
  const file = options.clientConfigFile!;
  const { loadClientConfig } = await import('../connect/client-config.js');
  const config = loadClientConfig(file, { cwd: options.cwd });
  let servers = config.servers;
  if (!strict) {
    servers = servers.filter((s) => options.server === undefined || s.name === options.server);
    if (servers.length === 0)
      throw new ConfigError(`--config-file ${file}: no server${options.server !== undefined ? ` named "${options.server}"` : ''} to plan`);
    const inputs = servers.filter((s) => s.target).map((s) => ({ kind: 'target' as const, target: s.target!, name: s.name }));
    return { inputs, skippedServers: [], fromClientConfig: true };
  }
  if (servers.length === 0) throw new ConfigError(`--config-file ${file}: it declares no servers`);
  if (options.server !== undefined) {
    const one = servers.find((s) => s.name === options.server);
    if (!one)
      throw new ConfigError(
        `--server ${options.server}: ${config.file} has no such server (it has ${servers.map((s) => `"${s.name}"`).join(', ')})`,
      );
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
  return { inputs: options.shard ? shardOf(inputs, options.shard) : inputs, skippedServers, fromClientConfig: true };
}

/** The server to lint: a resolved target, `--url`, `-- command`, else config `target`, else package.json `bin`. */
export function resolveTarget(options: LintOptions, config: McplintConfig, configFile?: string, targetLine?: number): ResolvedTarget {
  if (options.target) return options.target;
  if (options.url) {
    return {
      kind: 'http',
      url: options.url,
      ...(options.headers ? { headers: options.headers } : {}),
      transport: options.transport ?? 'auto',
    };
  }
  if (options.command && options.command.length > 0) {
    const [command, ...args] = options.command as [string, ...string[]];
    return { command, args };
  }
  if (config.target) {
    const base = configFile ? dirname(configFile) : options.cwd;
    return {
      command: config.target.command,
      args: [...(config.target.args ?? [])],
      cwd: resolve(base, config.target.cwd ?? '.'),
      ...(config.target.env ? { env: { ...config.target.env } } : {}),
      ...(configFile ? { declaredIn: { file: configFile, line: targetLine ?? 1 } } : {}),
    };
  }
  const bin = packageBin(options.cwd);
  if (bin) return { command: process.execPath, args: [bin], declaredIn: { file: resolve(options.cwd, 'package.json'), line: 1 } };
  throw new ConfigError(
    'no server to lint. Give a command after --, e.g. `mcplint -- node dist/index.js`, a saved capture with --from, ' +
      'or a "target" in mcplint.config.json. Tried: command line, config file' +
      (configFile ? ` (${configFile}, no target)` : ' (none found)') +
      ', package.json "bin" in this directory (none).',
  );
}

function packageBin(cwd: string): string | undefined {
  // A FIFO or a device there is one line (read-bounded.ts), not a hang; absent or not JSON: no bin.
  const text = readTextIfPresent(resolve(cwd, 'package.json'), 'package.json', 'package.json');
  try {
    const pkg = JSON.parse(text ?? '{}') as { bin?: string | Record<string, string> };
    const bin =
      typeof pkg.bin === 'string' ? pkg.bin : pkg.bin && Object.values(pkg.bin).length === 1 ? Object.values(pkg.bin)[0] : undefined;
    return bin ? resolve(cwd, bin) : undefined;
  } catch {
    return undefined;
  }
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
