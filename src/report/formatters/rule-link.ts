/**
 * Whether a finding's rule id names one of the rules: only those get a link to their docs. A
 * merged report's ids come from files nobody vouches for, and an id that is no rule's would make
 * a docs URL of whatever it says (markup, `javascript:`, a path elsewhere).
 */
import type { Rule } from '../../engine/rule.js';

const idsOf = new WeakMap<readonly Rule[], ReadonlySet<string>>();

export function isKnownRule(ruleId: string, rules: readonly Rule[]): boolean {
  let ids = idsOf.get(rules);
  if (!ids) idsOf.set(rules, (ids = new Set(rules.map((r) => r.id))));
  return ids.has(ruleId);
}
