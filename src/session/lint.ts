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
import { loadRunConfig } from './run-config.js';
import { serverInputs, type SkippedServer } from './targets.js';
import type { SourceIndex } from '../model/source-index.js';
import type { LintReport } from '../report/report.js';
import { VERSION } from '../shared/version.js';

export type { LintOptions } from './options.js';
export type { SkippedServer } from './targets.js';

export interface LintOutcome {
  readonly report: LintReport;
  readonly captures: readonly Capture[];
  /** --config-file: servers of the file that could not be linted, and why. */
  readonly skippedServers?: readonly SkippedServer[];
  /** The mcplint config file in effect and the line of its `target` (SARIF anchors). */
  readonly configFile?: { readonly path: string; readonly line?: number };
  /** The mcplint config in effect (empty when there is none). */
  readonly config: McplintConfig;
}

export async function lint(options: LintOptions): Promise<LintOutcome> {
  const run = await loadRunConfig(options);
  const { inputs, skippedServers, fromClientConfig } = await serverInputs(options, run);
  const sourceIndexes = options.sourceIndexes ?? new Map<string, Promise<SourceIndex>>();
  const jobs = Math.max(1, Math.min(Math.floor(options.jobs ?? 1), inputs.length));
  const context = { options, run, mode: 'lint' as const, sourceIndexes, many: inputs.length > 1 };
  const acquired = await mapLimit(inputs, jobs, (input) => acquireServer(input, context));
  const servers = await judgeServers(acquired, {
    cwd: options.cwd,
    run,
    labelByName: fromClientConfig,
    sharded: options.shard !== undefined,
  });
  return {
    // Skipped servers are part of the report: no summary may read "no problems" while some were not linted.
    report: { tool: { name: 'mcplint', version: VERSION }, servers, ...(skippedServers.length > 0 ? { skippedServers } : {}) },
    captures: acquired.map((a) => a.capture),
    ...(fromClientConfig ? { skippedServers } : {}),
    config: run.config,
    ...(run.file ? { configFile: { path: run.file, ...(run.targetLine ? { line: run.targetLine } : {}) } } : {}),
  };
}
