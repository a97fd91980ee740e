/**
 * GitHub Actions workflow commands: one `::error` / `::warning` / `::notice` line per finding, which
 * the runner turns into annotations on the job and, when the file and line are part of the pull
 * request, on the diff. Locations come from the report (the source line that registers a tool when
 * source mapping found it, else the manifest, entry file or config). A closing plain line per server
 * gives the counts, the score and what was ignored or baselined.
 *
 * Escaping follows @actions/core (toolkit `command.ts`): in the message `%`, `\r`, `\n` become
 * `%25`, `%0D`, `%0A`; in property values `:` and `,` become `%3A` and `%2C` as well.
 * GitHub shows at most 10 error and 10 warning annotations per step (50 per job), so errors come
 * first; SARIF upload is the way to see everything.
 */
import { docsUrl } from '../../shared/version.js';
import type { LocatedFinding, ServerReport } from '../report.js';
import { evidenceLines } from './evidence.js';
import { inertLine } from '../../shared/inert.js';
import { inertReport } from './inert-report.js';
import { findingPlace, standInNote, type FindingPlace } from './places.js';
import type { Formatter } from './types.js';

const COMMAND = { error: 'error', warning: 'warning', note: 'notice' } as const;
const LEVEL_ORDER = { error: 0, warning: 1, note: 2 } as const;

export const github: Formatter = (untrusted, context) => {
  const report = inertReport(untrusted);
  const lines: string[] = [];
  for (const server of report.servers) {
    const ordered = server.findings
      .map((f, i) => [f, i] as const)
      .sort(([a, i], [b, j]) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || i - j);
    for (const [finding] of ordered) lines.push(annotation(finding, findingPlace(finding.location, server, context)));
    lines.push(summary(server, report.servers.length > 1));
  }
  // What fails the run when the counts alone do not say it (a plain line, as the summaries).
  const fails = context.gate?.failed ? context.gate.reasons.map(inertLine) : [];
  if (fails.length > 0) lines.push(`mcplint: the run fails: ${fails.join('; ')}`.replace(/\r?\n/g, ' '));
  const baseline = report.baseline;
  if (baseline && baseline.stale.length > 0) {
    const list = baseline.stale.map((e) => `${e.rule} ${e.subject}`).join('\n');
    lines.push(
      `::notice title=${escapeProperty(`mcplint: ${baseline.stale.length} stale baseline entr${baseline.stale.length === 1 ? 'y' : 'ies'}`)}::` +
        escapeData(`These entries of ${baseline.file} match no finding any more; remove them with --update-baseline:\n${list}`),
    );
  }
  return lines.join('\n') + '\n';
};

/**
 * One workflow command for one finding (made inert here too, for callers that pass a finding
 * straight from a report), at `place` (src/report/formatters/places.ts; default: the finding's own location).
 */
export function annotation(
  untrusted: LocatedFinding,
  untrustedPlace: FindingPlace = findingPlace(untrusted.location, undefined, {}),
): string {
  const finding = inertReport(untrusted);
  const place = inertReport(untrustedPlace);
  const properties: string[] = [];
  // The last-resort anchor is the command's name, not a file in the repository: no file property.
  if (place.inRepository || (place.anchor !== 'target' && place.uri)) {
    properties.push(`file=${escapeProperty(place.uri)}`);
    properties.push(`line=${place.startLine}`);
    if (place.startColumn !== undefined) properties.push(`col=${place.startColumn}`);
  }
  properties.push(`title=${escapeProperty(`mcplint ${finding.ruleId}`)}`);
  let message = finding.message + standInNote(place);
  const evidence = finding.evidence?.trim();
  if (evidence) message += `\nEvidence: ${evidenceLines(evidence).join('\n')}`;
  message += `\n${docsUrl(finding.ruleId)}`;
  return `::${COMMAND[finding.level]} ${properties.join(',')}::${escapeData(message)}`;
}

function summary(server: ServerReport, named: boolean): string {
  const c = server.counts;
  const parts = [
    `${c.error} error${c.error === 1 ? '' : 's'}`,
    `${c.warning} warning${c.warning === 1 ? '' : 's'}`,
    `${c.note} note${c.note === 1 ? '' : 's'}`,
  ];
  const extra: string[] = [];
  if (server.ignored.length > 0) extra.push(`ignored: ${server.ignored.length}`);
  if ((server.baselined?.length ?? 0) > 0) extra.push(`baselined: ${server.baselined!.length}`);
  if (server.skipped.length > 0) extra.push(`skipped rules: ${server.skipped.length}`);
  // A plain line (not a command); it must not start with "::", which the runner would parse.
  return `mcplint${named ? ` ${server.label}` : ''}: ${parts.join(', ')} · score ${server.score.score}/100 (${server.score.grade})${extra.length ? ` · ${extra.join(' · ')}` : ''}`.replace(
    /\r?\n/g,
    ' ',
  );
}

/** Escape a workflow command's message (toolkit escapeData). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escape a workflow command's property value (toolkit escapeProperty). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
