/** The default command: lint one target (or each server of a client config), write the outputs, decide the exit code. */
import { resolve } from 'node:path';
import { ruleTimingEnabled, ruleTimingTable } from '../engine/rule-timing.js';
import type { Rule } from '../engine/rule.js';
import type { RunOptions } from '../session/options.js';
import type { ResolvedRun } from '../session/resolve-run.js';
import { colorSupported } from './color.js';
import { EXIT } from './exit-codes.js';
import { finishingOf } from './finish-options.js';
import { finishOptionsOf, lintOptionsOf } from './option-table.js';
import type { CliArgs } from './options.js';
import { prepareOutputPaths, type OutputPath } from './output-paths.js';
import { printPlan } from './plan-command.js';
import { checkTarget } from './target-checks.js';
import { UsageError } from './usage-error.js';
import { inertLine } from '../shared/inert.js';

export async function lintCommand(args: CliArgs, command: readonly string[]): Promise<number> {
  // Loaded by lint right after it launches the server, so the two overlap (import() caches the module).
  const rules = (): Promise<readonly Rule[]> => import('../../rules/index.js').then((m) => m.rules);
  const cwd = process.cwd();
  const options: RunOptions = { cwd, rules, command: [...command], ...lintOptionsOf(args, 'lint'), ...finishOptionsOf(args) };
  if (args['print-config']) {
    const [{ loadRunConfig }, { printConfig }] = await Promise.all([import('../session/run-config.js'), import('./print-config.js')]);
    process.stdout.write(await printConfig(await loadRunConfig(options)));
    return EXIT.ok;
  }
  checkTarget(args, command);
  const { loadRunConfig } = await import('../session/run-config.js');
  const run = await loadRunConfig(options);
  const { resolved } = run;
  if (args['dry-run']) return printPlan(run, resolved.format === 'json' ? 'json' : 'text');
  if (resolved.fix && resolved.target?.kind === 'capture-file')
    throw new UsageError('--fix and --diff need a server to launch again, not a saved capture (--from)');
  if (resolved.fix && resolved.target?.kind === 'manifest' && /\.mcpb$/i.test(resolved.target.file))
    throw new UsageError(
      "--fix and --diff edit the project's files, not a .mcpb archive unpacked for the run: give the bundle folder's manifest.json",
    );
  if (resolved.watch) {
    const { checkWatch, watchCommand } = await import('./watch-command.js');
    checkWatch(resolved);
    return watchCommand({ options, run, rules, colorSupported: colorSupported(process.env, process.stdout, process.platform) });
  }
  const outputs: OutputPath[] = [
    ...(resolved.output ? [{ label: `--output ${resolved.output}`, file: resolved.output }] : []),
    ...resolved.reports.map((r) => ({ label: `--report ${r.format}=${r.file}`, file: r.file })),
    ...(resolved.saveCapture ? [{ label: `--save-capture ${resolved.saveCapture}`, file: resolved.saveCapture }] : []),
    ...(resolved.baseline?.update ? [baselineOutput(resolved.baseline)] : []),
  ];
  prepareOutputPaths(cwd, outputs);
  const finishing = finishingOf(resolved);
  if (finishing.sarifAnchor) await checkSarifAnchor(cwd, finishing.sarifAnchor, finishing.project);

  const [{ lintRun }, { finishLint }, { activityText, lintingText, startProgress }, { liveProgress }] = await Promise.all([
    import('../session/lint.js'),
    import('./finish.js'),
    import('./progress.js'),
    import('../connect/reaper.js'),
  ]);
  const progress = startProgress(await lintingText(resolved.target, command), {
    enabled: !resolved.quiet && process.stderr.isTTY === true,
    detail: () => activityText(liveProgress()),
  });
  if (resolved.fix) {
    const { fixRun } = await import('../session/fix-run.js');
    const fixed = await fixRun(run, await rules()).finally(() => progress.stop());
    if (fixed.patch !== undefined) {
      process.stdout.write(fixed.patch);
      for (const line of fixed.lines) process.stderr.write(`${inertLine(line)}\n`);
      return EXIT.ok;
    }
    const supported = colorSupported(process.env, process.stdout, process.platform);
    const declared = resolved.configFile;
    const configFile = declared ? { path: declared.path, ...(declared.targetLine ? { line: declared.targetLine } : {}) } : undefined;
    const failed = await finishLint(fixed.report, await rules(), {
      cwd,
      colorSupported: supported,
      ...(configFile ? { configFile } : {}),
      ...finishing,
    });
    for (const line of fixed.lines) process.stderr.write(`${inertLine(line)}\n`);
    if (fixed.rolledBack) return EXIT.fixRolledBack;
    return failed === 0 ? EXIT.ok : EXIT.findings;
  }
  const outcome = await lintRun(run)
    .then((outcome) => {
      for (const skipped of outcome.skippedServers ?? []) {
        process.stderr.write(inertLine(`mcplint: skipped server "${skipped.name}" of ${args['config-file']}: ${skipped.reason}`) + '\n');
      }
      return outcome;
    })
    .finally(() => progress.stop());
  // --show-fixes: each finding's fix with its edits (JSON, SARIF), which loads the parsers a warm run otherwise spares.
  const { report, configFile } = resolved.showFixes
    ? { ...outcome, report: (await (await import('../session/fixes.js')).planRunFixes(outcome, await rules(), cwd)).report }
    : outcome;
  // Baseline, output (stdout or --output, plus --report files), then the exit decision: src/cli/finish.ts.
  const supported = colorSupported(process.env, process.stdout, process.platform);
  const failed = await finishLint(report, await rules(), {
    cwd,
    colorSupported: supported,
    ...(configFile ? { configFile } : {}),
    ...finishing,
  });
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
function baselineOutput(baseline: NonNullable<ResolvedRun['baseline']>): OutputPath {
  if (baseline.from === '--baseline') return { label: `--baseline ${baseline.file}`, file: baseline.file };
  return { label: `--update-baseline (writes ${baseline.file})`, file: baseline.file };
}
