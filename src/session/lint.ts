/**
 * One lint run, as a library function: which servers (one target, a saved capture, or every
 * server of a client config), each captured (src/session/acquire.ts), then judged together
 * (src/session/judge.ts). The CLI adds argument parsing, formatting, files and exit codes on top.
 */
import type { Capture } from '../model/capture.js';
import type { McplintConfig } from '../config/config.js';
import { acquireServer } from './acquire.js';
import { judgeServers } from './judge.js';
import { mapLimit } from './map-limit.js';
import type { LintOptions } from './options.js';
import { loadRunConfig, type RunConfig } from './run-config.js';
import { serverInputs, type SkippedServer } from './targets.js';
import type { SourceIndex } from '../model/source-index.js';
import type { LintReport } from '../report/report.js';
import { VERSION } from '../shared/version.js';

export type { LintOptions } from './options.js';
export type { SkippedServer } from './targets.js';

export interface LintOutcome {
  readonly report: LintReport;
  readonly captures: readonly Capture[];
  /** Each server's source index (absent: none was built), in the order of the report's servers. */
  readonly sources: readonly (SourceIndex | undefined)[];
  /** --config-file: servers of the file that could not be linted, and why. */
  readonly skippedServers?: readonly SkippedServer[];
  /** The mcplint config file in effect and the line of its `target` (SARIF anchors). */
  readonly configFile?: { readonly path: string; readonly line?: number };
  /** The mcplint config in effect (empty when there is none). */
  readonly config: McplintConfig;
}

export async function lint(options: LintOptions): Promise<LintOutcome> {
  return lintRun(await loadRunConfig(options), options.sourceIndexes);
}

/** Lint what a loaded run names, with its settings (the CLI loads the run first: --print-config prints the same one). */
export async function lintRun(run: RunConfig, sourceIndexes = new Map<string, Promise<SourceIndex>>()): Promise<LintOutcome> {
  const { resolved } = run;
  const { inputs, skippedServers, fromClientConfig, cleanup } = await serverInputs(run);
  const jobs = Math.max(1, Math.min(Math.floor(resolved.jobs), inputs.length));
  const context = { run, mode: 'lint' as const, sourceIndexes, many: inputs.length > 1 };
  let acquired: Awaited<ReturnType<typeof acquireServer>>[];
  let servers: Awaited<ReturnType<typeof judgeServers>>;
  try {
    acquired = await mapLimit(inputs, jobs, (input) => acquireServer(input, context));
    servers = await judgeServers(acquired, {
      cwd: resolved.cwd,
      run,
      labelByName: fromClientConfig,
      sharded: resolved.shard !== null,
    });
  } finally {
    cleanup?.();
  }
  const { configFile } = resolved;
  return {
    // Skipped servers are part of the report: no summary may read "no problems" while some were not linted.
    report: { tool: { name: 'mcplint', version: VERSION }, servers, ...(skippedServers.length > 0 ? { skippedServers } : {}) },
    captures: acquired.map((a) => a.capture),
    sources: acquired.map((a) => a.source),
    ...(fromClientConfig ? { skippedServers } : {}),
    config: run.config,
    ...(configFile ? { configFile: { path: configFile.path, ...(configFile.targetLine ? { line: configFile.targetLine } : {}) } } : {}),
  };
}
