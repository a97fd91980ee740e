/**
 * `mcplint --fix` and `--diff`: lint, plan each fixable finding's fix (fixes.ts), and then either
 * print the patch (--diff, nothing written) or write the files and prove the fixes. The proof
 * launches the server again exactly as the run launched it (the same RunConfig) and lints it
 * through the same judge: every finding a fix claimed must be gone, no new error may appear and
 * the server must start and answer. When it does not, every file is written back as it was read,
 * and each rule's fixes are tried alone to say which broke it.
 */
import { extname, relative, sep } from 'node:path';
import type { Rule } from '../engine/rule.js';
import type { PlannedFindingFix } from '../fix/plan-fixes.js';
import type { FileChange } from '../fix/select-fixes.js';
import type { LintReport } from '../report/report.js';
import { plural } from '../shared/text.js';
import { planRunFixes, type PlannedRun } from './fixes.js';
import { lintRun, type LintOutcome } from './lint.js';
import type { RunConfig } from './run-config.js';
import { buildFailure } from './run-build.js';

export interface FixRunResult {
  /** The report to print: the lint after fixing when the fixes were proven, else the first lint. */
  readonly report: LintReport;
  /** What happened, one line each, for stderr. */
  readonly lines: readonly string[];
  /** --diff: the patch (empty when there is nothing to fix). */
  readonly patch?: string;
  /** The fixes were written and then rolled back (exit 3). */
  readonly rolledBack: boolean;
  /** How many fixes were written, kept and proven by launching the server again. */
  readonly proven: number;
  /** Files written and kept without that proof: the server runs built files and no build was given. */
  readonly unproven?: readonly string[];
}

type FixModules = {
  select: typeof import('../fix/select-fixes.js');
  write: typeof import('../fix/write-fixes.js');
  guard: typeof import('../fix/write-guard.js');
};

/** Rounds of fixing at most: fixes deferred because they overlapped others are planned again on the fixed files. */
const MAX_ROUNDS = 4;

export async function fixRun(run: RunConfig, rules: readonly Rule[]): Promise<FixRunResult> {
  const settings = run.resolved.fix!;
  const cwd = run.resolved.cwd;
  const first = await lintRun(run);
  const planned = await planRunFixes(first, rules, cwd);
  if (planned.servers.length === 0)
    return {
      report: planned.report,
      lines: ['mcplint: nothing to fix'],
      rolledBack: false,
      proven: 0,
      ...(settings.mode === 'diff' ? { patch: '' } : {}),
    };
  const [select, write, guard] = await Promise.all([
    import('../fix/select-fixes.js'),
    import('../fix/write-fixes.js'),
    import('../fix/write-guard.js'),
  ]);
  const modules: FixModules = { select, write, guard };
  const unsafeLeft = planned.servers.flatMap((s) => s.fixes).filter((f) => f.fix.safety === 'unsafe').length;
  const hint = !settings.unsafe && unsafeLeft > 0 ? ` (${unsafeLeft} more with --unsafe-fixes)` : '';
  const lines: string[] = [];
  const fixed: PlannedFindingFix[] = [];
  const files = new Set<string>();
  let outcome = first;
  let plan = planned;
  let report = planned.report;
  for (let round = 1; ; round++) {
    const step = await fixRound(run, rules, outcome, plan, modules, lines, hint);
    if (step.kind === 'done') {
      // A later round that fails restores its own files only: what earlier rounds fixed was proven and stays.
      const kept =
        fixed.length > 0 ? [`mcplint: the ${fixed.length} fixes of the earlier rounds${perRule(fixed)} were proven and stay`] : [];
      return { ...step.result, proven: fixed.length, lines: [...lines, ...step.result.lines, ...kept] };
    }
    fixed.push(...step.fixed);
    for (const file of step.files) files.add(file);
    report = step.replanned.report;
    outcome = step.second;
    plan = step.replanned;
    const more = plan.servers.some((s) => select.selectFixes(s.fixes, settings.unsafe).applied.length > 0);
    if (step.deferred === 0 || !more) break;
    if (round === MAX_ROUNDS) {
      lines.push(`mcplint: ${plural(step.deferred, 'fix')} overlap others and wait for the next --fix`);
      break;
    }
  }
  const filesLine = `${plural(files.size, 'file')} (${[...files].join(', ')})`;
  lines.push(
    `mcplint: ${fixed.length} fixed${perRule(fixed)} in ${filesLine}; the server started again and every fixed finding is gone${hint}`,
  );
  return { report, lines, rolledBack: false, proven: fixed.length };
}

type Round =
  | { readonly kind: 'done'; readonly result: FixRunResult }
  | {
      readonly kind: 'proven';
      readonly fixed: readonly PlannedFindingFix[];
      /** The files written, relative to the working directory. */
      readonly files: readonly string[];
      readonly deferred: number;
      readonly second: LintOutcome;
      readonly replanned: PlannedRun;
    };

