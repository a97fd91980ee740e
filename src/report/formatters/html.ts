/**
 * One self-contained HTML file for a local quality review: per server the score and grade, the
 * Top fixes, a matrix of tools × rule categories whose cells link to their findings, the guide's
 * Quality Checklist (✓ / ✗ / –) and the findings with their evidence. No script, no external
 * font, style or image: it opens from file:// offline. Server text is escaped by the `html` tag
 * (html-escape.ts) and a Content-Security-Policy forbids scripts anyway. Anchor ids are built from
 * positions only (server, row, category), never from server strings.
 */
import { subjectLabel, type Rule } from '../../engine/rule.js';
import type { LintReport, LocatedFinding, ServerReport } from '../report.js';
import { listedText, totals, transportText } from '../report.js';
import { plural } from '../../shared/text.js';
import { docsUrl } from '../../shared/version.js';
import { isKnownRule } from './rule-link.js';
import { CHECKLIST_SECTIONS } from '../../model/checklist-items.js';
import { evaluateChecklist, MARKS } from './checklist.js';
import { html, raw, type Markup } from './html-escape.js';
import { buildMatrix, type CellStatus, type Matrix, type MatrixCell, type MatrixRow } from './html-matrix.js';
import { worstRank } from './order.js';
import { HTML_STYLE } from './html-style.js';
import { evidenceLines } from './evidence.js';
import { fixText } from './fixable.js';
import { inertReport } from './inert-report.js';
import { pointsText, subjectsText, topFixes } from './top-fixes.js';
import type { FormatContext, Formatter } from './types.js';

/** Scripts, frames, fonts and remote anything forbidden: defence in depth behind the escaping. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export const htmlReport: Formatter = (untrusted, context) => {
  // Inert first (as every human format): control and bidi characters are shown, not obeyed.
  const report = inertReport(untrusted);
  const title = report.servers.length === 1 ? `mcplint: ${report.servers[0]!.label}` : `mcplint: ${report.servers.length} servers`;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${raw(HTML_STYLE)}</style>
</head>
<body>
<h1>${title}</h1>
<p class="muted">${report.tool.name} ${report.tool.version} · ${summary(report)}</p>
${report.servers.length > 1 || report.skippedServers?.length ? overview(report) : ''}
${report.servers.map((server, i) => serverSection(server, `s${i}`, context))}
${staleBaseline(report)}
</body>
</html>
`;
  return page.text;
};

function summary(report: LintReport): string {
  const sum = totals(report);
  return `${plural(sum.error, 'error')}, ${plural(sum.warning, 'warning')}, ${plural(sum.note, 'note')}`;
}

function overview(report: LintReport): Markup {
  const skipped = report.skippedServers ?? [];
  return html`<table>
<tr><th>server</th><th>grade</th><th>score</th><th>errors</th><th>warnings</th><th>notes</th></tr>
${report.servers.map(
  (s, i) =>
    html`<tr><td><a href="#s${i}">${s.label}</a></td><td>${s.score.grade}</td><td class="num">${s.score.score}</td><td class="num">${s.counts.error}</td><td class="num">${s.counts.warning}</td><td class="num">${s.counts.note}</td></tr>\n`,
)}</table>
${
  skipped.length > 0 &&
  html`<p><strong>${plural(skipped.length, 'server')} skipped (not linted):</strong></p>
<ul>${skipped.map((s) => html`<li><code>${s.name}</code>: ${s.reason}</li>`)}</ul>`
}`;
}

function serverSection(server: ServerReport, id: string, context: FormatContext): Markup {
  const matrix = buildMatrix(server, context.rules);
  return html`<section id="${id}">
<h2>${server.label}</h2>
<div class="scoreline"><span class="grade grade-${server.score.grade}" title="grade">${server.score.grade}</span>
<span class="score">${server.score.score}/100</span>
<span>${plural(server.counts.error, 'error')} · ${plural(server.counts.warning, 'warning')} · ${plural(server.counts.note, 'note')}</span></div>
${server.score.cappedBy && html`<p class="muted">Score capped: ${server.score.cappedBy}</p>`}
<p class="muted">${facts(server)}</p>
${!server.handshake.ok && html`<p class="level-error">Handshake failed: ${server.handshake.message ?? 'no reason given'}</p>`}
${setAsideLine(server)}
${topFixesTable(server, context.rules)}
<h3>Tools × rule categories</h3>
${matrixTable(matrix.categories, matrix.rows, id)}
<h3>Quality checklist</h3>
${checklistList(server, context)}
<h3>Findings</h3>
${findingsSection(server, matrix, id, context.rules)}
${skippedRules(server)}
${server.notes.map((note) => html`<p class="muted">Note: ${note}</p>`)}
</section>
`;
}

function facts(server: ServerReport): string {
  const parts: string[] = [transportText(server.transport)];
  if (server.handshake.ok) {
    if (server.handshake.protocolVersion) parts.push(`protocol ${server.handshake.protocolVersion}`);
    parts.push(listedText(server.stats));
  }
  parts.push(`${(server.stats.durationMs / 1000).toFixed(1)} s`);
  return parts.join(' · ');
}

/** Ignored and baselined findings do not show below, but they are never silently dropped. */
function setAsideLine(server: ServerReport): Markup | '' {
  const baselined = server.baselined?.length ?? 0;
  if (server.ignored.length === 0 && baselined === 0) return '';
  const parts = [
    ...(server.ignored.length > 0 ? [`ignored: ${plural(server.ignored.length, 'finding')} (reasons in config)`] : []),
    ...(baselined > 0 ? [`baselined: ${plural(baselined, 'known finding')} (not failing the run, still counted in the score)`] : []),
  ];
  return html`<p class="muted">${parts.join(' · ')}</p>`;
}

