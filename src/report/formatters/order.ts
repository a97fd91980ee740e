/**
 * Errors first, in every human format: a page whose errors come last after a wall of warnings
 * hides what fails the run. Both orders are stable, so findings of one level keep the report's order.
 */
import type { Severity } from '../../engine/rule.js';

export const WORST_FIRST: readonly Severity[] = ['error', 'warning', 'note'];
const RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, note: 2 };

/** The worst level's rank among `items` (past the last level when there are none). */
export function worstRank(items: readonly { readonly level: Severity }[]): number {
  let rank = WORST_FIRST.length;
  for (const item of items) rank = Math.min(rank, RANK[item.level]);
  return rank;
}

/** Worst first, then in report order. */
export function worstFirst<T extends { readonly level: Severity }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => RANK[a.level] - RANK[b.level]);
}

/**
 * Items grouped by `key` (groups in order of first appearance), the groups worst first and each
 * group's items worst first: findings grouped by subject, with the subjects that have errors on top.
 */
export function worstFirstGroups<T extends { readonly level: Severity }>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    let group = groups.get(k);
    if (!group) groups.set(k, (group = []));
    group.push(item);
  }
  return [...groups.values()].map((g) => worstFirst(g)).sort((a, b) => worstRank(a) - worstRank(b));
}