/** One round: select, then print (--diff) or write, launch again and prove; a failure restores this round's files. */
async function fixRound(
  run: RunConfig,
  rules: readonly Rule[],
  first: LintOutcome,
  planned: PlannedRun,
  modules: FixModules,
  lines: string[],
  hint: string,
): Promise<Round> {
  const settings = run.resolved.fix!;
  const cwd = run.resolved.cwd;
  const { select, write, guard } = modules;
  const applied: { fixes: PlannedFindingFix[]; changes: FileChange[]; root: string }[] = [];
  let deferred = 0;
  for (const server of planned.servers) {
    const selection = select.selectFixes(server.fixes, settings.unsafe);
    // A fix is written whole or not at all: one with an edit in a file the guard refuses is left out.
    const refusedPaths = new Map<string, string>();
    for (const change of select.fileChanges(selection.applied)) {
      const reason = guard.refusedFixTarget(server.source.root, change.file.path);
      if (reason) refusedPaths.set(change.file.path, reason);
    }
    for (const [path, reason] of refusedPaths) lines.push(`mcplint: not fixed: ${shown(cwd, path)} ${reason}`);
    const fixes = selection.applied.filter((f) => !f.planned.some((e) => refusedPaths.has(e.file.path)));
    deferred += selection.deferred.length;
    applied.push({ fixes, changes: select.fileChanges(fixes), root: server.source.root });
  }

  if (settings.mode === 'diff') {
    const { unifiedDiff } = await import('../fix/unified-diff.js');
    const patch = unifiedDiff(
      applied.flatMap((a) => a.changes).map((c) => ({ name: shown(cwd, c.file.path), before: c.file.text, edits: editsIn(c) })),
    );
    const fixes = applied.flatMap((a) => a.fixes);
    const later = deferred > 0 ? `; ${plural(deferred, 'more fix')} overlap these and come after them` : '';
    lines.push(`mcplint: --diff: ${fixes.length} would be fixed${perRule(fixes)}${hint}${later}; nothing was written`);
    return { kind: 'done', result: { report: planned.report, lines: [], patch, rolledBack: false, proven: 0 } };
  }

  // Write, remembering every file written so that all of them can be put back.
  const written: FileChange[] = [];
  const fixedNow: PlannedFindingFix[] = [];
  for (const server of applied) {
    const result = write.writeChanges(server.changes, server.root, cwd);
    for (const refused of result.refused) lines.push(`mcplint: not fixed: ${refused.file} ${refused.reason}`);
    written.push(...result.written);
    const refusedFiles = new Set(result.refused.map((r) => r.change.file.path));
    fixedNow.push(...server.fixes.filter((f) => !f.planned.some((e) => refusedFiles.has(e.file.path))));
  }
  if (written.length === 0)
    return { kind: 'done', result: { report: planned.report, lines: ['mcplint: nothing was fixed'], rolledBack: false, proven: 0 } };
  const filesLine = `${plural(written.length, 'file')} (${written.map((c) => shown(cwd, c.file.path)).join(', ')})`;
  const failed = async (line: string): Promise<Round> => ({
    kind: 'done',
    result: await rollBack(planned, written, cwd, [line], settings.build),
  });

  if (settings.build) {
    const built = await buildFailure(settings.build, cwd);
    if (built) return failed(`mcplint: --fix-build "${settings.build}" failed after fixing (${built}); every file was restored`);
  } else if (!runsEditedFiles(first, written)) {
    const line = `mcplint: fixed ${fixedNow.length}${perRule(fixedNow)} in ${filesLine}, but the server runs built files, so mcplint could not run the fixed sources: rebuild and lint again, or pass --fix-build "npm run build"`;
    const unproven = written.map((c) => shown(cwd, c.file.path));
    return { kind: 'done', result: { report: planned.report, lines: [line], rolledBack: false, proven: 0, unproven } };
  }

  const second = await relint(run);
  const broken = startFailure(second);
  if (broken) {
    const roots = new Map(applied.flatMap((a) => a.changes.map((c) => [c.file.path, a.root] as const)));
    const culprits = await findCulprits(run, fixedNow, written, modules, (path) => roots.get(path) ?? cwd);
    return failed(`mcplint: after fixing, the server no longer started or answered (${broken}); every file was restored. ${culprits}`);
  }
  const claimed = new Set(fixedNow.map((f) => f.fingerprint));
  const before = new Set(first.report.servers.flatMap((s) => s.findings.map((f) => f.fingerprint)));
  const after = second!.report.servers.flatMap((s) => s.findings);
  const remaining = after.filter((f) => claimed.has(f.fingerprint));
  const newErrors = after.filter((f) => f.level === 'error' && !before.has(f.fingerprint));
  if (remaining.length > 0 || newErrors.length > 0) {
    const why = [
      ...(remaining.length > 0 ? [`${plural(remaining.length, 'fixed finding')} still reported (${distinctRules(remaining)})`] : []),
      ...(newErrors.length > 0 ? [`${plural(newErrors.length, 'new error')} (${distinctRules(newErrors)})`] : []),
    ].join(', ');
    return failed(`mcplint: the fixes did not prove out: ${why}; every file was restored`);
  }
  return {
    kind: 'proven',
    fixed: fixedNow,
    files: written.map((c) => shown(cwd, c.file.path)),
    deferred,
    second: second!,
    replanned: await planRunFixes(second!, rules, cwd),
  };
}

