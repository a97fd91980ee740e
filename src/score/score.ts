/**
 * The 0–100 score and A–F grade, proportional in the manner of Lighthouse, and stable within a
 * major version (docs/scoring.md):
 *
 * - every rule that ran has a weight, from its metadata only: level weight × category weight;
 * - its score is the share of the subjects it applies to (the server, its tools, their parameters,
 *   prompts or resources) that pass; a finding about the server as a whole fails every subject;
 * - the server's score is the weighted mean, rounded down, so any defect shows below 100;
 * - caps then bound the result: one defect that breaks clients outweighs any average.
 *
 * A rule with no applicable subject (prompt rules on a server without prompts) is left out.
 */
import type { Finding } from '../engine/run.js';
import type { Category, Rule, ScoreScope, Severity, Subject } from '../engine/rule.js';

export type { ScoreScope };

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';

export interface Score {
  readonly score: number;
  readonly grade: Grade;
  /** Why the score is lower than the weighted mean, when a cap applied. */
  readonly cappedBy?: string;
}

/** A grade is the best whose lower bound the score reaches. */
export const GRADE_BANDS: readonly (readonly [Grade, number])[] = [
  ['A', 90],
  ['B', 80],
  ['C', 70],
  ['D', 60],
  ['F', 0],
];

/** A rule's level in the recommended preset; a rule that is off by default weighs as a note when enabled. */
export const LEVEL_WEIGHTS: Readonly<Record<Severity, number>> = { error: 3, warning: 2, note: 1 };

/**
 * What a user of the server's tools feels most: what the model is told (descriptions, annotations,
 * schemas) and what endangers them (security). Protocol and transport defects weigh little in the
 * mean because an error there caps the grade anyway (SCORE_CAPS).
 */
export const CATEGORY_WEIGHTS: Readonly<Record<Category, number>> = {
  security: 3,
  descriptions: 3,
  annotations: 3,
  schema: 2,
  naming: 1,
  ergonomics: 1,
  probes: 1,
  source: 1,
  config: 1,
  lifecycle: 0.5,
  stdio: 0.5,
  http: 0.5,
};

/** How many subjects of each scope a server (or one tool) has; the server itself is always one. */
export type SubjectCounts = Readonly<Record<Exclude<ScoreScope, 'server'>, number>>;

/** The metadata the score reads. */
export type ScoredRule = Pick<Rule, 'id' | 'category' | 'basis' | 'severity' | 'requires' | 'scoreScope' | 'incompleteList'>;

export function ruleWeight(rule: ScoredRule): number {
  const level = rule.severity === 'off' ? 'note' : rule.severity;
  return LEVEL_WEIGHTS[level] * CATEGORY_WEIGHTS[rule.category];
}

/** The rule's declared scope, else what its requirements imply (a rule that needs the tools judges tools). */
export function ruleScope(rule: ScoredRule): ScoreScope {
  if (rule.scoreScope) return rule.scoreScope;
  const needs = rule.requires ?? [];
  if (needs.includes('tools')) return 'tools';
  if (needs.includes('prompts')) return 'prompts';
  if (needs.includes('resources') || needs.includes('resourceTemplates')) return 'resources';
  return 'server';
}

export interface ScoreInput {
  /** Findings that count: reported and baselined (known but unresolved), not ignored. */
  readonly findings: readonly Finding[];
  /** The registry (or at least every rule that ran). */
  readonly rules: readonly ScoredRule[];
  /** Ids of the rules that ran. */
  readonly ran: readonly string[];
  readonly subjects: SubjectCounts;
  readonly handshakeOk: boolean;
}

/** One rule's part in a score: the input of the Top fixes table. */
export interface RuleScore {
  readonly ruleId: string;
  readonly weight: number;
  readonly applicable: number;
  readonly failing: number;
}

/**
 * A bound on the score. Caps are independent entries: a new one is one more element of SCORE_CAPS.
 * `maxScore` is the highest score the capped server can reach.
 */
export interface ScoreCap {
  readonly reason: string;
  readonly maxScore: number;
  applies(input: ScoreInput, ruleById: ReadonlyMap<string, ScoredRule>): boolean;
}

/** The highest score that still gets `grade`. */
export function highestScoreOf(grade: Grade): number {
  const better = GRADE_BANDS.findIndex(([g]) => g === grade) - 1;
  return better < 0 ? 100 : GRADE_BANDS[better]![1] - 1;
}

const hasError = (input: ScoreInput, ruleById: ReadonlyMap<string, ScoredRule>, test: (rule: ScoredRule) => boolean): boolean =>
  input.findings.some((f) => {
    const rule = ruleById.get(f.ruleId);
    return f.level === 'error' && rule !== undefined && test(rule);
  });

/**
 * A finding that says a list never completed (cut short by a flood, a page cap, a cursor loop or
 * the timeout): a client gets no usable list from such a server. The rules say which of their
 * messages these are (`incompleteList`), so the score names no rule.
 */
function saysListIncomplete(rule: ScoredRule | undefined, messageId: string): boolean {
  const marked = rule?.incompleteList;
  return marked === true || marked?.includes(messageId) === true;
}

