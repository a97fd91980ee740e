/**
 * What a rule judges, from its metadata alone: the subjects its verdicts are about (its scope), and
 * whether it judges the server itself or the run around it (a client-config entry, the other
 * servers of the config).
 */
import type { Rule, ScoreScope } from '../engine/rule.js';

export type { ScoreScope };

/** The metadata the score and the verdicts read. */
export type ScoredRule = Pick<Rule, 'id' | 'category' | 'basis' | 'severity' | 'requires' | 'scoreScope' | 'incompleteList'>;

/** How many subjects of each scope a server (or one tool) has; the server itself is always one. */
export type SubjectCounts = Readonly<Record<Exclude<ScoreScope, 'server'>, number>>;

/** The rule's declared scope, else what its requirements imply (a rule that needs the tools judges tools). */
export function ruleScope(rule: ScoredRule): ScoreScope {
  if (rule.scoreScope) return rule.scoreScope;
  const needs = rule.requires ?? [];
  if (needs.includes('tools')) return 'tools';
  if (needs.includes('prompts')) return 'prompts';
  if (needs.includes('resources') || needs.includes('resourceTemplates')) return 'resources';
  return 'server';
}

/** Its verdicts are about tools (one per tool, or per parameter of a tool). */
export function judgesTools(rule: ScoredRule): boolean {
  const scope = ruleScope(rule);
  return scope === 'tools' || scope === 'parameters';
}

/**
 * A rule about the server itself, rather than about the run around it: rules that need a client
 * config judge the server's entry in it, and cross-server rules judge its place among the other
 * servers. Those report, count and gate like any rule, but are not part of the server's score, so
 * one server scores the same linted alone and inside a config run.
 */
export function judgesServerItself(rule: ScoredRule): boolean {
  return !(rule.requires ?? []).some((need) => need === 'clientConfig' || need === 'peers');
}