function topFixesTable(server: ServerReport, rules: readonly Rule[]): Markup | '' {
  const fixes = topFixes(server, rules);
  if (fixes.length === 0) return '';
  return html`<h3>Top fixes</h3>
<table><tr><th>points</th><th>rule</th><th>failing</th></tr>
${fixes.map((f) => html`<tr><td class="num">${pointsText(f.points)}</td><td>${ruleLink(f.ruleId, rules)}</td><td>${subjectsText(f)}</td></tr>\n`)}</table>`;
}

const CELL_TEXT: Readonly<Record<CellStatus, string>> = { error: '✗', warning: '⚠', note: 'ℹ', pass: '✓', unchecked: '–' };
const CELL_WORDS: Readonly<Record<CellStatus, string>> = {
  error: 'failure',
  warning: 'warning',
  note: 'note',
  pass: 'pass',
  unchecked: 'not checked',
};

function matrixTable(categories: readonly string[], rows: readonly MatrixRow[], id: string): Markup {
  if (categories.length === 0) return html`<p class="muted">No rule ran on this server.</p>`;
  const legend = (['pass', 'error', 'warning', 'note', 'unchecked'] as const).map(
    (s) => html`<span class="c-${s}">${CELL_TEXT[s]} ${CELL_WORDS[s]}</span> `,
  );
  return html`<p class="muted">${legend}</p>
<div class="matrix"><table>
<tr><th>tool</th><th>score</th>${categories.map((c) => html`<th>${c}</th>`)}</tr>
${rows.map(
  (row, r) =>
    html`<tr><th>${rowLabel(row)}</th><td class="num">${row.score ? `${row.score.score} (${row.score.grade})` : ''}</td>${row.cells.map((cell) => matrixCell(cell, `${id}-r${r}`))}</tr>\n`,
)}</table></div>`;
}

function matrixCell(cell: MatrixCell, rowId: string): Markup {
  // Kept short: a server with thousands of tools has ten times as many cells.
  if (cell.findings.length === 0) return html`<td class="c-${cell.status}">${CELL_TEXT[cell.status]}</td>`;
  const title = `${cell.category}: ${CELL_WORDS[cell.status]} (${plural(cell.findings.length, 'finding')})`;
  return html`<td class="c-${cell.status}" title="${title}"><a href="#${rowId}-${cell.category}">${CELL_TEXT[cell.status]} ${cell.findings.length}</a></td>`;
}

function rowLabel(row: MatrixRow): Markup {
  return row.tool === undefined ? html`<span class="muted">server, prompts, resources</span>` : html`<code>${row.tool}</code>`;
}

/** Every finding once, under its row (errors first: rows, groups and findings by their worst level). */
function findingsSection(server: ServerReport, matrix: Matrix, id: string, rules: readonly Rule[]): Markup {
  const baselined = new Set(server.baselined ?? []);
  const intro =
    server.findings.length > 0
      ? ''
      : baselined.size > 0
        ? html`<p>No new problems; the known findings below are in the baseline and still count in the score.</p>`
        : html`<p>No problems found.</p>`;
  const rows = matrix.rows.map((row, r) => ({ row, r, rank: worstRank(row.cells.flatMap((c) => c.findings).concat(row.uncategorised)) }));
  rows.sort((a, b) => a.rank - b.rank || a.r - b.r);
  return html`${intro}${rows.map(({ row, r }) => rowFindings(row, r, `${id}-r`, matrix, baselined, rules))}`;
}

function rowFindings(
  row: MatrixRow,
  r: number,
  rowPrefix: string,
  matrix: Matrix,
  baselined: ReadonlySet<LocatedFinding>,
  rules: readonly Rule[],
): Markup | '' {
  const groups = [
    ...row.cells
      .filter((c) => c.findings.length > 0)
      .map((c) => ({ id: `${rowPrefix}${r}-${c.category}`, name: c.category, category: c.category, findings: c.findings })),
    ...(row.uncategorised.length > 0
      ? [{ id: `${rowPrefix}${r}-other`, name: 'other', category: undefined, findings: row.uncategorised }]
      : []),
  ];
  if (groups.length === 0) return '';
  groups.sort((a, b) => worstRank(a.findings) - worstRank(b.findings));
  return html`<h4 id="${rowPrefix}${r}">${row.tool === undefined ? 'server, prompts, resources' : html`tool <code>${row.tool}</code>`}</h4>
${groups.map(
  (g) => html`<div id="${g.id}"><p class="muted">${g.name}</p>
<ol class="findings">${g.findings.map((f) => {
    const listed = matrix.listedIn.get(f) ?? r;
    return listed === r || g.category === undefined
      ? findingItem(f, row.tool === undefined, baselined.has(f), rules)
      : findingReference(f, `${rowPrefix}${listed}-${g.category}`, listed === matrix.rows.length - 1, baselined.has(f));
  })}</ol></div>`,
)}`;
}