export const SCORE_CAPS: readonly ScoreCap[] = [
  { reason: 'the handshake failed', maxScore: 0, applies: (input) => !input.handshakeOk },
  {
    reason: 'a list never completed',
    maxScore: highestScoreOf('D'),
    applies: (input, ruleById) =>
      input.findings.some((f) => f.level === 'error' && saysListIncomplete(ruleById.get(f.ruleId), f.messageId)),
  },
  {
    reason: 'a security rule reports an error',
    maxScore: highestScoreOf('D'),
    applies: (input, ruleById) => hasError(input, ruleById, (r) => r.category === 'security'),
  },
  {
    reason: 'a specification requirement fails (error)',
    maxScore: highestScoreOf('C'),
    applies: (input, ruleById) => hasError(input, ruleById, (r) => r.basis === 'spec'),
  },
];

/** Rules by id, built once per rule set: per-tool scores ask for it once per tool. */
const rulesById = new WeakMap<readonly ScoredRule[], ReadonlyMap<string, ScoredRule>>();
function byId(rules: readonly ScoredRule[]): ReadonlyMap<string, ScoredRule> {
  let map = rulesById.get(rules);
  if (!map) rulesById.set(rules, (map = new Map(rules.map((r) => [r.id, r]))));
  return map;
}

/** Every ran rule with at least one applicable subject, with how many of them fail. */
export function ruleScores(input: ScoreInput): RuleScore[] {
  const ruleById = byId(input.rules);
  const failingByRule = new Map<string, Set<string>>();
  for (const f of input.findings) {
    const rule = ruleById.get(f.ruleId);
    if (!rule) continue;
    let failing = failingByRule.get(f.ruleId);
    if (!failing) failingByRule.set(f.ruleId, (failing = new Set()));
    failing.add(failingKey(f.subject, ruleScope(rule)));
  }
  const out: RuleScore[] = [];
  for (const id of new Set([...input.ran, ...failingByRule.keys()])) {
    const rule = ruleById.get(id);
    if (!rule) continue;
    const scope = ruleScope(rule);
    const failing = failingByRule.get(id);
    const counted = scope === 'server' ? 1 : input.subjects[scope];
    const applicable = Math.max(counted, failing?.size ?? 0);
    if (applicable === 0) continue;
    // A finding about the server as a whole (a convention the server does not follow) fails every subject.
    const failed = failing === undefined ? 0 : failing.has(WHOLE) ? applicable : failing.size;
    out.push({ ruleId: id, weight: ruleWeight(rule), applicable, failing: failed });
  }
  return out;
}

/** The weighted mean of the rule scores, 0–100, before caps. */
export function weightedMean(scores: readonly RuleScore[]): number {
  let total = 0;
  let passed = 0;
  for (const s of scores) {
    total += s.weight;
    passed += s.weight * (1 - s.failing / s.applicable);
  }
  return total === 0 ? 100 : (100 * passed) / total;
}

export function scoreServer(input: ScoreInput): Score {
  const { exact, cappedBy } = cappedScore(input);
  // A tiny epsilon keeps exact shares (e.g. 89.9999999 from float sums) from flooring a grade down.
  const score = Math.floor(exact + 1e-9);
  return { score, grade: gradeOf(score), ...(cappedBy ? { cappedBy } : {}) };
}

/** The weighted mean (0 when the handshake failed), then every cap that applies; not rounded. */
function cappedScore(input: ScoreInput): { exact: number; cappedBy?: string } {
  const ruleById = byId(input.rules);
  let exact = input.handshakeOk ? weightedMean(ruleScores(input)) : 0;
  let cappedBy: string | undefined;
  for (const cap of SCORE_CAPS) {
    if (exact > cap.maxScore && cap.applies(input, ruleById)) {
      exact = cap.maxScore;
      cappedBy = cap.reason;
    }
  }
  return { exact, ...(cappedBy ? { cappedBy } : {}) };
}

export interface FixGain {
  readonly ruleId: string;
  /** Points the score gains when this rule passes everywhere, caps included (a fixed spec error lifts its cap). */
  readonly points: number;
  readonly failing: number;
  readonly applicable: number;
}

/** What fixing each failing rule would add to the score, most first: the Top fixes table. */
export function fixGains(input: ScoreInput): FixGain[] {
  if (!input.handshakeOk) return [];
  const now = cappedScore(input).exact;
  return ruleScores(input)
    .filter((s) => s.failing > 0)
    .map((s) => {
      const fixed = cappedScore({ ...input, findings: input.findings.filter((f) => f.ruleId !== s.ruleId) }).exact;
      return { ruleId: s.ruleId, points: fixed - now, failing: s.failing, applicable: s.applicable };
    })
    .sort((a, b) => b.points - a.points || a.ruleId.localeCompare(b.ruleId));
}

export function gradeOf(score: number): Grade {
  return GRADE_BANDS.find(([, floor]) => score >= floor)![0];
}

const WHOLE = '\u0000whole';

/** Which subject of the rule's scope a finding fails. */
function failingKey(subject: Subject, scope: ScoreScope): string {
  if (scope === 'server' || subject.kind === 'server' || subject.kind === 'transport') return WHOLE;
  if (scope === 'parameters') return `${subject.kind}:${subject.name}#${subject.pointer ?? ''}`;
  return `${subject.kind}:${subject.name}`;
}
