/**
 * The 0–100 score and A–F grade. Deliberately simple and stable across releases:
 * every finding costs points by level (error 10, warning 3, note 1), but one rule can cost at most
 * three times its per-finding weight, so a single noisy rule cannot sink a server on its own.
 * An error from a security rule caps the score at 50. A list that never completed (cut short by a
 * flood, a page cap, a cursor loop or the timeout) caps it at 69, a D at best: a client gets no
 * usable list from such a server. A server that cannot be started or fails the handshake scores 0:
 * nothing else about it could be judged.
 */
import type { Finding } from './run.js';
import type { Severity } from './rule.js';

export const SCORE_WEIGHTS: Readonly<Record<Severity, number>> = { error: 10, warning: 3, note: 1 };
export const PER_RULE_CAP = 3;
export const SECURITY_ERROR_CAP = 50;
export const INCOMPLETE_LIST_CAP = 69;

/**
 * Findings that say a list never completed, as `ruleId` (every message) or `ruleId/messageId`.
 * Named here rather than imported: the engine does not depend on rules.
 */
const INCOMPLETE_LIST_FINDINGS: ReadonlySet<string> = new Set(['lists-complete', 'advertised-lists-work/timeout']);

function marksIncompleteList(f: Finding): boolean {
  return f.level === 'error' && (INCOMPLETE_LIST_FINDINGS.has(f.ruleId) || INCOMPLETE_LIST_FINDINGS.has(`${f.ruleId}/${f.messageId}`));
}

export interface Score {
  readonly score: number;
  readonly grade: 'A' | 'B' | 'C' | 'D' | 'F';
}

export function scoreFindings(findings: readonly Finding[], categoryOf: (ruleId: string) => string | undefined, handshakeOk = true): Score {
  if (!handshakeOk) return { score: 0, grade: 'F' };
  const perRule = new Map<string, number>();
  let securityError = false;
  let incompleteList = false;
  for (const f of findings) {
    const weight = SCORE_WEIGHTS[f.level];
    const cap = weight * PER_RULE_CAP;
    const key = `${f.ruleId}\u0000${f.level}`;
    perRule.set(key, Math.min(cap, (perRule.get(key) ?? 0) + weight));
    if (f.level === 'error' && categoryOf(f.ruleId) === 'security') securityError = true;
    if (marksIncompleteList(f)) incompleteList = true;
  }
  let score = 100 - [...perRule.values()].reduce((a, b) => a + b, 0);
  if (securityError) score = Math.min(score, SECURITY_ERROR_CAP);
  if (incompleteList) score = Math.min(score, INCOMPLETE_LIST_CAP);
  score = Math.max(0, score);
  return { score, grade: gradeOf(score) };
}

export function gradeOf(score: number): Score['grade'] {
  if (score >= 90) return 'A';
  if (score >= 80) return 'B';
  if (score >= 70) return 'C';
  if (score >= 60) return 'D';
  return 'F';
}
