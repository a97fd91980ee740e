/**
 * The I/O half of baselines (the pure halves are src/report/baseline.ts and src/report/apply-baseline.ts):
 * read the file named by --baseline, apply it to a report, and with --update-baseline write the
 * baseline that accepts every current finding, keeping the reasons people wrote.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseBaseline, serializeBaseline, type Baseline } from './baseline.js';
import { ConfigError } from '../config/config.js';
import type { LintReport } from './report.js';
import { applyBaseline, updatedBaseline } from './apply-baseline.js';
import { readBoundedText } from '../shared/read-bounded.js';
import { writeOutputFile } from '../shared/output-file.js';

/** Default file for --update-baseline without --baseline. */
export const DEFAULT_BASELINE_FILE = 'mcplint.baseline.json';

export function readBaselineFile(path: string): Baseline {
  let text: string;
  try {
    text = readBoundedText(path, 'baseline', `--baseline ${path}`);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ConfigError(`--baseline ${path}: file not found (create it with --update-baseline)`);
    throw new ConfigError(`--baseline ${path}: cannot read the file (${code ?? String(error)})`);
  }
  try {
    return parseBaseline(text);
  } catch (error) {
    throw new ConfigError(`--baseline ${path}: ${(error as Error).message}`);
  }
}

/**
 * Apply (and with `update`, first rewrite) the baseline. `file` is as the user wrote it, resolved
 * against `cwd`. Returns the report with known findings moved to `baselined`.
 */
export function baselineReport(report: LintReport, options: { cwd: string; file?: string; update?: boolean }): LintReport {
  const file = options.file ?? (options.update ? DEFAULT_BASELINE_FILE : undefined);
  if (!file) return report;
  const path = resolve(options.cwd, file);
  if (options.update) {
    const previous = existsSync(path) ? readBaselineFile(path) : undefined;
    const next = updatedBaseline(report, previous);
    const label = options.file ? `--baseline ${options.file}` : `--update-baseline (writes ${DEFAULT_BASELINE_FILE})`;
    writeOutputFile(path, serializeBaseline(next), label, options.cwd);
    const applied = applyBaseline(report, next, file);
    return { ...applied, baseline: { ...applied.baseline!, updated: true } };
  }
  return applyBaseline(report, readBaselineFile(path), file);
}
