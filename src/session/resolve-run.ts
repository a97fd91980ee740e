/**
 * The settings of one run, decided once: for each of them the flag (or the library's option)
 * wins over the config file, which wins over the default. lint, plan, merge and --print-config
 * all read the ResolvedRun, so what --print-config prints is what the run does. Absent settings
 * are null rather than missing, so every field is always there to print and compare.
 */
import { dirname, resolve } from 'node:path';
import type { ResolvedTarget } from '../connect/capture-target.js';
import { configuredRules, parseRuleFlags, type Preset } from '../config/config.js';
import type { LoadedConfig } from '../config/load-config.js';
import type { IgnoreEntry, RuleSetting } from '../engine/run.js';
import { REQUESTED_PROTOCOL_VERSION } from '../model/capture.js';
import type { ResolvedProbeConfig } from '../model/probe-types.js';
import { DEFAULT_TIMEOUT_MS, MIN_STARTUP_TIMEOUT_MS } from '../model/timeouts.js';
import { resolveProbeConfig } from '../probes/config.js';
import { DEFAULT_BASELINE_FILE } from '../report/baseline-file.js';
import type { FailOn } from '../report/gate.js';
import { deepFreeze } from '../shared/freeze.js';
import { publishedManifest } from './published-manifest.js';
import { readTextIfPresent } from '../shared/read-bounded.js';
import type { ReportFormat, RunOptions } from './options.js';
import type { PackedMode } from '../model/packed.js';

/** What a run lints, and what named it. */
export type RunTarget =
  | {
      readonly kind: 'server';
      readonly foundBy: 'target option' | '--url' | 'command after --' | 'config target' | 'package.json bin';
      readonly server: ResolvedTarget;
    }
  | { readonly kind: 'capture-file'; readonly foundBy: '--from'; readonly file: string }
  /** A published manifest (docs/manifests.md): validated, and the server it launches linted. */
  | { readonly kind: 'manifest'; readonly foundBy: '--manifest' | 'manifest in this directory'; readonly file: string }
  | {
      readonly kind: 'client-config';
      readonly foundBy: '--config-file';
      readonly file: string;
      /** --server: the one server of the file to lint. */
      readonly serverName: string | null;
    };

export interface ResolvedRun {
  /** What relative paths of flags are resolved against. */
  readonly cwd: string;
  /** The mcplint config file in effect, and the line of its `target` (or `mcplint`) key. */
  readonly configFile: { readonly path: string; readonly targetLine: number | null } | null;
  /** null: nothing to lint (the lint says what it tried). */
  readonly target: RunTarget | null;
  /** Per request (--timeout, else the config's `timeout`, else the default). */
  readonly timeoutMs: number;
  /** For a start-up: the per-request timeout, and never less than the start-up minimum. */
  readonly startupTimeoutMs: number;
  /** Asked for in the handshake (--protocol, else mcplint's default). */
  readonly protocolVersion: string;
  /** The probes section with --probes / --protocol-probes over it, and its defaults. */
  readonly probes: ResolvedProbeConfig;
  /** Origins besides the URL's own that redirects and a legacy SSE endpoint may lead to: the flags', then the config's. */
  readonly allowOrigins: readonly string[];
  readonly source: {
    readonly enabled: boolean;
    readonly cache: boolean;
    /** The project to index instead of the launched script's package, and which setting named it. */
    readonly project: { readonly path: string; readonly from: '--project' | 'config source.project' } | null;
  };
  /**
   * The npm package checked as npm would publish it (docs/packed.md): `files` (npm pack --dry-run),
   * `install` (also installed into a temporary folder, and the installed bin launched); null: not.
   * --packed, --packed=install; with a manifest `files` unless --no-packed.
   */
  readonly packed: PackedMode | null;
  /** Servers linted at once. */
  readonly jobs: number;
  readonly shard: { readonly index: number; readonly count: number } | null;
  readonly saveCapture: string | null;
  readonly format: ReportFormat;
  /** null: stdout. */
  readonly output: string | null;
  readonly reports: readonly { readonly format: ReportFormat; readonly file: string }[];
  /** null: auto. */
  readonly color: boolean | null;
  readonly quiet: boolean;
  readonly fold: boolean;
  readonly sarifCategory: string | null;
  readonly sarifAnchor: string | null;
  readonly failOn: FailOn;
  readonly maxWarnings: number | null;
  readonly minScore: number | null;
  readonly failOnSkipped: boolean;
  readonly strictBaseline: boolean;
  /** The baseline file read (and with `update`, rewritten first): --baseline, else the default one for --update-baseline. */
  readonly baseline: { readonly file: string; readonly from: '--baseline' | 'default'; readonly update: boolean } | null;
  readonly ignore: readonly IgnoreEntry[];
  readonly extends: Preset;
  /**
   * --fix (write) or --diff (print a patch), with --unsafe-fixes and --fix-build; null: no fixing.
   * --unsafe-fixes and --fix-build alone mean --fix (--fix-build with --watch does not).
   */
  readonly fix: { readonly mode: 'fix' | 'diff'; readonly unsafe: boolean; readonly build: string | null } | null;
  /**
   * --watch: lint again on every change of the source project, with --fix-build as the build run
   * before each lint (then it does not mean --fix); null: one run.
   */
  readonly watch: { readonly build: string | null } | null;
  /** --show-fixes: the report carries every fixable finding's fix (always so after --fix). */
  readonly showFixes: boolean;
  /** The rules the config or a --rule flag sets (a flag's level wins, the config's options stay); the others run at the preset's level. */
  readonly rules: Readonly<Record<string, RuleSetting>>;
}

