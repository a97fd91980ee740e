/**
 * GitHub-flavoured Markdown for pull-request comments and `$GITHUB_STEP_SUMMARY`: per server a
 * heading, score and counts, then one table of findings grouped by subject, each rule linked to
 * its documentation and evidence folded into <details>. Compact on purpose: a PR comment holds at
 * most 65,536 characters, so long finding lists are cut with a pointer to the full report.
 */
import { subjectKey, type Rule, type Severity, type Subject } from '../../engine/rule.js';
import type { LintReport, LocatedFinding, ServerReport } from '../report.js';
import { listedText, totals, transportText } from '../report.js';
import { plural } from '../../shared/text.js';
import { docsUrl } from '../../shared/version.js';
import { evidenceLines } from './evidence.js';
import { fixableCounts, fixText } from './fixable.js';
import { inertLine } from '../../shared/inert.js';
import { inertReport } from './inert-report.js';
import { isKnownRule } from './rule-link.js';
import { worstFirstGroups } from './order.js';
import { pointsText, subjectsText, topFixes } from './top-fixes.js';
import { append } from '../../shared/append.js';
import { findingPlace, placeText, type FindingPlace } from './places.js';
import type { FormatContext, Formatter } from './types.js';

/** Findings listed per server; the rest are counted. */
export const MAX_ROWS = 100;

export const markdown: Formatter = (untrusted, context) => {
  const report = inertReport(untrusted);
  const out: string[] = [];
  const several = report.servers.length > 1 || (report.skippedServers?.length ?? 0) > 0;
  if (several) append(out, overview(report));
  for (const server of report.servers) append(out, renderServer(server, several ? '###' : '##', context));
  // What fails the run, under the first heading: a PR comment is read from the top.
  const fails = context.gate?.failed ? context.gate.reasons.map(inertLine) : [];
  if (fails.length > 0 && out.length > 0) out.splice(2, 0, `> **The run fails:** ${escapeText(fails.join('; '))}`, '');
  append(out, baselineSection(report));
  return out.join('\n').replace(/\n+$/, '') + '\n';
};

function overview(report: LintReport): string[] {
  const sum = totals(report);
  return [
    `## mcplint: ${report.servers.length} servers`,
    '',
    `${plural(sum.error, 'error')} · ${plural(sum.warning, 'warning')} · ${plural(sum.note, 'note')}`,
    '',
    '| server | score | errors | warnings | notes | ignored | baselined |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.servers.map(
      (s) =>
        `| ${escapeText(s.label)} | ${s.score.score} (${s.score.grade}) | ${s.counts.error} | ${s.counts.warning} | ${s.counts.note} | ${s.ignored.length} | ${s.baselined?.length ?? 0} |`,
    ),
    '',
    ...skippedServers(report),
  ];
}

/** Servers of the client config that were not linted: never a silent "no problems". */
function skippedServers(report: LintReport): string[] {
  const skipped = report.skippedServers ?? [];
  if (skipped.length === 0) return [];
  const items = skipped.map((s) => `- ${code(s.name)}: ${escapeText(s.reason)}`);
  return [`**${plural(skipped.length, 'server')} skipped (not linted):**`, '', ...items, ''];
}

/**
 * The rules whose fix would raise the score most (same table as the text format's). Written
 * without the optional outer pipes of GFM tables, so it reads apart from the findings table.
 */
function topFixesTable(server: ServerReport, rules: readonly Rule[]): string[] {
  const fixes = topFixes(server, rules);
  if (fixes.length === 0) return [];
  return [
    '**Top fixes**',
    '',
    'points | rule | failing',
    '---: | --- | ---',
    ...fixes.map((f) => `${pointsText(f.points)} | ${ruleLink(f.ruleId, rules)} | ${subjectsText(f)}`),
    '',
  ];
}

