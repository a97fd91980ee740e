/**
 * The default human format: per server a header, findings grouped by subject (like ESLint's
 * stylish groups by file), evidence quoted under its finding, the repeated findings of one rule
 * folded into one line, then counts, score, Top fixes and skipped rules; a run over several servers
 * ends with one line per server.
 */
import pc from 'picocolors';
import { subjectKey, subjectLabel, type Rule, type Severity } from '../../engine/rule.js';
import { fixableCounts, fixSafetyOf } from './fixable.js';
import type { LintReport, ServerReport } from '../report.js';
import { listedText, totals, transportText } from '../report.js';
import { plural } from '../../shared/text.js';
import { FOLD_NAMES, foldFindings, foldHeadline, groupSubject } from './fold.js';
import { evidenceLines } from './evidence.js';
import { inertReport } from './inert-report.js';
import { worstFirst, worstFirstGroups, worstRank } from './order.js';
import { pointsText, subjectsText, topFixes } from './top-fixes.js';
import type { GateResult } from '../gate.js';
import { countLevels } from '../../shared/levels.js';
import { inertLine } from '../../shared/inert.js';
import type { Formatter } from './types.js';
import { footerLines, wrappedLine } from './wrap.js';
import { append, largest } from '../../shared/append.js';

/** Where a finding's message starts: four spaces, the level tag (seven wide) and two spaces. */
const FINDING_INDENT = 13;
const INDENT = ' '.repeat(FINDING_INDENT);

type Colors = ReturnType<typeof pc.createColors>;

export const text: Formatter = (untrusted, context) => {
  const report = inertReport(untrusted);
  const c = pc.createColors(context.color);
  const out: string[] = [];
  const fold = context.fold !== false;
  const fails = failText(context.gate);
  if (context.quiet) return quietText(report, c, fold, context.width, fails, context.rules);
  const skipped = report.skippedServers ?? [];
  // The last summary line names what failed the run: the server's own when it is the only one.
  const overall = report.servers.length > 1 || skipped.length > 0;
  for (const server of report.servers)
    append(out, renderServer(server, c, fold, context.rules, context.width, overall ? undefined : fails)).push('');
  if (overall) {
    append(out, serverLines(report, c)).push('');
    const scope = { linted: report.servers.length, skipped: skipped.length };
    out.push(summaryLine(totals(report), knownCounts(report.servers), c, fails, scope) + failSuffix(fails, c));
  }
  append(out, baselineLines(report, c));
  append(out, fixableLines(report, context.rules, c));
  return out.join('\n').replace(/\n+$/, '') + '\n';
};

/** Ruff's closing line: how many findings --fix would fix, and how many more --unsafe-fixes would. */
function fixableLines(report: LintReport, rules: readonly Rule[], c: Colors): string[] {
  const { safe, unsafe } = fixableCounts(report, rules);
  if (safe + unsafe === 0) return [];
  return [c.dim(`[*] ${safe} fixable with --fix${unsafe > 0 ? ` (${unsafe} more with --unsafe-fixes)` : ''}`)];
}

