import { describe } from 'vitest';
import type { Capture, ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/request-state-verified.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

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
const complete = result({ resultType: 'complete', messages: [] });
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
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts a forged state rejected with an error',
        capture: capture(asked, { kind: 'error', ms: 1, frame: -1, error: { code: -32602, message: 'bad state' } }),
      },
      { name: 'accepts a forged state answered with the InputRequiredResult again', capture: capture(asked, asked) },
      { name: 'does not judge a server that never asked for input on that prompt', capture: capture(complete, complete) },
      {
        name: 'does not judge a server that asked for input without a requestState',
        capture: capture(result({ resultType: 'input_required', inputRequests: {} }), complete),
      },
    ],
    invalid: [
      {
        name: 'reports a completed result for a forged state',
        capture: capture(asked, complete),
        findings: [{ messageId: 'forgedAccepted', subject: 'server', message: /"forged"/ }],
      },
    ],
  });
});
