/**
 * One page of a lint's findings, as `mcplint_lint_server` returns it: at most `limit` findings,
 * fewer when their text would pass the answer's size limit, with total_count, has_more and a
 * cursor for the rest. The cursor names the kept lint (lint-store.ts) and the offset, so paging
 * never lints again.
 */
import { subjectLabel } from '../../engine/rule.js';
import type { LocatedFinding } from '../../report/report.js';
import { TEXT_LIMIT, oneLine } from './tool-result.js';

export interface FindingEntry {
  readonly rule_id: string;
  readonly level: string;
  readonly message: string;
  readonly subject: string;
  readonly location?: string;
  readonly evidence?: string;
  readonly fix?: string;
  readonly fingerprint: string;
}

export interface FindingsPage {
  readonly findings: FindingEntry[];
  readonly offset: number;
  readonly has_more: boolean;
  readonly next_cursor?: string;
}

/** What the rest of an answer (score, counts, notes) may take beside the findings: the page holds the remainder. */
const PAGE_BUDGET = TEXT_LIMIT - 5_000;

export function findingEntry(finding: LocatedFinding): FindingEntry {
  const { location } = finding;
  return {
    rule_id: finding.ruleId,
    level: finding.level,
    message: oneLine(finding.message, 1000),
    subject: oneLine(subjectLabel(finding.subject), 300),
    ...(location.anchor !== 'target'
      ? { location: `${location.uri}:${location.startLine}${location.startColumn ? `:${location.startColumn}` : ''}` }
      : {}),
    ...(finding.evidence ? { evidence: oneLine(finding.evidence, 300) } : {}),
    ...(finding.fix ? { fix: oneLine(finding.fix.description, 300) } : {}),
    fingerprint: finding.fingerprint,
  };
}

/** Findings from `offset` on; `size` measures one entry as it will be printed (the longer of its JSON and Markdown). */
export function findingsPage(
  all: readonly LocatedFinding[],
  lintId: string,
  offset: number,
  limit: number,
  size: (entry: FindingEntry) => number,
): FindingsPage {
  const findings: FindingEntry[] = [];
  let used = 0;
  for (let i = offset; i < all.length && findings.length < limit; i++) {
    const entry = findingEntry(all[i]!);
    const cost = size(entry);
    // Always at least one finding, so paging moves on.
    if (findings.length > 0 && used + cost > PAGE_BUDGET) break;
    findings.push(entry);
    used += cost;
  }
  const next = offset + findings.length;
  const hasMore = next < all.length;
  return { findings, offset, has_more: hasMore, ...(hasMore ? { next_cursor: encodeCursor(lintId, next) } : {}) };
}

export function encodeCursor(lintId: string, offset: number): string {
  return Buffer.from(JSON.stringify([lintId, offset])).toString('base64url');
}

export function decodeCursor(cursor: string): { readonly lintId: string; readonly offset: number } | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && Number.isSafeInteger(value[1]) && (value[1] as number) >= 0) {
      return { lintId: value[0], offset: value[1] as number };
    }
  } catch {
    // Not one of ours.
  }
  return undefined;
}
