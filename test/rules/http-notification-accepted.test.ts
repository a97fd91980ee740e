import { describe, expect } from 'vitest';
import type { ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-notification-accepted.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'http-notification-accepted';
const probe = (data: Record<string, unknown>): Record<string, ProbeRecord> => ({
  'http-notification': {
    id: 'http-notification',
    status: 'ran',
    data: { exchange: 1, bodyBytes: 0, method: 'notifications/initialized', ...data },
  },
});
const answered = (data: Record<string, unknown>) => () => makeCapture({ transport: 'http', probes: probe(data) });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts 202 with no body', capture: answered({ status: 202 }) },
      { name: 'allows refusing with an error status', capture: answered({ status: 400 }) },
      {
        name: 'is skipped over stdio',
        capture: () => makeCapture({ probes: probe({ status: 200 }) }),
        skipped: /^the transport is stdio, not HTTP$/,
        assert: (result) => expect(result.skipped).toHaveLength(1),
      },
      {
        name: 'is skipped when the probe did not run',
        capture: () =>
          makeCapture({
            transport: 'http',
            probes: { 'http-notification': { id: 'http-notification', status: 'skipped', reason: 'modern' } },
          }),
        skipped: /modern/,
      },
    ],
    invalid: [
      {
        name: 'reports a 200 answer',
        capture: answered({ status: 200, bodyBytes: 11 }),
        findings: [{ messageId: 'wrongStatus', subject: 'transport' }],
      },
      {
        name: 'reports a 202 with a body',
        capture: answered({ status: 202, bodyBytes: 8 }),
        findings: [{ messageId: 'body', subject: 'transport' }],
      },
    ],
  });
});
