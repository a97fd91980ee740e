/**
 * The Top fixes table (text and markdown): the rules whose fix would raise the server's score most,
 * with the points and how many of their subjects fail. From the score model itself
 * (src/score/score.ts), so the table never disagrees with the score.
 */
import type { Rule } from '../../engine/rule.js';
import { ruleScope, type ScoreScope } from '../../score/score.js';
import { serverFixGains, type ServerReport } from '../report.js';

export const TOP_FIXES = 5;

export interface TopFix {
  readonly ruleId: string;
  /** Points the score gains when the rule passes everywhere (a fixed error lifts its cap). */
  readonly points: number;
  readonly failing: number;
  readonly applicable: number;
  readonly scope: ScoreScope;
}

/** Below this a fix shows as +0.0: it moves nothing (e.g. while a cap holds the score), so it is no top fix. */
const MIN_POINTS = 0.05;

export function topFixes(server: ServerReport, rules: readonly Rule[], limit = TOP_FIXES): TopFix[] {
  const ruleById = new Map(rules.map((r) => [r.id, r]));
  return serverFixGains(server, rules)
    .filter((gain) => gain.points >= MIN_POINTS)
    .slice(0, limit)
    .map((gain) => {
      const rule = ruleById.get(gain.ruleId);
      return { ...gain, scope: rule ? ruleScope(rule) : 'server' };
    });
}

/** "+4.2" (one decimal: small gains must not read as +0). */
export function pointsText(points: number): string {
  return `+${points.toFixed(1)}`;
}

/** "3 of 12 tools", "the server". */
export function subjectsText(fix: TopFix): string {
  if (fix.scope === 'server') return 'the server';
  return `${fix.failing} of ${fix.applicable} ${fix.applicable === 1 ? fix.scope.replace(/s$/, '') : fix.scope}`;
}
