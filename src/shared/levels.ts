/** Counting findings per level (error, warning, note): every report and summary needs the same three numbers. */

export type FindingLevel = 'error' | 'warning' | 'note';
export type LevelCounts = Record<FindingLevel, number>;

export const FINDING_LEVELS: readonly FindingLevel[] = ['error', 'warning', 'note'];

export function countLevels(items: Iterable<{ readonly level: FindingLevel }>): LevelCounts {
  const counts = { error: 0, warning: 0, note: 0 };
  for (const item of items) counts[item.level]++;
  return counts;
}

export function sumLevelCounts(all: Iterable<Readonly<LevelCounts>>): LevelCounts {
  const sum = { error: 0, warning: 0, note: 0 };
  for (const counts of all) for (const level of FINDING_LEVELS) sum[level] += counts[level];
  return sum;
}
