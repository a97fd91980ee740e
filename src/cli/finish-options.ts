/**
 * The settings of a run (src/session/resolve-run.ts) as the end of it (src/cli/finish.ts) takes
 * them. Its own module, importing only types: the lint command needs it before the run starts,
 * and finish.ts loads only once the run is over.
 */
import type { ResolvedRun } from '../session/resolve-run.js';
import type { FinishOptions } from './finish.js';

/** The outputs and fail conditions of the run. */
export function finishingOf(run: ResolvedRun): Omit<FinishOptions, 'cwd' | 'colorSupported' | 'configFile'> {
  return {
    format: run.format,
    ...(run.output ? { output: run.output } : {}),
    reports: run.reports,
    ...(run.color !== null ? { color: run.color } : {}),
    ...(run.sarifCategory ? { sarifCategory: run.sarifCategory } : {}),
    ...(run.sarifAnchor ? { sarifAnchor: run.sarifAnchor } : {}),
    // SARIF's repository root falls back to --project only, not to the config's source.project.
    ...(run.source.project?.from === '--project' ? { project: run.source.project.path } : {}),
    quiet: run.quiet,
    fold: run.fold,
    ...(run.baseline ? { baseline: run.baseline.file, updateBaseline: run.baseline.update } : {}),
    strictBaseline: run.strictBaseline,
    failOn: run.failOn,
    ...(run.maxWarnings !== null ? { maxWarnings: run.maxWarnings } : {}),
    ...(run.minScore !== null ? { minScore: run.minScore } : {}),
    failOnSkipped: run.failOnSkipped,
    ...(run.shard ? { sharded: true } : {}),
  };
}