function renderServer(
  server: ServerReport,
  c: Colors,
  fold: boolean,
  rules: readonly Rule[],
  width: number | undefined,
  fails: string | undefined,
): string[] {
  const lines: string[] = [];
  const facts: string[] = [transportText(server.transport)];
  if (server.handshake.ok) {
    facts.push(`protocol ${server.handshake.protocolVersion}`);
    facts.push(listedText(server.stats));
  } else {
    facts.push('handshake failed');
  }
  facts.push(`${(server.stats.durationMs / 1000).toFixed(1)} s`);
  lines.push(`${c.bold(c.underline(server.label))} ${c.dim(`(${facts.join(' · ')})`)}`);
  append(lines, findingLines(server.findings, c, fold, width, rules));
  if (server.findings.length > 0) lines.push('');

  const cap = server.score.cappedBy ? `, capped: ${server.score.cappedBy}` : '';
  const score = c.dim(` · score ${server.score.score}/100 (${server.score.grade}${cap})`);
  lines.push(summaryLine(server.counts, knownCounts([server]), c, fails) + score + failSuffix(fails, c));
  append(lines, topFixLines(server, rules, c));
  // Footer lines wrap at spaces on a terminal, like findings, rather than where the terminal cuts them.
  const footer = (indent: number, line: string, style: (s: string) => string) => append(lines, footerLines(indent, line, style, width));
  if (server.ignored.length > 0) footer(2, `ignored: ${plural(server.ignored.length, 'finding')} (reasons in config)`, c.dim);
  const baselined = server.baselined?.length ?? 0;
  if (baselined > 0) footer(2, `baselined: ${plural(baselined, 'known finding')} (in the baseline; not failing the run)`, c.dim);
  // Rules that could apply but lacked data are gaps worth naming; rules for another transport,
  // protocol era or a client config are only counted (json lists every reason).
  const gaps = server.skipped.filter((s) => s.applicable !== false);
  const notApplicable = server.skipped.length - gaps.length;
  if (gaps.length > 0) {
    footer(2, `not checked: ${plural(gaps.length, 'rule')}`, c.dim);
    for (const line of gapLines(gaps, fold)) footer(4, line, c.dim);
  }
  if (notApplicable > 0)
    footer(
      2,
      `${plural(notApplicable, 'rule')} not applicable to this server (transport, protocol version, what it offers, or target kind)`,
      c.dim,
    );
  for (const line of skippedToolLines(server, fold)) footer(line.indent, line.text, c.dim);
  for (const note of server.notes) footer(2, `note: ${note}`, c.yellow);
  return lines;
}

/** Skipped tools named per fold: as many as a fold names subjects. */
const SKIPPED_TOOLS_SHOWN = FOLD_NAMES;

/** The tools the probes did not call, and why ("see the skipped tools"); folded to the first few, with how many more. */
function skippedToolLines(server: ServerReport, fold: boolean): { indent: number; text: string }[] {
  const entries = server.skippedTools ?? [];
  if (entries.length === 0) return [];
  const tools = new Set(entries.map((e) => e.tool)).size;
  const shown = fold ? entries.slice(0, SKIPPED_TOOLS_SHOWN) : entries;
  const rest = entries.length - shown.length;
  return [
    { indent: 2, text: `skipped tools: ${plural(tools, 'tool')} a probe did not call, and why` },
    ...shown.map((e) => ({ indent: 4, text: `${e.tool} (${e.probes.join(', ')}): ${e.reason}` })),
    ...(rest > 0 ? [{ indent: 4, text: `… and ${rest} more (--no-fold lists every one)` }] : []),
  ];
}

/** Rules folded into one line per shared reason (a bare listing skips ~40 for the same one); --no-fold lists each. */
const FOLD_GAPS_FROM = 3;

function gapLines(gaps: ServerReport['skipped'], fold: boolean): string[] {
  const byReason = new Map<string, string[]>();
  for (const s of gaps) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.ruleId]);
  const lines: string[] = [];
  for (const s of gaps) {
    const ids = byReason.get(s.reason)!;
    if (!fold || ids.length < FOLD_GAPS_FROM) lines.push(`${s.ruleId}: ${s.reason}`);
    else if (ids[0] === s.ruleId) {
      const more = ids.length > 3;
      lines.push(
        `${plural(ids.length, 'rule')} (${ids.slice(0, 3).join(', ')}${more ? '…' : ''}): ${s.reason}${more ? ' (--no-fold lists them)' : ''}`,
      );
    }
  }
  return lines;
}

