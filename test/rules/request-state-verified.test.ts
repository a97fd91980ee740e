import { describe, expect, it } from 'vitest';
import type { Capture, ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/request-state-verified.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'request-state-verified';
const result = (value: Record<string, unknown>): ProbeAnswer => ({ kind: 'result', ms: 1, frame: -1, resultChars: 50, result: value });
const call = (step: number, answer: ProbeAnswer, params: Record<string, unknown> = { name: 'recommend' }) => ({
  step,
  method: 'prompts/get',
  params,
  purpose: 'p',
  reason: 'r',
  detail: { prompt: 'recommend' },
  connection: 'main' as const,
  answer,
});
const asked = result({ resultType: 'input_required', inputRequests: {}, requestState: 'state-1' });
const capture = (plain: ProbeAnswer, forged: ProbeAnswer): Capture => {
  const probes: Record<string, ProbeRecord> = {
    'prompts-get': { id: 'prompts-get', status: 'ran', data: { calls: [call(1, plain)] } },
    'request-state': {
      id: 'request-state',
      status: 'ran',
      data: { calls: [call(2, forged, { name: 'recommend', requestState: 'forged' })] },
    },
  };
  return makeCapture({ protocolVersion: '2026-07-28', probes });
};

describe(RULE, () => {
  it('accepts a forged state rejected with an error or answered with the InputRequiredResult again', () => {
    expect(
      runRule(rule, capture(asked, { kind: 'error', ms: 1, frame: -1, error: { code: -32602, message: 'bad state' } })).findings,
    ).toEqual([]);
    expect(runRule(rule, capture(asked, asked)).findings).toEqual([]);
  });

  it('does not judge a server that never asked for input with a requestState on that prompt', () => {
    const complete = result({ resultType: 'complete', messages: [] });
    expect(runRule(rule, capture(complete, complete)).findings).toEqual([]);
    expect(runRule(rule, capture(result({ resultType: 'input_required', inputRequests: {} }), complete)).findings).toEqual([]);
  });

  it('reports a completed result for a forged state', () => {
    const found = runRule(rule, capture(asked, result({ resultType: 'complete', messages: [] })));
    expect(summary(found)).toEqual([`${RULE} forgedAccepted server`]);
    expect(found.findings[0]!.message).toContain('"forged"');
  });
});
