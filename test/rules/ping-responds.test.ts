import { describe, expect } from 'vitest';
import rule from '../../rules/ping-responds.js';
import { makeCapture } from '../helpers/capture.js';
import { call, closed, error, ran, result, timeout } from '../helpers/probes.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'ping-responds';
const capture = (answer: Parameters<typeof call>[2]) => () => makeCapture({ probes: ran('ping', [call('ping', undefined, answer)]) });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts {}', capture: capture(result({})) },
      { name: 'accepts a result with only _meta', capture: capture(result({ _meta: { trace: 'x' } })) },
      {
        name: 'is skipped when the probe did not run',
        capture: makeCapture({ probes: { ping: { id: 'ping', status: 'skipped', reason: 'protocol probes are turned off' } } }),
        skipped: /^probe ping was skipped: protocol probes are turned off$/,
        assert: (res) =>
          expect(res.skipped).toEqual([
            { ruleId: RULE, applicable: true, reason: 'probe ping was skipped: protocol probes are turned off' },
          ]),
      },
      {
        name: 'does not apply when the probe says so (an era without ping), as recorded by the planner',
        capture: makeCapture({
          probes: {
            ping: { id: 'ping', status: 'skipped', reason: 'ping was removed in protocol 2026-07-28', applicable: false },
          },
        }),
        skipped: /^probe ping was skipped: ping was removed in protocol 2026-07-28$/,
        assert: (res) =>
          expect(res.skipped).toEqual([
            { ruleId: RULE, applicable: false, reason: 'probe ping was skipped: ping was removed in protocol 2026-07-28' },
          ]),
      },
    ],
    invalid: [
      {
        name: 'reports a non-empty result',
        capture: capture(result({ pong: true })),
        findings: [{ messageId: 'notEmpty', subject: 'server' }],
      },
      {
        name: 'reports an error',
        capture: capture(error(-32601, 'Method not found')),
        findings: [{ messageId: 'errorResponse', subject: 'server' }],
      },
      { name: 'reports no answer: a timeout', capture: capture(timeout()), findings: [{ messageId: 'noAnswer', subject: 'server' }] },
      {
        name: 'reports no answer: a closed connection',
        capture: capture(closed()),
        findings: [{ messageId: 'noAnswer', subject: 'server' }],
      },
    ],
  });
});
