/**
 * Unit-testing one rule over in-memory captures, in the spirit of ESLint's RuleTester: `valid`
 * cases must run the rule and yield nothing, `invalid` cases state the findings they expect
 * (messageId and subject, optionally the message, level, evidence and frame); `assert` adds
 * what a table cannot say. Like ESLint's, the tester refuses two cases with one name or with the
 * same input, and options that the rule's own option schema rejects, so a table cannot pass by
 * testing one thing twice or an option the rule would never be given. `runRule` is the one setup
 * line for tests that are not case tables (cross-rule properties, the real-fixture checks).
 */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/config.js';
import { jsonText } from '../../src/shared/json-text.js';
import type { Capture } from '../../src/model/capture.js';
import { subjectKey, type Level, type PeerServer, type RuleDefinition, type Severity } from '../../src/engine/rule.js';
import { runRules, type Finding, type RunResult } from '../../src/engine/run.js';
import type { SourceIndex } from '../../src/model/source-index.js';

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
  /** The quoted evidence: exact, matched (RegExp), or `null` for none. */
  readonly evidence?: string | RegExp | null;
  /** Index into capture.frames of the frame the finding points at (`null`: it points at none). */
  readonly frame?: number | null;
}

interface Case extends RunSpec {
  /** What the case shows; the test's title. */
  readonly name: string;
  /** The capture, or a function building it (built when the case runs). */
  readonly capture: Capture | (() => Capture);
  /** Further assertions on the whole result, after the case's own (skips, located data, counts). */
  readonly assert?: (result: RunResult) => void;
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
  if (expected?.evidence !== undefined) shown.evidence = finding.evidence ?? null;
  if (expected?.frame !== undefined) shown.frame = finding.frame ?? null;
  return shown;
}

/** Assert a run's findings are exactly these (messages given as a RegExp are matched). */
export function expectFindings(result: RunResult, expected: readonly ExpectedFinding<string>[]): void {
  const actual = result.findings.map((f, i) => project(f, expected[i]));
  const wanted = expected.map((e) => {
    const shown: Record<string, unknown> = { messageId: e.messageId, subject: e.subject };
    if (e.message !== undefined) shown.message = typeof e.message === 'string' ? e.message : expect.stringMatching(e.message);
    if (e.level !== undefined) shown.level = e.level;
    if (e.evidence !== undefined) shown.evidence = e.evidence instanceof RegExp ? expect.stringMatching(e.evidence) : e.evidence;
    if (e.frame !== undefined) shown.frame = e.frame;
    return shown;
  });
  expect(actual).toEqual(wanted);
}

/** Problems with a table itself: repeated names, repeated inputs, options the rule's schema rejects. */
export function tableProblems(rule: AnyRule, cases: readonly Case[]): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  const inputs = new Map<string, string>();
  for (const c of cases) {
    if (names.has(c.name)) problems.push(`two cases are named "${c.name}"`);
    names.add(c.name);
    const input = jsonText([captureOf(c), c.options ?? null, c.level ?? null, c.source ?? null, c.peers ?? null]) ?? '';
    const twin = inputs.get(input);
    if (twin !== undefined) problems.push(`"${c.name}" has the same input as "${twin}"`);
    else inputs.set(input, c.name);
    if (c.options === undefined) continue;
    // The options go through the config loader's own check, as a user's config would.
    try {
      validateConfig({ rules: { [rule.id]: ['warning', c.options] } }, [rule], c.name);
    } catch (error) {
      problems.push(`"${c.name}": ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}

/** The tester of one rule: `ruleTester(rule).run({ valid, invalid })` declares one test per case. */
export function ruleTester<M extends string, O>(rule: RuleDefinition<M, O>) {
  const anyRule = rule as AnyRule;
  return {
    run(cases: RuleCases<M>): void {
      it('has a well-formed case table', () => {
        expect(tableProblems(anyRule, [...(cases.valid ?? []), ...(cases.invalid ?? [])])).toEqual([]);
      });
      if (cases.valid?.length)
        describe('valid', () => {
          for (const c of cases.valid ?? []) {
            it(c.name, () => {
              const result = runRule(anyRule, captureOf(c), c);
              expect(result.findings).toEqual([]);
              if (c.skipped) expect(result.skipped.find((s) => s.ruleId === rule.id)?.reason).toMatch(c.skipped);
              else expect(result.skipped, `${rule.id} must run for a valid case to mean anything`).toEqual([]);
              c.assert?.(result);
            });
          }
        });
      if (cases.invalid?.length)
        describe('invalid', () => {
          for (const c of cases.invalid ?? []) {
            it(c.name, () => {
              expect(c.findings.length, 'an invalid case expects at least one finding').toBeGreaterThan(0);
              const result = runRule(anyRule, captureOf(c), c);
              expectFindings(result, c.findings);
              c.assert?.(result);
            });
          }
        });
    },
  };
}