function renderServer(server: ServerReport, heading: string, context: FormatContext): string[] {
  const rules = context.rules;
  const lines: string[] = [`${heading} ${heading === '##' ? 'mcplint: ' : ''}${escapeText(server.label)}`, ''];
  const facts = [`**Score ${server.score.score}/100 (${server.score.grade})**`, transportText(server.transport)];
  if (server.handshake.ok) {
    if (server.handshake.protocolVersion) facts.push(`protocol ${escapeText(server.handshake.protocolVersion)}`);
    facts.push(listedText(server.stats));
  }
  lines.push(facts.join(' · '), '');
  if (!server.handshake.ok) lines.push(`**Handshake failed:** ${escapeText(server.handshake.message ?? 'no reason given')}`, '');

  lines.push(
    '| errors | warnings | notes | ignored | skipped rules |',
    '| ---: | ---: | ---: | ---: | ---: |',
    `| ${server.counts.error} | ${server.counts.warning} | ${server.counts.note} | ${server.ignored.length} | ${server.skipped.length} |`,
    '',
  );

  const baselined = server.baselined?.length ?? 0;
  if (baselined > 0)
    lines.push(`${plural(baselined, 'known finding')} covered by the baseline (not failing the run, still counted in the score).`, '');

  if (server.findings.length === 0) {
    lines.push(baselined > 0 ? 'No new problems.' : 'No problems found.', '');
  } else {
    lines.push('| subject | level | rule | message |', '| --- | --- | --- | --- |');
    let group = '';
    // Subjects with errors first, each subject's findings worst first.
    const ordered = worstFirstGroups(server.findings, (f) => subjectKey(groupSubject(f.subject))).flat();
    for (const finding of ordered.slice(0, MAX_ROWS)) {
      const subject = groupSubject(finding.subject);
      const key = subjectKey(subject);
      const subjectCell = key === group ? '' : subjectText(subject);
      group = key;
      lines.push(
        `| ${subjectCell} | ${levelText(finding.level)} | ${ruleLink(finding.ruleId, rules)} | ${messageCell(finding, findingPlace(finding.location, server, context), rules)} |`,
      );
    }
    lines.push('');
    const rest = server.findings.length - MAX_ROWS;
    if (rest > 0) lines.push(`_… and ${plural(rest, 'more finding')}; see the full report (\`--format text\` or \`--format sarif\`)._`, '');
    const { safe, unsafe } = fixableCounts({ servers: [server] }, rules);
    if (safe + unsafe > 0)
      lines.push(`${safe} fixable with \`mcplint --fix\`${unsafe > 0 ? ` (${unsafe} more with \`--unsafe-fixes\`)` : ''}.`, '');
  }

  append(lines, topFixesTable(server, rules));

  if (server.skipped.length > 0) {
    lines.push(`<details><summary>${plural(server.skipped.length, 'skipped rule')}</summary>`, '');
    for (const s of server.skipped) lines.push(`- ${code(s.ruleId)}: ${escapeText(s.reason)}`);
    lines.push('', '</details>', '');
  }
  const notCalled = server.skippedTools ?? [];
  if (notCalled.length > 0) {
    const tools = new Set(notCalled.map((e) => e.tool)).size;
    lines.push(`<details><summary>${plural(tools, 'skipped tool')} (not called by a probe)</summary>`, '');
    for (const e of notCalled.slice(0, MAX_ROWS)) lines.push(`- ${code(e.tool)} (${e.probes.join(', ')}): ${escapeText(e.reason)}`);
    if (notCalled.length > MAX_ROWS) lines.push(`- _… and ${notCalled.length - MAX_ROWS} more (\`--format json\` lists every one)._`);
    lines.push('', '</details>', '');
  }
  if (server.notes.length > 0) {
    for (const note of server.notes) lines.push(`> **Note:** ${escapeText(note)}`, '>');
    lines.pop();
    lines.push('');
  }
  return lines;
}

/** Stale baseline entries, folded: they should be removed with --update-baseline. */
function baselineSection(report: LintReport): string[] {
  const b = report.baseline;
  if (!b || b.stale.length === 0) return [];
  return [
    `<details><summary>${plural(b.stale.length, 'stale baseline entry').replace(/entrys$/, 'entries')} in ${escapeText(b.file)} (no longer found; remove with <code>--update-baseline</code>)</summary>`,
    '',
    ...b.stale.map((e) => `- ${code(e.rule)} ${code(e.subject)}: ${escapeText(e.message)}`),
    '',
    '</details>',
    '',
  ];
}

/** Findings about a part of a tool (a parameter) are grouped under the tool. */
function groupSubject(s: Subject): Subject {
  return s.kind === 'server' || s.kind === 'transport' ? s : { kind: s.kind, name: s.name };
}

function subjectText(s: Subject): string {
  switch (s.kind) {
    case 'server':
    case 'transport':
      return s.kind;
    case 'resourceTemplate':
      return `resource template ${code(s.name)}`;
    default:
      return `${s.kind} ${code(s.name)}`;
  }
}

function levelText(level: Severity): string {
  return level === 'error' ? '**error**' : level;
}

/** A rule id as a link to its docs; an id that is no rule's, as plain code (see rule-link.ts). */
function ruleLink(ruleId: string, rules: readonly Rule[]): string {
  return isKnownRule(ruleId, rules) ? `[${code(ruleId)}](${docsUrl(ruleId)})` : code(ruleId);
}

/** The message; the source line that registers the subject (as the text format shows it); the evidence, folded. */
function messageCell(finding: LocatedFinding, place: FindingPlace, rules: readonly Rule[]): string {
  const s = finding.subject;
  const pointer = s.kind !== 'server' && s.kind !== 'transport' && s.pointer ? `${code(s.pointer)} ` : '';
  let cell = pointer + escapeText(finding.message);
  if (place.anchor === 'source') cell += ` ${code(placeText(place))}`;
  const evidence = finding.evidence?.trim();
  if (evidence) {
    const body = evidenceLines(evidence)
      .map((line) => escapeText(line))
      .join('<br>');
    cell += ` <details><summary>evidence</summary><code>${body}</code></details>`;
  }
  const fix = fixText(finding, rules);
  if (fix) cell += ` _${escapeText(fix)}_`;
  return cell;
}

/**
 * Plain text made safe for a table cell: Markdown and HTML punctuation backslash-escaped (so tool
 * names like `_x_` or `<name>` show as written), pipes escaped (they would split the cell), line
 * breaks folded.
 */
export function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<>|~&]/g, '\\$&').replace(/\s*\r?\n\s*/g, ' ');
}

/** An inline code span that survives backticks and pipes in the content (GFM table cells). */
export function code(text: string): string {
  const content = text.replace(/\s*\r?\n\s*/g, ' ').replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = content.startsWith('`') || content.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}
