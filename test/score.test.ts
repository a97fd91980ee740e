import { describe, expect, it } from 'vitest';
import type { Finding } from '../src/engine/run.js';
import type { Severity } from '../src/engine/rule.js';
import { INCOMPLETE_LIST_CAP, scoreFindings } from '../src/engine/score.js';

const CATEGORIES: Record<string, string> = { 'lists-complete': 'lifecycle', 'advertised-lists-work': 'lifecycle', 'secrets-in-surface': 'security' };
const categoryOf = (id: string) => CATEGORIES[id] ?? 'naming';

function finding(ruleId: string, messageId: string, level: Severity = 'error'): Finding {
  return { ruleId, messageId, level, message: '', subject: { kind: 'server' }, fingerprint: `${ruleId}/${messageId}` };
}

describe('scoreFindings: a list that never completed', () => {
  it('caps the score at 69, a D, whatever else the server gets right', () => {
    expect(INCOMPLETE_LIST_CAP).toBe(69);
    expect(scoreFindings([finding('lists-complete', 'flooded')], categoryOf)).toEqual({ score: 69, grade: 'D' });
    expect(scoreFindings([finding('lists-complete', 'pageCap'), finding('output-flood', 'stdoutCap', 'warning')], categoryOf)).toEqual({
      score: 69,
      grade: 'D',
    });
  });

  it('counts a list that timed out as never completed', () => {
    expect(scoreFindings([finding('advertised-lists-work', 'timeout')], categoryOf)).toEqual({ score: 69, grade: 'D' });
  });

  it('keeps lower scores and the security cap as they were', () => {
    const many = ['a', 'b', 'c', 'd'].map((r) => finding(`rule-${r}`, 'x'));
    expect(scoreFindings([...many, finding('lists-complete', 'loop')], categoryOf)).toEqual({ score: 50, grade: 'F' });
    expect(scoreFindings([finding('secrets-in-surface', 'x'), finding('lists-complete', 'loop')], categoryOf)).toEqual({ score: 50, grade: 'F' });
  });

  it('leaves every other score unchanged', () => {
    expect(scoreFindings([finding('advertised-lists-work', 'errorResponse')], categoryOf)).toEqual({ score: 90, grade: 'A' });
    expect(scoreFindings([finding('output-flood', 'stdoutCap', 'warning')], categoryOf)).toEqual({ score: 97, grade: 'A' });
    // A user who lowers the rule to a warning has chosen not to fail on it.
    expect(scoreFindings([finding('lists-complete', 'flooded', 'warning')], categoryOf)).toEqual({ score: 97, grade: 'A' });
    expect(scoreFindings([], categoryOf)).toEqual({ score: 100, grade: 'A' });
  });
});
