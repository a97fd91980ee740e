/**
 * One lint run, as a library function: resolve the target, capture it (or read a saved capture),
 * run the rules, locate findings, build the report. The CLI adds argument parsing, formatting,
 * files and exit codes on top.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { CAPTURE_VERSION, type Capture, type DeclaredIn, type TargetDescription } from './capture.js';
import type { ResolvedTarget } from './connect/capture-target.js';
import type { HttpTransportChoice } from './connect/http.js';
import { ConfigError, parseRuleFlags, resolveSettings, type McplintConfig } from './engine/config.js';
import { loadConfig } from './engine/load-config.js';
import type { Rule } from './engine/rule.js';
import { runRules } from './engine/run.js';
import type { ProbeFlags } from './probes/types.js';
import { buildServerReport, type LintReport } from './report.js';
import { entryScript, findAnchors, projectRoot } from './source/anchors.js';
import type { SourceIndex } from './source/types.js';
import { deepFreeze } from './util/freeze.js';
import { redactCapture } from './util/redact.js';
import { VERSION } from './version.js';

export interface LintOptions {
  readonly cwd: string;
  /**
   * The rules, or a function that loads them: the CLI passes the import, which lint() starts
   * right after launching the server, so loading the rules overlaps the server's start-up (they
   * are loaded before the launch only when a config file or --rule flags need checking).
   */
  readonly rules: readonly Rule[] | (() => Promise<readonly Rule[]>);
  /** Command and arguments after `--`. */
  readonly command?: readonly string[];
  /** Lint a saved capture instead of launching anything. */
  readonly from?: string;
  readonly configFile?: string;
  /** Skip looking for a config file (tests, --no-config). */
  readonly noConfig?: boolean;
  readonly ruleFlags?: readonly string[];
  readonly timeoutMs?: number;
  readonly saveCapture?: string;
  /** Project directory for source mapping (default: config source.project, else the launched script's package). */
  readonly project?: string;
  /** Turn source mapping off (never loads the TypeScript compiler). */
  readonly noSource?: boolean;
  /** --no-cache: build the source index afresh, without reading or writing its on-disk cache. */
  readonly noCache?: boolean;
  /**
   * Source indexes built in this run, by project root and entry: the servers of one client config
   * that share a project index it once (lintClientConfig passes one map to all of them).
   */
  readonly sourceIndexes?: Map<string, Promise<SourceIndex>>;
  /** --url: a Streamable HTTP (or legacy HTTP+SSE) server. */
  readonly url?: string;
  /** --header values for --url, by name (secrets: sent, never printed or saved). */
  readonly headers?: Readonly<Record<string, string>>;
  /** --transport: auto (Streamable HTTP, falling back to HTTP+SSE), http, sse. */
  readonly transport?: HttpTransportChoice;
  /** --protocol: the protocol version to ask for (2026-07-28 uses server/discover). */
  readonly protocol?: string;
  /** --config-file: a client config (Claude, Cursor, VS Code, Gemini, Windsurf); lints every server, or --server. */
  readonly clientConfigFile?: string;
  /** --server: the one server of the client config to lint. */
  readonly server?: string;
  /** --jobs: servers linted in parallel. */
  readonly jobs?: number;
  /** An already resolved target (one server of a client config); wins over everything else. */
  readonly target?: ResolvedTarget;
  /** --no-probes / --no-protocol-probes (win over the config's `probes` section). */
  readonly probes?: ProbeFlags;
}

export interface LintOutcome {
  readonly report: LintReport;
  readonly captures: readonly Capture[];
  /** --config-file: servers of the file that could not be linted, and why. */
  readonly skippedServers?: readonly { readonly name: string; readonly reason: string }[];
}

