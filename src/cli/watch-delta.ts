/**
 * What --watch prints after a lint other than the first: per server one line, "N new, M fixed,
 * score A → B (grade)", then one line per new finding (where, level, message, rule) and one per
 * fixed one. The delta itself is the lint session's (src/session/lint-delta.ts). Labels and
 * messages carry the server's words: shown inert, as in every report.
 */
import pc from 'picocolors';
import { levelTag } from '../report/formatters/text.js';
import type { LocatedFinding } from '../report/report.js';
import type { LintDelta, ServerDelta } from '../session/lint-delta.js';
import { inertLine } from '../shared/inert.js';

type Colors = ReturnType<typeof pc.createColors>;

/** `quiet` (--quiet): the counts stay whole, the lines list errors only, as the text report does. */
export function deltaText(delta: LintDelta, color: boolean, quiet = false): string {
  const c = pc.createColors(color);
  const many = delta.servers.length > 1;
  const shown = (finding: LocatedFinding): boolean => !quiet || finding.level === 'error';
  const lines: string[] = [];
  for (const server of delta.servers) {
    lines.push(`${many ? `${c.bold(inertLine(server.label))}: ` : ''}${headline(server)}`);
    for (const finding of server.added.filter(shown)) lines.push(findingLine(finding, levelTag(finding.level, c), c));
    for (const finding of server.fixed.filter(shown)) lines.push(findingLine(finding, c.green('fixed  '), c));
    for (const finding of server.setAside.filter(shown)) lines.push(findingLine(finding, c.dim(finding.as), c));
  }
  return `${lines.join('\n')}\n`;
}

/** "1 new, 2 fixed, 1 now ignored, score 79 → 84 (B)"; a server gone or new says so. */
function headline(server: ServerDelta): string {
  const { before, after } = server;
  if (server.failed !== undefined) return `failed to start: ${inertLine(server.failed)}`;
  const aside = (as: 'ignored' | 'baselined'): string => {
    const n = server.setAside.filter((f) => f.as === as).length;
    return n > 0 ? `, ${n} now ${as}` : '';
  };
  const counts = `${server.added.length} new, ${server.fixed.length} fixed${aside('ignored')}${aside('baselined')}`;
  if (!after) return `${counts}, no longer linted (score was ${before?.score ?? '?'})`;
  const score = before ? `score ${before.score} → ${after.score} (${after.grade})` : `score ${after.score} (${after.grade})`;
  return `${counts}, ${score}`;
}

function findingLine(finding: LocatedFinding, tag: string, c: Colors): string {
  const { location } = finding;
  const where = location.anchor === 'capture' || location.anchor === 'target' ? '' : `${location.uri}:${location.startLine}  `;
  return `  ${c.dim(inertLine(where))}${tag}  ${inertLine(finding.message)}  ${c.dim(finding.ruleId)}`;
}