/**
 * The least a start-up gets: MIN_STARTUP_TIMEOUT_MS, lowered (never raised) by
 * $MCPLINT_TEST_STARTUP_MINIMUM_MS, so the suite's tests of a server that never answers
 * (test/lsp.test.ts) need not wait the whole 20 s for a result that any minimum shows.
 */
function startupMinimumMs(env: NodeJS.ProcessEnv = process.env): number {
  const lowered = Number(env.MCPLINT_TEST_STARTUP_MINIMUM_MS);
  return Number.isInteger(lowered) && lowered > 0 ? Math.min(lowered, MIN_STARTUP_TIMEOUT_MS) : MIN_STARTUP_TIMEOUT_MS;
}

/**
 * The run that `options` and the loaded config file describe. Reads package.json when nothing
 * else names a target. --rule flags must have been checked against the rules (loadRunConfig does).
 */
export function resolveRun(options: RunOptions, loaded: LoadedConfig): ResolvedRun {
  const { config } = loaded;
  const timeoutMs = options.timeoutMs ?? config.timeout ?? DEFAULT_TIMEOUT_MS;
  const startupTimeoutMs = Math.max(timeoutMs, startupMinimumMs());
  const configDir = loaded.file ? dirname(loaded.file) : options.cwd;
  const target = runTarget(options, loaded);
  const run: ResolvedRun = {
    cwd: options.cwd,
    configFile: loaded.file ? { path: loaded.file, targetLine: loaded.targetLine ?? null } : null,
    target,
    timeoutMs,
    startupTimeoutMs,
    protocolVersion: options.protocol || REQUESTED_PROTOCOL_VERSION,
    probes: resolveProbeConfig(config.probes, options.probes ?? {}, { timeoutMs, startupTimeoutMs }),
    allowOrigins: [...(options.allowOrigins ?? []), ...(config.allowOrigins ?? [])],
    source: {
      enabled: !options.noSource && config.source?.enabled !== false,
      cache: !options.noCache && config.source?.cache !== false,
      project:
        options.project !== undefined
          ? { path: resolve(options.cwd, options.project), from: '--project' }
          : config.source?.project !== undefined
            ? { path: resolve(configDir, config.source.project), from: 'config source.project' }
            : null,
    },
    packed: packedMode(options, target),
    jobs: options.jobs ?? 1,
    shard: options.shard ?? null,
    saveCapture: options.saveCapture || null,
    format: options.format ?? 'text',
    output: options.output || null,
    reports: options.reports ?? [],
    color: options.color ?? null,
    quiet: options.quiet === true,
    fold: options.fold !== false,
    sarifCategory: options.sarifCategory || null,
    sarifAnchor: options.sarifAnchor || null,
    failOn: options.failOn ?? 'error',
    maxWarnings: options.maxWarnings ?? null,
    minScore: options.minScore ?? null,
    failOnSkipped: options.failOnSkipped ?? config.failOnSkipped ?? false,
    strictBaseline: options.strictBaseline === true,
    baseline: options.baseline
      ? { file: options.baseline, from: '--baseline', update: options.updateBaseline === true }
      : options.updateBaseline
        ? { file: DEFAULT_BASELINE_FILE, from: 'default', update: true }
        : null,
    ignore: config.ignore ?? [],
    extends: config.extends ?? 'recommended',
    rules: configuredRules(config, parseRuleFlags(options.ruleFlags ?? [])),
    fix:
      options.fix || options.unsafeFixes || (options.fixBuild && !options.watch)
        ? { mode: options.fix ?? 'fix', unsafe: options.unsafeFixes === true, build: options.fixBuild || null }
        : null,
    watch: options.watch ? { build: options.fixBuild || null } : null,
    showFixes: options.showFixes === true,
  };
  // A copy: freezing must not freeze the caller's options or the loaded config.
  return deepFreeze(structuredClone(run));
}