/** Findings grouped by subject, evidence under each, then the folded repeats. */
function findingLines(
  findings: ServerReport['findings'],
  c: Colors,
  fold: boolean,
  width: number | undefined,
  rules: readonly Rule[],
): string[] {
  const lines: string[] = [];
  const { folds, rest } = foldFindings(findings, fold);
  // Subjects with errors first, each subject's findings worst first.
  for (const group of worstFirstGroups(rest, (f) => subjectKey(groupSubject(f.subject)))) {
    const first = group[0]!;
    const where = first.location.anchor === 'source' ? c.dim(`  ${first.location.uri}:${first.location.startLine}`) : '';
    lines.push('', `  ${c.bold(subjectLabel(groupSubject(first.subject)))}${where}`);
    for (const finding of group) {
      // `[*]` after the rule id marks a finding --fix fixes, as Ruff marks its fixable diagnostics.
      const rule = fixSafetyOf(finding, rules) === 'safe' ? `${finding.ruleId} [*]` : finding.ruleId;
      append(lines, wrappedLine(`    ${levelTag(finding.level, c)}  `, FINDING_INDENT, finding.message, rule, c.dim, width));
      // A manifest's or package.json's line is where this fix goes, as JSON and SARIF say (the
      // group's heading names the source place only).
      if (finding.location.anchor === 'manifest')
        lines.push(`${INDENT}${c.dim(`at ${finding.location.uri}:${finding.location.startLine}`)}`);
      if (finding.evidence) {
        for (const line of evidenceLines(finding.evidence)) lines.push(`${INDENT}${c.dim('│')} ${c.dim(line)}`);
      }
    }
  }
  if (folds.length > 0) {
    lines.push('', `  ${c.bold('repeated findings')} ${c.dim('(--no-fold prints every one)')}`);
    for (const f of [...folds].sort((a, b) => worstRank(a.findings) - worstRank(b.findings))) {
      const first = worstFirst(f.findings)[0]!;
      lines.push(`    ${levelTag(first.level, c)}  ${foldHeadline(f)}`);
      lines.push(`${INDENT}${c.dim(`e.g. ${first.message}`)}`);
    }
  }
  return lines;
}

/**
 * --quiet: error findings only (under their server's name), then one summary line that says how
 * many warnings and notes it leaves out; no score, Top fixes or not-checked list.
 */
function quietText(
  report: LintReport,
  c: Colors,
  fold: boolean,
  width: number | undefined,
  fails: string | undefined,
  rules: readonly Rule[],
): string {
  const out: string[] = [];
  for (const server of report.servers) {
    const errors = server.findings.filter((f) => f.level === 'error');
    if (errors.length === 0) continue;
    out.push(c.bold(c.underline(server.label)));
    append(out, findingLines(errors, c, fold, width, rules)).push('');
  }
  const sum = totals(report);
  const hidden = [sum.warning > 0 ? plural(sum.warning, 'warning') : '', sum.note > 0 ? plural(sum.note, 'note') : '']
    .filter(Boolean)
    .join(', ');
  const skipped = report.skippedServers?.length ?? 0;
  const across = report.servers.length > 1 || skipped > 0 ? ` in ${plural(report.servers.length, 'linted server')}` : '';
  const known = problemCount(knownCounts(report.servers));
  const tail =
    `${hidden ? ` (${hidden} not shown)` : ''}${known > 0 ? `, ${plural(known, 'known problem')} in the baseline` : ''}` +
    `${skipped > 0 ? `, ${plural(skipped, 'server')} skipped (not linted)` : ''}`;
  const suffix = failSuffix(fails, c);
  if (sum.error > 0) out.push(`${c.red('✖')} ${plural(sum.error, 'error')}${across}${tail}${suffix}`);
  else if (fails) out.push(`${c.red('✖')} no errors${across}${tail}${suffix}`);
  else if (skipped > 0 || known > 0) out.push(c.yellow(`⚠ no ${known > 0 ? 'new ' : ''}errors${across}${tail}`));
  else out.push(c.green(hidden ? `✔ no errors${across}${tail}` : `✔ no problems${across}`));
  return `${out.join('\n')}\n`;
}

/** The baseline's stale entries: one line, then one line per entry. */
function baselineLines(report: LintReport, c: Colors): string[] {
  const b = report.baseline;
  if (!b) return [];
  const head = `baseline ${b.file}: ${plural(b.entries, 'entry').replace(/entrys$/, 'entries')}, ${b.matched} matched`;
  if (b.stale.length === 0) return [c.dim(head + (b.updated ? ' (updated)' : ''))];
  return [
    c.yellow(`${head}, ${b.stale.length} stale (no longer found; remove with --update-baseline):`),
    ...b.stale.map((e) => c.yellow(`  ${e.rule}  ${e.subject}  ${c.dim(e.fingerprint)}`)),
  ];
}

