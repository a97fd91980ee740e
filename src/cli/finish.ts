/**
 * The end of a lint run in the CLI, after the report is built: apply the baseline, render the
 * main format (stdout or --output) and every extra --report FORMAT=FILE (files first, stdout last),
 * then decide the exit code (src/report/gate.ts) and say why on stderr. Progress never reaches any
 * of these outputs. The flags were parsed and checked once, before linting (src/cli/options.ts),
 * and every output path prepared.
 */
import { resolve } from 'node:path';
import { baselineReport } from '../report/baseline-file.js';
import type { RepositoryPlaces } from '../locate/repository-places.js';
import type { Rule } from '../engine/rule.js';
import { formatters } from '../report/formatters/index.js';
import { gate, quietView, type FailOn } from '../report/gate.js';
import type { LintReport } from '../report/report.js';
import type { ExtraReport, FormatName } from './report-flags.js';
import { inertLine } from '../shared/inert.js';
import { writeOutputFile } from '../shared/output-file.js';
import { UsageError } from './usage-error.js';

export type { ExtraReport, FormatName };

export interface FinishOptions {
  readonly cwd: string;
  readonly format: FormatName;
  readonly output?: string;
  /** Extra outputs (`--report FORMAT=FILE`, parsed by src/cli/report-flags.ts). */
  readonly reports?: readonly ExtraReport[];
  /** undefined: auto (colours only on stdout when supported). */
  readonly color?: boolean;
  readonly colorSupported: boolean;
  readonly sarifCategory?: string;
  /** --sarif-anchor FILE (checked to exist before linting). */
  readonly sarifAnchor?: string;
  /** --project: the repository root for SARIF when the working directory is not in a git work tree. */
  readonly project?: string;
  /** The run's mcplint config file: a SARIF stand-in for targets that are not repository files. */
  readonly configFile?: { readonly path: string; readonly line?: number };
  readonly quiet?: boolean;
  /** false: --no-fold / --verbose (text prints every finding). */
  readonly fold?: boolean;
  readonly baseline?: string;
  readonly updateBaseline?: boolean;
  readonly strictBaseline?: boolean;
  readonly failOn?: FailOn;
  readonly maxWarnings?: number;
  readonly minScore?: number;
  readonly failOnSkipped?: boolean;
  /** --shard: the report is one shard of the run (what a too-large SARIF file is told to do differs). */
  readonly sharded?: boolean;
}

/** The formats whose paths are repository files (src/report/formatters/places.ts). */
const PATH_FORMATS: ReadonlySet<FormatName> = new Set(['sarif', 'github', 'gitlab', 'junit', 'markdown']);

function wantsPlaces(options: FinishOptions): boolean {
  return PATH_FORMATS.has(options.format) || (options.reports ?? []).some((r) => PATH_FORMATS.has(r.format));
}

async function repositoryPlacesOf(options: FinishOptions): Promise<RepositoryPlaces> {
  const { repositoryPlaces } = await import('../locate/repository-places.js');
  return repositoryPlaces({
    cwd: options.cwd,
    ...(options.project ? { project: options.project } : {}),
    ...(options.configFile ? { configFile: options.configFile } : {}),
    ...(options.sarifAnchor ? { anchorFile: options.sarifAnchor } : {}),
  });
}

/** Render, write, gate. Returns the exit code: 0 or 1; a usage error (exit 2) when the report cannot be written as asked. */
export async function finishLint(built: LintReport, rules: readonly Rule[], options: FinishOptions): Promise<number> {
  // Refused before anything is written: a SARIF file GitHub would reject, or one cut short, helps no one.
  if (options.format === 'sarif' || (options.reports ?? []).some((r) => r.format === 'sarif')) {
    const tooMany = (await import('../report/formatters/sarif.js')).sarifRunLimit(built.servers.length, options.sharded === true);
    if (tooMany) throw new UsageError(tooMany);
  }
  const report = baselineReport(built, {
    cwd: options.cwd,
    ...(options.baseline ? { file: options.baseline } : {}),
    ...(options.updateBaseline ? { update: true } : {}),
  });
  // --quiet: text counts what it leaves out, so it gets the whole report; other formats get the errors only.
  const shown = options.quiet && options.format !== 'text' ? quietView(report) : report;
  const places = wantsPlaces(options) ? await repositoryPlacesOf(options) : undefined;
  // Decided before rendering, so every summary names what fails the run (the exit code follows it).
  const result = gate(report, {
    ...(options.failOn ? { failOn: options.failOn } : {}),
    ...(options.maxWarnings !== undefined ? { maxWarnings: options.maxWarnings } : {}),
    ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
    ...(options.strictBaseline ? { strictBaseline: true } : {}),
    ...(options.failOnSkipped ? { failOnSkipped: true } : {}),
  });
  const context = (color: boolean) => ({
    rules,
    color,
    gate: result,
    ...(options.sarifCategory ? { sarifCategory: options.sarifCategory } : {}),
    ...(options.failOn ? { failOn: options.failOn } : {}),
    ...(places ? { repositoryPlaces: places } : {}),
    ...(options.fold === false ? { fold: false } : {}),
  });

  // Long messages wrap only on a terminal of known width; pipes, files and CI logs get one line per finding.
  const width = !options.output && process.stdout.isTTY === true && process.stdout.columns > 0 ? process.stdout.columns : undefined;
  const mainContext = {
    ...context(options.color ?? (options.output ? false : options.colorSupported)),
    ...(options.quiet ? { quiet: true } : {}),
    ...(width !== undefined ? { width } : {}),
  };
  const main = (await formatters[options.format]())(shown, mainContext);
  // Every file is written before anything reaches stdout, and stdout holds the main report only
  // once every file is in place: a write that fails (a full disk, a link swapped in during the run)
  // ends the run with one line and exit 2, and no report is printed as if the run had completed.
  // The baseline, which the report is judged against, was written first (baselineReport).
  const files: { label: string; file: string; text: () => Promise<string> }[] = [
    ...(options.output ? [{ label: `--output ${options.output}`, file: options.output, text: async () => main }] : []),
    // Extra files never get colour and always hold the full report (--quiet trims the main output only).
    ...(options.reports ?? []).map((extra) => ({
      label: `--report ${extra.format}=${extra.file}`,
      file: extra.file,
      text: async () => (await formatters[extra.format]())(report, context(false)),
    })),
  ];
  for (const { label, file, text } of files) writeOutputFile(resolve(options.cwd, file), await text(), label, options.cwd);
  if (!options.output) process.stdout.write(main);
  if (report.baseline?.updated) {
    const b = report.baseline;
    if (!options.quiet)
      process.stderr.write(
        `mcplint: wrote ${b.file} (${b.entries} entr${b.entries === 1 ? 'y' : 'ies'}); add a "reason" to each for reviewers.\n`,
      );
  }

  for (const reason of result.reasons) process.stderr.write(`mcplint: ${inertLine(reason)}\n`);
  return result.failed ? 1 : 0;
}
