import { describe, expect, it } from 'vitest';
import rule from '../rules/tool-description-length.js';
import titleRule from '../rules/tool-title-present.js';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { makeCapture } from './helpers/capture.js';
import { expectFindings, tableProblems } from './helpers/rule-tester.js';

const capture = () => makeCapture({ tools: cleanTools() });

describe('the rule tester refuses a table that tests less than it says', () => {
  it('accepts distinct cases with valid options', () => {
    expect(
      tableProblems(titleRule, [
        { name: 'a', capture },
        { name: 'b', capture, level: 'error' },
      ]),
    ).toEqual([]);
  });

  it('names two cases with one name, and two cases with one input', () => {
    expect(
      tableProblems(titleRule, [
        { name: 'a', capture },
        { name: 'a', capture: () => makeCapture({ tools: [] }) },
        { name: 'c', capture },
      ]),
    ).toEqual(['two cases are named "a"', '"c" has the same input as "a"']);
  });

  it("checks options against the rule's own schema, as a config would be", () => {
    const problems = tableProblems(rule, [{ name: 'bad', capture, options: { nonsense: true } }]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^"bad": .*tool-description-length/);
    expect(tableProblems(titleRule, [{ name: 'none', capture, options: { x: 1 } }])).toHaveLength(1);
  });
});

describe('expectFindings', () => {
  const finding = (evidence?: string) => ({
    ruleId: 'r',
    messageId: 'm',
    level: 'warning' as const,
    message: 'text',
    subject: { kind: 'server' as const },
    fingerprint: 'f',
    ...(evidence === undefined ? {} : { evidence }),
  });
  const result = (evidence?: string) => ({ findings: [finding(evidence)], ignored: [], skipped: [], ran: ['r'] });

  it('matches evidence exactly, by pattern, or as absent', () => {
    expectFindings(result('abc'), [{ messageId: 'm', subject: 'server', evidence: 'abc' }]);
    expectFindings(result('abc'), [{ messageId: 'm', subject: 'server', evidence: /^a/ }]);
    expectFindings(result(), [{ messageId: 'm', subject: 'server', evidence: null }]);
    expect(() => expectFindings(result('abc'), [{ messageId: 'm', subject: 'server', evidence: null }])).toThrow();
    expect(() => expectFindings(result('abc'), [{ messageId: 'm', subject: 'server', evidence: /^b/ }])).toThrow();
  });
});