/** The rules whose fix would raise the score most: points, rule, failing subjects. */
function topFixLines(server: ServerReport, rules: readonly Rule[], c: Colors): string[] {
  const fixes = topFixes(server, rules);
  if (fixes.length === 0) return [];
  const width = largest(fixes.map((f) => f.ruleId.length));
  return [
    c.bold('  Top fixes') + c.dim(' (points the score would gain)'),
    ...fixes.map((f) => `    ${pointsText(f.points).padStart(5)}  ${f.ruleId.padEnd(width)}  ${c.dim(subjectsText(f))}`),
  ];
}

/** One line per server, then one per skipped server: a run over several servers at a glance. */
function serverLines(report: LintReport, c: Colors): string[] {
  const lines = [c.bold('servers')];
  const width = largest([...report.servers.map((s) => s.label.length), ...(report.skippedServers ?? []).map((s) => s.name.length)]);
  for (const s of report.servers) {
    const state = s.handshake.ok ? '' : c.red('  failed to start');
    const counts = `${plural(s.counts.error, 'error')}, ${plural(s.counts.warning, 'warning')}`;
    lines.push(`  ${s.label.padEnd(width)}  ${s.score.grade} ${String(s.score.score).padStart(3)}  ${counts}${state}`);
  }
  for (const s of report.skippedServers ?? []) lines.push(c.yellow(`  ${s.name.padEnd(width)}  skipped: ${s.reason}`));
  return lines;
}

export function levelTag(level: Severity, c: Colors): string {
  if (level === 'error') return c.red('error  ');
  if (level === 'warning') return c.yellow('warning');
  return c.blue('note   ');
}

type Counts = Readonly<Record<Severity, number>>;

/**
 * The counts line: never "no problems" while servers were skipped (they were not judged at all) or
 * the baseline holds known problems (they still count in the score, and may cap it); ✖ whenever
 * the run fails. With `scope` (a multi-server or skipping run) it says how many servers were linted
 * and skipped.
 */
function summaryLine(
  counts: Counts,
  known: Counts,
  c: Colors,
  fails: string | undefined,
  scope?: { linted: number; skipped: number },
): string {
  const problems = problemCount(counts);
  const knownProblems = problemCount(known);
  const where = scope ? ` in ${plural(scope.linted, 'linted server')}` : '';
  const skipped = scope && scope.skipped > 0 ? `, ${plural(scope.skipped, 'server')} skipped (not linted)` : '';
  const inBaseline = knownProblems > 0 ? `${plural(knownProblems, 'known problem')} in the baseline (${levelsText(known)})` : '';
  if (problems === 0 && !fails) {
    if (inBaseline) return c.yellow(`⚠ no new problems${where}; ${inBaseline}${skipped}`);
    return skipped ? c.yellow(`⚠ no problems${where}${skipped}`) : c.green(`✔ no problems${where}`);
  }
  const mark = counts.error > 0 || fails ? c.red('✖') : c.yellow('⚠');
  const found = problems === 0 ? `no new problems${where}` : `${plural(problems, 'problem')} (${levelsText(counts)})${where}`;
  return `${mark} ${found}${inBaseline ? `; ${inBaseline}` : ''}${skipped}`;
}

function levelsText(counts: Counts): string {
  return `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.note, 'note')}`;
}

function problemCount(counts: Counts): number {
  return counts.error + counts.warning + counts.note;
}

/** Baselined findings by level: known, not failing the run, still counted in the score. */
function knownCounts(servers: readonly ServerReport[]): Counts {
  return countLevels(servers.flatMap((s) => s.baselined ?? []));
}

/** What failed the run, when the counts alone do not say it (src/report/gate.ts gives no reason for error findings). */
function failText(gate: GateResult | undefined): string | undefined {
  // Reasons name servers (their labels come from the server): inert, as everything else printed.
  return gate?.failed && gate.reasons.length > 0 ? gate.reasons.map(inertLine).join('; ') : undefined;
}

function failSuffix(fails: string | undefined, c: Colors): string {
  return fails ? ` ${c.red(`· the run fails: ${fails}`)}` : '';
}
