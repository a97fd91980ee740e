/**
 * The default human format: per server a header, findings grouped by subject (like ESLint's
 * stylish groups by file), evidence quoted under its finding, then counts, score and skipped rules.
 */
import pc from 'picocolors';
import { subjectKey, subjectLabel, type Severity } from '../engine/rule.js';
import type { LintReport, LocatedFinding, ServerReport } from '../report.js';
import { totals } from '../report.js';
import { inertReport } from './inert-report.js';
import type { Formatter } from './types.js';

type Colors = ReturnType<typeof pc.createColors>;

export const text: Formatter = (untrusted, context) => {
  const report = inertReport(untrusted);
  const c = pc.createColors(context.color);
  const out: string[] = [];
  for (const server of report.servers) out.push(...renderServer(server, c), '');
  if (report.servers.length > 1) out.push(summaryLine(totals(report), c) + ` across ${report.servers.length} servers`);
  out.push(...baselineLines(report, c));
  return out.join('\n').replace(/\n+$/, '') + '\n';
};

function renderServer(server: ServerReport, c: Colors): string[] {
  const lines: string[] = [];
  const facts: string[] = [server.transport];
  if (server.handshake.ok) {
    facts.push(`protocol ${server.handshake.protocolVersion}`);
    facts.push(
      [
        plural(server.stats.tools, 'tool'),
        plural(server.stats.prompts, 'prompt'),
        plural(server.stats.resources, 'resource'),
        ...(server.stats.resourceTemplates ? [plural(server.stats.resourceTemplates, 'resource template')] : []),
      ].join(', '),
    );
  } else {
    facts.push('handshake failed');
  }
  facts.push(`${(server.stats.durationMs / 1000).toFixed(1)} s`);
  lines.push(`${c.bold(c.underline(server.label))} ${c.dim(`(${facts.join(' · ')})`)}`);

  let currentGroup = '';
  for (const finding of server.findings) {
    const group = subjectKey(groupSubject(finding));
    if (group !== currentGroup) {
      currentGroup = group;
      const where = finding.location.anchor === 'source' ? c.dim(`  ${finding.location.uri}:${finding.location.startLine}`) : '';
      lines.push('', `  ${c.bold(subjectLabel(groupSubject(finding)))}${where}`);
    }
    lines.push(`    ${levelTag(finding.level, c)}  ${finding.message}  ${c.dim(finding.ruleId)}`);
    if (finding.evidence) {
      for (const line of finding.evidence.split('\n').slice(0, 15)) lines.push(`             ${c.dim('│')} ${c.dim(line)}`);
    }
  }
  if (server.findings.length > 0) lines.push('');

  lines.push(summaryLine(server.counts, c) + c.dim(` · score ${server.score.score}/100 (${server.score.grade})`));
  if (server.ignored.length > 0) lines.push(c.dim(`  ignored: ${plural(server.ignored.length, 'finding')} (reasons in config)`));
  const baselined = server.baselined?.length ?? 0;
  if (baselined > 0) lines.push(c.dim(`  baselined: ${plural(baselined, 'known finding')} (in the baseline; not failing the run)`));
  // Rules that could apply but lacked data are gaps worth naming; rules for another transport,
  // protocol era or a client config are only counted (json lists every reason).
  const gaps = server.skipped.filter((s) => s.applicable !== false);
  const notApplicable = server.skipped.length - gaps.length;
  if (gaps.length > 0) {
    lines.push(c.dim(`  not checked: ${plural(gaps.length, 'rule')}`));
    for (const s of gaps) lines.push(c.dim(`    ${s.ruleId}: ${s.reason}`));
  }
  if (notApplicable > 0) lines.push(c.dim(`  ${plural(notApplicable, 'rule')} not applicable to this server (transport, protocol version, what it offers, or target kind)`));
  for (const note of server.notes) lines.push(c.yellow(`  note: ${note}`));
  return lines;
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

/** Findings about a tool parameter are grouped under the tool. */
function groupSubject(finding: LocatedFinding): LocatedFinding['subject'] {
  const s = finding.subject;
  return s.kind === 'server' || s.kind === 'transport' ? s : { kind: s.kind, name: s.name };
}

function levelTag(level: Severity, c: Colors): string {
  if (level === 'error') return c.red('error  ');
  if (level === 'warning') return c.yellow('warning');
  return c.blue('note   ');
}

function summaryLine(counts: Readonly<Record<Severity, number>>, c: Colors): string {
  const problems = counts.error + counts.warning + counts.note;
  if (problems === 0) return c.green('✔ no problems');
  const mark = counts.error > 0 ? c.red('✖') : c.yellow('⚠');
  return `${mark} ${plural(problems, 'problem')} (${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.note, 'note')})`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