/** --packed's mode: asked for, or for a manifest unless --no-packed; a saved capture keeps what its run checked. */
function packedMode(options: RunOptions, target: RunTarget | null): PackedMode | null {
  if (options.packed === false || target?.kind === 'capture-file') return null;
  return options.packed ?? (target?.kind === 'manifest' ? 'files' : null);
}

/**
 * A resolved target, then `--from`, `--manifest`, `--config-file`, `--url`, `-- command`, the
 * config's `target`, a published manifest in the working directory, package.json `bin`.
 */
function runTarget(options: RunOptions, loaded: LoadedConfig): RunTarget | null {
  if (options.target) return { kind: 'server', foundBy: 'target option', server: options.target };
  if (options.from) return { kind: 'capture-file', foundBy: '--from', file: options.from };
  if (options.manifest) return { kind: 'manifest', foundBy: '--manifest', file: options.manifest };
  if (options.clientConfigFile) {
    return { kind: 'client-config', foundBy: '--config-file', file: options.clientConfigFile, serverName: options.server ?? null };
  }
  if (options.url) {
    const server: ResolvedTarget = {
      kind: 'http',
      url: options.url,
      ...(options.headers ? { headers: options.headers } : {}),
      transport: options.transport ?? 'auto',
    };
    return { kind: 'server', foundBy: '--url', server };
  }
  if (options.command && options.command.length > 0) {
    const [command, ...args] = options.command as [string, ...string[]];
    return { kind: 'server', foundBy: 'command after --', server: { command, args } };
  }
  const configured = loaded.config.target;
  if (configured) {
    const server: ResolvedTarget = {
      command: configured.command,
      args: [...(configured.args ?? [])],
      cwd: resolve(loaded.file ? dirname(loaded.file) : options.cwd, configured.cwd ?? '.'),
      ...(configured.env ? { env: { ...configured.env } } : {}),
      ...(loaded.file ? { declaredIn: { file: loaded.file, line: loaded.targetLine ?? 1 } } : {}),
    };
    return { kind: 'server', foundBy: 'config target', server };
  }
  const published = publishedManifest(options.cwd);
  if (published) return { kind: 'manifest', foundBy: 'manifest in this directory', file: published };
  const bin = packageBin(options.cwd);
  if (!bin) return null;
  const server: ResolvedTarget = {
    command: process.execPath,
    args: [bin],
    declaredIn: { file: resolve(options.cwd, 'package.json'), line: 1 },
  };
  return { kind: 'server', foundBy: 'package.json bin', server };
}

/** The one `bin` of package.json in `cwd`, as an absolute path. */
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
