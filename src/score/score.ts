/**
 * The 0–100 score and A–F grade, proportional in the manner of Lighthouse, and stable within a
 * major version (docs/scoring.md):
 *
 * - every rule that ran on the server itself has a weight, from its metadata only: level weight ×
 *   category weight (rules about the run around it, its client-config entry and the other servers,
 *   are not scored: src/score/rule-scope.ts);
 * - its score is the share of the subjects it applies to (the server, its tools, their parameters,
 *   prompts or resources) that pass (src/score/verdicts.ts): a finding about the server as a whole
 *   fails the tools it names, or every subject when it names none;
 * - the server's score is the weighted mean, rounded down, so any defect shows below 100;
 * - caps then bound the result: one defect that breaks clients outweighs any average.
 *
 * A rule with no applicable subject (prompt rules on a server without prompts) is left out.
 */
import type { Category, Severity } from '../engine/rule.js';
import { judgesServerItself, ruleScope, type ScoredRule, type ScoreScope, type SubjectCounts } from './rule-scope.js';
import { byId, ruleVerdicts, type VerdictInput } from './verdicts.js';

export { ruleScope, type ScoredRule, type ScoreScope, type SubjectCounts };

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
  manifest: 1,
  lifecycle: 0.5,
  stdio: 0.5,
  http: 0.5,
};

export function ruleWeight(rule: ScoredRule): number {
  const level = rule.severity === 'off' ? 'note' : rule.severity;
  return LEVEL_WEIGHTS[level] * CATEGORY_WEIGHTS[rule.category];
}

/** The server's verdicts (src/score/verdicts.ts), and whether it answered the handshake at all. */
export interface ScoreInput extends VerdictInput {
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

/** Every scored rule with at least one applicable subject, with how many of them fail (src/score/verdicts.ts). */
export function ruleScores(input: ScoreInput): RuleScore[] {
  return ruleVerdicts(scoredInput(input)).map((v) => ({
    ruleId: v.rule.id,
    weight: ruleWeight(v.rule),
    applicable: v.applicable,
    failing: v.failing,
  }));
}

/**
 * The input without the rules about the run around the server (src/score/rule-scope.ts
 * judgesServerItself) and their findings: the server is scored on itself, wherever it was linted.
 */
function scoredInput(input: ScoreInput): ScoreInput {
  const ruleById = byId(input.rules);
  const scored = (id: string) => {
    const rule = ruleById.get(id);
    return rule === undefined || judgesServerItself(rule);
  };
  if (input.ran.every(scored) && input.findings.every((f) => scored(f.ruleId))) return input;
  return { ...input, ran: input.ran.filter(scored), findings: input.findings.filter((f) => scored(f.ruleId)) };
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
function cappedScore(all: ScoreInput): { exact: number; cappedBy?: string } {
  const input = scoredInput(all);
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