export async function lint(options: LintOptions): Promise<LintOutcome> {
  if (options.clientConfigFile && !options.target && !options.from) {
    const { lintClientConfig } = await import('./lint-many.js');
    return lintClientConfig({ ...options, rules: await loadRules(options.rules)() });
  }
  const rulesReady = loadRules(options.rules);
  const loaded = options.noConfig ? { config: {} as McplintConfig } : await loadConfig(options.cwd, options.configFile, rulesReady);
  const config = loaded.config;
  // A --rule flag naming no rule is a usage error, found before anything is launched.
  const ruleFlags = options.ruleFlags ?? [];
  const flagged = ruleFlags.length > 0 ? parseRuleFlags(ruleFlags, await rulesReady()) : undefined;

  let capture: Capture;
  let secrets: string[] = [];
  let declaredIn: { path: string; line: number } | undefined;
  let sourceEarly: Promise<{ source?: SourceIndex; note?: string }> | undefined;
  if (options.from) {
    capture = readCapture(resolve(options.cwd, options.from));
  } else {
    // Connecting and probing are loaded only here: a --from run never needs them.
    const [{ DEFAULT_CAPTURE_OPTIONS }, { captureTarget, targetSecrets }, { isModernVersion }, { probeHook, resolveProbeConfig }] = await Promise.all([
      import('./connect/capture-session.js'),
      import('./connect/capture-target.js'),
      import('./connect/discover.js'),
      import('./probes/index.js'),
    ]);
    const timeoutMs = options.timeoutMs ?? config.timeout ?? DEFAULT_CAPTURE_OPTIONS.timeoutMs;
    const target = resolveTarget(options, config, loaded.file, loaded.targetLine);
    declaredIn = target.declaredIn ? { path: target.declaredIn.file, line: target.declaredIn.line } : undefined;
    secrets = targetSecrets(target);
    const startupTimeoutMs = Math.max(timeoutMs, DEFAULT_CAPTURE_OPTIONS.startupTimeoutMs);
    const probeConfig = resolveProbeConfig(config.probes, options.probes ?? {}, { timeoutMs, startupTimeoutMs });
    const capturing = captureTarget(target, {
      ...DEFAULT_CAPTURE_OPTIONS,
      timeoutMs,
      startupTimeoutMs,
      ...(options.protocol ? { protocolVersion: options.protocol } : {}),
      probes: probeHook(probeConfig),
      // Version negotiation needs a second server process: start it beside the first (2026-07-28 has no initialize).
      startFreshEarly: probeConfig.protocol && !(options.protocol && isModernVersion(options.protocol)),
      // --no-protocol-probes (or config probes.protocol: false) also turns the HTTP probes off.
      httpProbes: probeConfig.protocol,
    });
    // The server is launched: what mcplint still has to load (rules, the source index in a
    // worker thread) now overlaps its start-up instead of delaying it.
    sourceEarly = sourceIndexFor(describeForSource(target), options, config, loaded.file);
    sourceEarly.catch(() => undefined); // awaited below; a capture failure must not leave it unhandled
    rulesReady().catch(() => undefined);
    capture = await capturing;
  }
  capture = redactCapture(capture, secrets);
  if (options.saveCapture) writeFileSync(resolve(options.cwd, options.saveCapture), JSON.stringify(capture) + '\n');

  const rules = await rulesReady();
  const settings = resolveSettings(rules, config, flagged ?? parseRuleFlags([], rules));
  const mapped = await (sourceEarly ?? sourceIndexFor(capture.target, options, config, loaded.file));
  const source = mapped.source;
  if (mapped.note) capture = deepFreeze({ ...capture, notes: [...capture.notes, mapped.note] });
  const result = runRules(capture, {
    rules,
    settings,
    ...(config.ignore ? { ignore: config.ignore } : {}),
    ...(source ? { source } : {}),
  });
  const anchors = {
    ...findAnchors(capture.target, {
      cwd: options.cwd,
      ...(declaredIn ? { configFile: declaredIn } : {}),
      ...(options.from ? { captureFile: options.from } : {}),
    }),
    ...(source ? { source, sourcePrefix: relative(options.cwd, source.root).split(sep).join('/') } : {}),
  };
  return {
    report: { tool: { name: 'mcplint', version: VERSION }, servers: [buildServerReport(capture, result, anchors, rules)] },
    captures: [capture],
  };
}

/** Rules given, or loaded once on first need. */
function loadRules(rules: LintOptions['rules']): () => Promise<readonly Rule[]> {
  let loading: Promise<readonly Rule[]> | undefined;
  return () => (loading ??= typeof rules === 'function' ? rules() : Promise.resolve(rules));
}

/**
 * The source index of the server's project, or nothing: source mapping off (--no-source, config
 * source.enabled false), no project found, or nothing indexable in it (e.g. a Python server).
 * The indexer (and with it the TypeScript compiler) is imported only here, only when needed.
 */
