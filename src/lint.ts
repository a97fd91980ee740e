/**
 * One lint run, as a library function: resolve the target, capture it (or read a saved capture),
 * run the rules, locate findings, build the report. The CLI adds argument parsing, formatting,
 * files and exit codes on top.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CAPTURE_VERSION, type Capture, type DeclaredIn } from './capture.js';
import { captureStdio, DEFAULT_CAPTURE_OPTIONS } from './connect/capture-session.js';
import { ConfigError, parseRuleFlags, resolveSettings, type McplintConfig } from './engine/config.js';
import { loadConfig } from './engine/load-config.js';
import type { Rule } from './engine/rule.js';
import { runRules } from './engine/run.js';
import { buildServerReport, type LintReport } from './report.js';
import { findAnchors } from './source/anchors.js';
import { deepFreeze } from './util/freeze.js';
import { redactCapture } from './util/redact.js';
import { VERSION } from './version.js';

export interface LintOptions {
  readonly cwd: string;
  readonly rules: readonly Rule[];
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
}

export interface LintOutcome {
  readonly report: LintReport;
  readonly captures: readonly Capture[];
}

export async function lint(options: LintOptions): Promise<LintOutcome> {
  const loaded = options.noConfig ? { config: {} as McplintConfig } : await loadConfig(options.cwd, options.configFile, options.rules);
  const config = loaded.config;
  const settings = resolveSettings(options.rules, config, parseRuleFlags(options.ruleFlags ?? [], options.rules));
  const timeoutMs = options.timeoutMs ?? config.timeout ?? DEFAULT_CAPTURE_OPTIONS.timeoutMs;

  let capture: Capture;
  let secrets: string[] = [];
  let declaredIn: { path: string; line: number } | undefined;
  if (options.from) {
    capture = readCapture(resolve(options.cwd, options.from));
  } else {
    const target = resolveTarget(options, config, loaded.file, loaded.targetLine);
    declaredIn = target.declaredIn ? { path: target.declaredIn.file, line: target.declaredIn.line } : undefined;
    secrets = Object.values(target.env ?? {});
    capture = await captureStdio(target, {
      ...DEFAULT_CAPTURE_OPTIONS,
      timeoutMs,
      startupTimeoutMs: Math.max(timeoutMs, DEFAULT_CAPTURE_OPTIONS.startupTimeoutMs),
    });
  }
  capture = redactCapture(capture, secrets);
  if (options.saveCapture) writeFileSync(resolve(options.cwd, options.saveCapture), JSON.stringify(capture) + '\n');

  const result = runRules(capture, { rules: options.rules, settings, ...(config.ignore ? { ignore: config.ignore } : {}) });
  const anchors = findAnchors(capture.target, {
    cwd: options.cwd,
    ...(declaredIn ? { configFile: declaredIn } : {}),
    ...(options.from ? { captureFile: options.from } : {}),
  });
  return {
    report: { tool: { name: 'mcplint', version: VERSION }, servers: [buildServerReport(capture, result, anchors, options.rules)] },
    captures: [capture],
  };
}

interface ResolvedStdioTarget {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
  declaredIn?: DeclaredIn;
}

/** The server to launch: `-- command`, else config `target`, else package.json `bin`. */
export function resolveTarget(options: LintOptions, config: McplintConfig, configFile?: string, targetLine?: number): ResolvedStdioTarget {
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