const shown = (cwd: string, path: string): string => relative(cwd, path).split(sep).join('/') || path;

function editsIn(change: FileChange): { start: number; end: number; replacement: string }[] {
  const edits = change.fixes.flatMap((f) => f.planned).filter((e) => e.file.path === change.file.path);
  return edits.filter((e, i) => edits.findIndex((o) => o.start === e.start && o.end === e.end && o.replacement === e.replacement) === i);
}

/** " (rule: n, rule: n)" in rule order of first appearance. */
function perRule(fixes: readonly { readonly ruleId: string }[]): string {
  if (fixes.length === 0) return '';
  const counts = new Map<string, number>();
  for (const f of fixes) counts.set(f.ruleId, (counts.get(f.ruleId) ?? 0) + 1);
  return ` (${[...counts].map(([rule, n]) => `${rule}: ${n}`).join(', ')})`;
}

function distinctRules(findings: readonly { readonly ruleId: string }[]): string {
  return [...new Set(findings.map((f) => f.ruleId))].join(', ');
}

async function relint(run: RunConfig): Promise<LintOutcome | undefined> {
  try {
    return await lintRun(run);
  } catch {
    return undefined;
  }
}

/** Why the server did not start and answer, or undefined when every server did. */
function startFailure(outcome: LintOutcome | undefined): string | undefined {
  if (!outcome) return 'the lint failed';
  const failed = outcome.report.servers.find((s) => !s.handshake.ok);
  return failed ? (failed.handshake.message ?? 'no answer to initialize') : undefined;
}

/** Each rule's fixes alone, written, launched and put back: the rules whose fixes alone break the start. */
async function findCulprits(
  run: RunConfig,
  fixes: readonly PlannedFindingFix[],
  written: readonly FileChange[],
  modules: FixModules,
  rootOf: (path: string) => string,
): Promise<string> {
  const cwd = run.resolved.cwd;
  const rules = [...new Set(fixes.map((f) => f.ruleId))];
  const describe = (rule: string): string => {
    const own = fixes.filter((f) => f.ruleId === rule);
    const places = [...new Set(own.flatMap((f) => f.fix.edits.map((e) => e.file)))].join(', ');
    return `${rule} (${plural(own.length, 'fix')} in ${places})`;
  };
  if (rules.length === 1) return `The fix that broke it: ${describe(rules[0]!)}.`;
  const originals = written.map((c) => c.file);
  const breaking: string[] = [];
  for (const rule of rules) {
    const changes = modules.select.fileChanges(fixes.filter((f) => f.ruleId === rule));
    modules.write.restore(originals, cwd);
    for (const change of changes) modules.write.writeChanges([change], rootOf(change.file.path), cwd);
    if (run.resolved.fix?.build) await buildFailure(run.resolved.fix.build, cwd);
    if (startFailure(await relint(run))) breaking.push(describe(rule));
  }
  modules.write.restore(originals, cwd);
  return breaking.length > 0
    ? `The fixes that broke it: ${breaking.join('; ')}.`
    : `No rule's fixes break it alone; together they do: ${rules.map(describe).join('; ')}.`;
}

async function rollBack(
  planned: PlannedRun,
  written: readonly FileChange[],
  cwd: string,
  lines: string[],
  build: string | null,
): Promise<FixRunResult> {
  const { restore } = await import('../fix/write-fixes.js');
  restore(
    written.map((c) => c.file),
    cwd,
  );
  // The build output came from the fixed sources: build it again from the restored ones.
  if (build && (await buildFailure(build, cwd))) lines.push(`mcplint: --fix-build "${build}" failed on the restored sources too`);
  return { report: planned.report, lines, rolledBack: true, proven: 0 };
}

const RUN_DIRECTLY = new Set(['.js', '.mjs', '.cjs', '.jsx', '.py']);
const TS_RUNNERS =
  /(?:^|[/\\])(?:tsx|ts-node|ts-node-esm|bun|deno)(?:\.\w+)?$|\.(?:m|c)?tsx?$|--experimental-strip-types|--experimental-transform-types/;

/**
 * Whether launching the server again runs the edited files: JavaScript and Python run as they
 * are; TypeScript only under a runner that reads it (tsx, ts-node, bun, deno, node's type stripping).
 */
function runsEditedFiles(outcome: LintOutcome, written: readonly FileChange[]): boolean {
  const typescript = written.some((c) => !RUN_DIRECTLY.has(extname(c.file.path)));
  if (!typescript) return true;
  return outcome.captures.every(
    (c) => c.target.kind === 'stdio' && [c.target.command, ...c.target.args].some((part) => TS_RUNNERS.test(part)),
  );
}