async function sourceIndexFor(
  target: TargetDescription,
  options: LintOptions,
  config: McplintConfig,
  configFile: string | undefined,
): Promise<{ source?: SourceIndex; note?: string }> {
  if (options.noSource || config.source?.enabled === false) return {};
  const entry = entryScript(target, options.cwd);
  let root: string | undefined;
  if (options.project !== undefined) root = resolve(options.cwd, options.project);
  else if (config.source?.project !== undefined) root = resolve(configFile ? dirname(configFile) : options.cwd, config.source.project);
  // An installed package (under node_modules) is not the user's source: nothing there to fix.
  else if (entry && /\.[cm]?[jt]sx?$/.test(entry) && !entry.split(sep).includes('node_modules')) root = projectRoot(dirname(entry));
  if (!root) return {};
  if (!isDirectory(root)) {
    if (options.project !== undefined || config.source?.project !== undefined) {
      throw new ConfigError(`source project ${root} is not a directory (from ${options.project !== undefined ? '--project' : 'config source.project'})`);
    }
    return {};
  }
  try {
    const cache = !options.noCache && config.source?.cache !== false;
    const memoKey = JSON.stringify([root, entry ?? null, cache]);
    let building = options.sourceIndexes?.get(memoKey);
    if (!building) {
      const indexOptions = { ...(entry ? { entry } : {}), cache };
      const inWorker = () => import('./source/in-worker.js').then(({ buildSourceIndexInWorker }) => buildSourceIndexInWorker(root, indexOptions));
      // A cache hit needs no compiler, so no worker thread either; a miss (or a failed look) builds in one.
      const hit = cache
        ? import('./source/index.js').then(({ cachedSourceIndex }) => cachedSourceIndex(root, indexOptions)).catch(() => undefined)
        : Promise.resolve(undefined);
      // Into the map before any await, so a server starting meanwhile waits for this build.
      building = hit.then((index) => index ?? inWorker());
      options.sourceIndexes?.set(memoKey, building);
    }
    const source = await building;
    return source.filesIndexed > 0 ? { source } : {};
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { note: `source mapping failed (${reason}); findings are located at the entry file instead` };
  }
}

/** What entryScript() needs of a target before it has been captured. */
function describeForSource(target: ResolvedTarget): TargetDescription {
  if (target.kind === 'http') return { kind: 'http', url: target.url, headerNames: [] };
  return { kind: 'stdio', command: target.command, args: [...target.args], ...(target.cwd ? { cwd: target.cwd } : {}), envNames: [] };
}

function isDirectory(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The server to lint: a resolved target, `--url`, `-- command`, else config `target`, else package.json `bin`. */
export function resolveTarget(options: LintOptions, config: McplintConfig, configFile?: string, targetLine?: number): ResolvedTarget {
  if (options.target) return options.target;
  if (options.url) {
    return { kind: 'http', url: options.url, ...(options.headers ? { headers: options.headers } : {}), transport: options.transport ?? 'auto' };
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
  try {
    const pkg = JSON.parse(readFileSync(resolve(cwd, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> };
    const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin && Object.values(pkg.bin).length === 1 ? Object.values(pkg.bin)[0] : undefined;
    return bin ? resolve(cwd, bin) : undefined;
  } catch {
    return undefined;
  }
}

/** Read a saved capture; a clear ConfigError for anything that is not one. */
export function readCapture(path: string): Capture {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`--from ${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError(`--from ${path}: not JSON, so not an mcplint capture`);
  }
  const v = value as Partial<Capture>;
  if (typeof v !== 'object' || v === null || v.captureVersion === undefined) throw new ConfigError(`--from ${path}: not an mcplint capture (no captureVersion)`);
  if (v.captureVersion !== CAPTURE_VERSION) {
    throw new ConfigError(`--from ${path}: capture version ${String(v.captureVersion)} is not supported by mcplint ${VERSION} (expects ${CAPTURE_VERSION})`);
  }
  if (!v.handshake || !v.lists || !Array.isArray(v.frames) || !v.target) throw new ConfigError(`--from ${path}: incomplete capture (missing handshake, lists, frames or target)`);
  return deepFreeze({ ...v, probes: v.probes ?? {}, notes: v.notes ?? [] } as Capture);
}
