/**
 * Unit-testing one rule over in-memory captures, in the spirit of ESLint's RuleTester: `valid`
 * cases must run the rule and yield nothing, `invalid` cases state the findings they expect
 * (messageId and subject, optionally the message, level and evidence). `runRule` is the one setup
 * line every rule test shares, for the assertions the case tables do not cover.
 */
import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/capture.js';
import { subjectKey, type Level, type PeerServer, type RuleDefinition, type Severity } from '../../src/engine/rule.js';
import { runRules, type Finding, type RunResult } from '../../src/engine/run.js';
import type { SourceIndex } from '../../src/source/types.js';

export interface RunSpec {
  /** Rule options (merged over the rule's defaults, as a config would). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** The level to run at; by default the rule's own, and warning for rules that are off by default. */
  readonly level?: Exclude<Level, 'off'>;
  readonly source?: SourceIndex;
  readonly peers?: readonly PeerServer[];
}

type AnyRule = RuleDefinition<string, any>;

/** Run one rule module over a capture. */
export function runRule(rule: AnyRule, capture: Capture, spec: RunSpec = {}): RunResult {
  const level = spec.level ?? (rule.severity === 'off' ? 'warning' : rule.severity);
  return runRules(capture, {
    rules: [rule],
    settings: new Map([[rule.id, { level, options: { ...spec.options } }]]),
    ...(spec.source ? { source: spec.source } : {}),
    ...(spec.peers ? { peers: spec.peers } : {}),
  });
}

/** What an invalid case expects of one finding; unset optional fields are not compared. */
export interface ExpectedFinding<M extends string> {
  readonly messageId: M;
  /** subjectKey of the subject: "server", "transport", "tool:name", "tool:name#/pointer", … */
  readonly subject: string;
  readonly message?: string | RegExp;
  readonly level?: Severity;
  readonly evidence?: string;
}

interface Case extends RunSpec {
  /** What the case shows; the test's title. */
  readonly name: string;
  /** The capture, or a function building it (built when the case runs). */
  readonly capture: Capture | (() => Capture);
}

export interface ValidCase extends Case {
  /**
   * By default a valid case must run the rule, so a rule that was skipped cannot pass vacuously.
   * Set this to the expected skip reason when the point of the case is that the rule does not run.
   */
  readonly skipped?: RegExp;
}

export interface InvalidCase<M extends string> extends Case {
  /** Every finding, in the order the runner reports them. */
  readonly findings: readonly ExpectedFinding<M>[];
}

export interface RuleCases<M extends string> {
  readonly valid?: readonly ValidCase[];
  readonly invalid?: readonly InvalidCase<M>[];
}

const captureOf = (c: Case): Capture => (typeof c.capture === 'function' ? c.capture() : c.capture);

/** A finding projected onto the fields an expectation states, so toEqual shows a readable diff. */
function project(finding: Finding, expected: ExpectedFinding<string> | undefined): Record<string, unknown> {
  const shown: Record<string, unknown> = { messageId: finding.messageId, subject: subjectKey(finding.subject) };
  if (expected?.message !== undefined) shown.message = finding.message;
  if (expected?.level !== undefined) shown.level = finding.level;
  if (expected?.evidence !== undefined) shown.evidence = finding.evidence;
  return shown;
}

/** Assert a run's findings are exactly these (messages given as a RegExp are matched). */
export function expectFindings(result: RunResult, expected: readonly ExpectedFinding<string>[]): void {
  const actual = result.findings.map((f, i) => project(f, expected[i]));
  const wanted = expected.map((e) => {
    const shown: Record<string, unknown> = { messageId: e.messageId, subject: e.subject };
    if (e.message !== undefined) shown.message = typeof e.message === 'string' ? e.message : expect.stringMatching(e.message);
    if (e.level !== undefined) shown.level = e.level;
    if (e.evidence !== undefined) shown.evidence = e.evidence;
    return shown;
  });
  expect(actual).toEqual(wanted);
}

/** The tester of one rule: `ruleTester(rule).run({ valid, invalid })` declares one test per case. */
export function ruleTester<M extends string, O>(rule: RuleDefinition<M, O>) {
  const anyRule = rule as AnyRule;
  return {
    run(cases: RuleCases<M>): void {
      if (cases.valid?.length)
        describe('valid', () => {
          for (const c of cases.valid ?? []) {
            it(c.name, () => {
              const result = runRule(anyRule, captureOf(c), c);
              expect(result.findings).toEqual([]);
              if (c.skipped) expect(result.skipped.find((s) => s.ruleId === rule.id)?.reason).toMatch(c.skipped);
              else expect(result.skipped, `${rule.id} must run for a valid case to mean anything`).toEqual([]);
            });
          }
        });
      if (cases.invalid?.length)
        describe('invalid', () => {
          for (const c of cases.invalid ?? []) {
            it(c.name, () => {
              expect(c.findings.length, 'an invalid case expects at least one finding').toBeGreaterThan(0);
              expectFindings(runRule(anyRule, captureOf(c), c), c.findings);
            });
          }
        });
    },
  };
}
