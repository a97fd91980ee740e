/**
 * `mcplint merge a.json b.json …`: the JSON reports of several runs (the shards of a CI matrix)
 * as one report, in any format, with the same outputs and exit decision as a lint.
 */
import { resolve } from 'node:path';
import { loadRunConfig } from '../session/run-config.js';
import { colorSupported } from './color.js';
import { EXIT } from './exit-codes.js';
import { finishingOf } from './finish-options.js';
import { finishOptionsOf, lintOptionsOf } from './option-table.js';
import type { CliArgs } from './options.js';
import { prepareOutputPaths } from './output-paths.js';

export async function mergeCommand(files: readonly string[], args: CliArgs): Promise<number> {
  const cwd = process.cwd();
  const [{ rules }, { mergeReports }, { readMergeInputs }, { finishLint }] = await Promise.all([
    import('../../rules/index.js'),
    import('../commands/merge.js'),
    import('../commands/merge-inputs.js'),
    import('./finish.js'),
  ]);
  // The same config as the shards: cross-server rules that they deferred run here at its levels.
  const run = await loadRunConfig({ cwd, rules, ...lintOptionsOf(args, 'merge'), ...finishOptionsOf(args, 'merge') });
  const finishing = finishingOf(run.resolved);
  prepareOutputPaths(cwd, [
    ...(finishing.output ? [{ label: `--output ${finishing.output}`, file: finishing.output }] : []),
    ...(finishing.reports ?? []).map((r) => ({ label: `--report ${r.format}=${r.file}`, file: r.file })),
  ]);
  const documents = readMergeInputs(files.map((file) => ({ label: file, path: resolve(cwd, file) })));
  const report = mergeReports(documents, { rules, settings: await run.settings() });
  const failed = await finishLint(report, rules, {
    cwd,
    colorSupported: colorSupported(process.env, process.stdout, process.platform),
    ...finishing,
  });
  return failed === 0 ? EXIT.ok : EXIT.findings;
}
