/**
 * How much of a finding's evidence every format shows, and how the cut is said: the same lines in
 * text, SARIF, Markdown, HTML, GitHub annotations and JUnit, then one line "… and N more" (the
 * wording rules use for their own lists, whose count it takes over, so a list of tool names cut here
 * still counts tools). A line cut short says how many characters it lost. Nothing is left out
 * without a word.
 */
import { clip } from '../../shared/text.js';

/** Lines of evidence shown; a server-wide finding's tool list (20 names and its count) fits whole. */
export const EVIDENCE_LINES = 25;
/** Characters of evidence shown, over all its lines. */
export const EVIDENCE_CHARS = 1000;

/** The shortest piece of a line worth showing. */
const MIN_PIECE = 40;

/** A rule's own count of what its evidence leaves out (rules/lib/server-wide.ts). */
const MORE = /^… and (\d+) more$/;

/** The evidence lines to show, the last one saying how many were left out, if any. */
export function evidenceLines(evidence: string): string[] {
  const all = evidence.replace(/\s+$/, '').split(/\r?\n/);
  const shown: string[] = [];
  let budget = EVIDENCE_CHARS;
  for (const line of all) {
    if (shown.length === EVIDENCE_LINES - 1 && all.length > EVIDENCE_LINES) break;
    if (shown.length === EVIDENCE_LINES || budget <= 0) break;
    if (line.length <= budget) {
      shown.push(line);
      budget -= line.length + 1;
      continue;
    }
    // Too little room left for a useful piece of a long line: it is counted with the rest instead.
    if (budget < MIN_PIECE && shown.length > 0) break;
    const piece = clip(line, Math.max(budget, MIN_PIECE), { fit: true });
    shown.push(`${piece} (${line.length - piece.length + 1} more characters)`);
    budget = 0;
  }
  const dropped = all.slice(shown.length);
  if (dropped.length === 0) return shown;
  const counted = MORE.exec(dropped[dropped.length - 1]!);
  const more = counted ? dropped.length - 1 + Number(counted[1]) : dropped.length;
  return [...shown, `… and ${more} more`];
}

/** The evidence as one line (SARIF messages, JUnit attributes): the shown lines joined by spaces, whitespace folded. */
export function evidenceText(evidence: string): string {
  return evidenceLines(evidence.trim())
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join(' ');
}
