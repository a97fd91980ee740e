/** The default command: lint one target (or each server of a client config), write the outputs, decide the exit code. */
import { resolve } from 'node:path';
import { DEFAULT_BASELINE_FILE } from '../report/baseline-file.js';
import { ruleTimingEnabled, ruleTimingTable } from '../engine/rule-timing.js';
import type { Rule } from '../engine/rule.js';
import { colorSupported } from './color.js';
import { EXIT } from './exit-codes.js';
import { finishOptionsOf, lintOptionsOf } from './option-table.js';
import type { CliArgs } from './options.js';
import { prepareOutputPaths, type OutputPath } from './output-paths.js';
import { planCommand } from './plan-command.js';
import { checkTarget } from './target-checks.js';
import { UsageError } from './usage-error.js';
import { inertLine } from '../shared/inert.js';

export async function lintCommand(args: CliArgs, command: readonly string[]): Promise<number> {
  // Loaded by lint() right after it launches the server, so the two overlap (import() caches the module).
  const rules = (): Promise<readonly Rule[]> => import('../../rules/index.js').then((m) => m.rules);
  if (args['print-config']) {
    const { printConfig } = await import('./print-config.js');
    const { failOnSkipped } = finishOptionsOf(args);
    const options = { cwd: process.cwd(), rules, command: [...command], ...lintOptionsOf(args, 'lint') };
    process.stdout.write(await printConfig(options, failOnSkipped !== undefined ? { failOnSkipped } : {}));
    return EXIT.ok;
  }
  checkTarget(args, command);
  const options = { command: [...command], ...lintOptionsOf(args, 'lint') };
  if (args['dry-run']) return planCommand(options, args.format === 'json' ? 'json' : 'text');
  const finishing = { format: args.format ?? 'text', ...finishOptionsOf(args) };
  const cwd = process.cwd();
  const outputs: OutputPath[] = [
    ...(finishing.output ? [{ label: `--output ${finishing.output}`, file: finishing.output }] : []),
    ...(finishing.reports ?? []).map((r) => ({ label: `--report ${r.format}=${r.file}`, file: r.file })),
    ...(options.saveCapture ? [{ label: `--save-capture ${options.saveCapture}`, file: options.saveCapture }] : []),
    ...(finishing.updateBaseline ? [baselineOutput(finishing.baseline)] : []),
  ];
  prepareOutputPaths(cwd, outputs);
  if (finishing.sarifAnchor) await checkSarifAnchor(cwd, finishing.sarifAnchor, options.project);

  const [{ lint }, { finishLint }, { activityText, startProgress }, { liveProgress }] = await Promise.all([
    import('../session/lint.js'),
    import('./finish.js'),
    import('./progress.js'),
    import('../connect/reaper.js'),
  ]);
  const progress = startProgress(progressText(args, command), {
    enabled: !args.quiet && process.stderr.isTTY === true,
    detail: () => activityText(liveProgress()),
  });
  const { report, configFile, config } = await lint({ cwd, rules, ...options })
    .then((outcome) => {
      for (const skipped of outcome.skippedServers ?? []) {
        process.stderr.write(inertLine(`mcplint: skipped server "${skipped.name}" of ${args['config-file']}: ${skipped.reason}`) + '\n');
      }
      return outcome;
    })
    .finally(() => progress.stop());
  // Baseline, output (stdout or --output, plus --report files), then the exit decision: src/cli/finish.ts.
  const supported = colorSupported(process.env, process.stdout, process.platform);
  const sarifInputs = { ...(configFile ? { configFile } : {}), ...(options.project ? { project: options.project } : {}) };
  // --fail-on-skipped / --no-fail-on-skipped win over the config's failOnSkipped.
  const failOnSkipped = finishing.failOnSkipped ?? config.failOnSkipped === true;
  const failed = await finishLint(report, await rules(), { cwd, colorSupported: supported, ...sarifInputs, ...finishing, failOnSkipped });
  if (ruleTimingEnabled()) process.stderr.write(ruleTimingTable());
  return failed === 0 ? EXIT.ok : EXIT.findings;
}

/** A --sarif-anchor that GitHub could not show (missing, ignored, outside the repository) is a usage error, before linting. */
async function checkSarifAnchor(cwd: string, file: string, project: string | undefined): Promise<void> {
  const { repositoryFiles } = await import('../locate/repository.js');
  const files = repositoryFiles(cwd, project);
  if (files.uriOf(resolve(cwd, file)) === undefined) {
    throw new UsageError(`--sarif-anchor ${file} is not an existing, non-ignored file of the repository ${files.root}`);
  }
}

/** --update-baseline writes --baseline FILE, or the default file. */
function baselineOutput(file: string | undefined): OutputPath {
  if (file) return { label: `--baseline ${file}`, file };
  return { label: `--update-baseline (writes ${DEFAULT_BASELINE_FILE})`, file: DEFAULT_BASELINE_FILE };
}

function progressText(args: CliArgs, command: readonly string[]): string {
  if (args.from) return `linting the capture ${args.from}`;
  if (args.url) return `linting ${args.url}`;
  if (args['config-file']) return `linting the servers of ${args['config-file']}`;
  return `linting ${command.length > 0 ? command.join(' ') : 'the configured server'}`;
}