/**
 * A finding listed under another row (a server-wide finding in a tool's cell, a tool's finding that
 * fails the server): one short line linking there, as a server of 10,000 tools has one per tool.
 */
function findingReference(finding: LocatedFinding, href: string, aboutServer: boolean, known: boolean): Markup {
  return html`<li class="also"><span class="level-${finding.level}">${finding.level}</span> <a href="#${href}"><code>${finding.ruleId}</code></a>${known ? ' (baselined)' : ''}, about ${aboutServer ? 'the server as a whole' : subjectLabel(finding.subject)}</li>
`;
}

function findingItem(finding: LocatedFinding, showSubject: boolean, known: boolean, rules: readonly Rule[]): Markup {
  const s = finding.subject;
  const pointer = s.kind !== 'server' && s.kind !== 'transport' ? s.pointer : undefined;
  const evidence = finding.evidence?.trim();
  const where = `${finding.location.uri}:${finding.location.startLine}`;
  return html`<li><span class="level-${finding.level}">${finding.level}</span> ${ruleLink(finding.ruleId, rules)}${known ? ' (baselined)' : ''}
${showSubject && html`<span>${subjectLabel(s)}</span>`} ${pointer && html`<code>${pointer}</code>`}
<div>${finding.message}</div>
<div class="where muted">${where}</div>
${evidence && html`<pre>${evidenceLines(evidence).join('\n')}</pre>`}${fixNote(finding, rules)}</li>
`;
}

/** The finding's fix, when it has one: what it does and the command that applies it. */
function fixNote(finding: LocatedFinding, rules: readonly Rule[]): Markup | '' {
  const text = fixText(finding, rules);
  return text ? html`<div class="muted">${text}</div>` : '';
}

function checklistList(server: ServerReport, context: FormatContext): Markup {
  const results = evaluateChecklist(server, context);
  const checkable = results.filter((r) => r.status !== 'unchecked');
  const passing = checkable.filter((r) => r.status === 'pass');
  return html`<p>${passing.length} of ${checkable.length} checkable items pass.</p>
${CHECKLIST_SECTIONS.map((section) => {
  const inSection = results.filter((r) => r.item.section === section);
  if (inSection.length === 0) return '';
  return html`<h4>${section}</h4>
<ul class="checklist">${inSection.map(
    (r) =>
      html`<li data-item="${r.item.id}" data-status="${r.status}"><span class="mark mark-${r.status}">${MARKS[r.status]}</span>${r.item.text}${r.detail && html` <span class="muted">(${r.detail})</span>`}</li>\n`,
  )}</ul>`;
})}`;
}

function skippedRules(server: ServerReport): Markup | '' {
  const notCalled = server.skippedTools ?? [];
  const tools = new Set(notCalled.map((e) => e.tool)).size;
  return html`${
    server.skipped.length > 0 &&
    html`<details><summary>${plural(server.skipped.length, 'skipped rule')}</summary>
<ul>${server.skipped.map((s) => html`<li><code>${s.ruleId}</code>: ${s.reason}</li>`)}</ul></details>`
  }${
    notCalled.length > 0 &&
    html`<details><summary>${plural(tools, 'skipped tool')} (not called by a probe)</summary>
<ul>${notCalled.map((e) => html`<li><code>${e.tool}</code> (${e.probes.join(', ')}): ${e.reason}</li>`)}</ul></details>`
  }`;
}

/** Stale baseline entries: they should be removed with --update-baseline. */
function staleBaseline(report: LintReport): Markup | '' {
  const b = report.baseline;
  if (!b || b.stale.length === 0) return '';
  return html`<details><summary>${b.stale.length} stale baseline ${b.stale.length === 1 ? 'entry' : 'entries'} in ${b.file} (no longer found; remove with <code>--update-baseline</code>)</summary>
<ul>${b.stale.map((e) => html`<li><code>${e.rule}</code> <code>${e.subject}</code>: ${e.message}</li>`)}</ul></details>`;
}

/** A rule id as a link to its docs; an id that is no rule's, as plain code (see rule-link.ts). */
function ruleLink(ruleId: string, rules: readonly Rule[]): Markup {
  return isKnownRule(ruleId, rules) ? html`<a href="${docsUrl(ruleId)}"><code>${ruleId}</code></a>` : html`<code>${ruleId}</code>`;
}
