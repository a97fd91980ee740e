import { describe } from 'vitest';
import type { ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-get-stream.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'http-get-stream';
const probe = (data: Record<string, unknown>): Record<string, ProbeRecord> => ({
  'http-get': { id: 'http-get', status: 'ran', data: { exchange: 3, bodyBytes: 0, ...data } },
});
const answered =
  (data: Record<string, unknown>, protocolVersion = '2025-11-25') =>
  () =>
    makeCapture({ transport: 'http', protocolVersion, probes: probe(data) });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts 405', capture: answered({ status: 405 }) },
      { name: 'accepts an event stream', capture: answered({ status: 200, contentType: 'text/event-stream' }) },
    ],
    invalid: [
      {
        name: 'reports other statuses',
        capture: answered({ status: 404 }),
        findings: [{ messageId: 'wrongStatus', subject: 'transport', level: 'error', message: /protocol 2025-11-25 says it must either/ }],
      },
      {
        name: 'reports them one level milder, as a SHOULD, from 2026-07-28',
        capture: answered({ status: 404 }, '2026-07-28'),
        findings: [
          { messageId: 'wrongStatus', subject: 'transport', level: 'warning', message: /protocol 2026-07-28 says it should either/ },
        ],
      },
      {
        name: 'reports a 200 that is not an event stream',
        capture: answered({ status: 200, contentType: 'text/html' }),
        findings: [{ messageId: 'wrongType', subject: 'transport', message: /text\/html/ }],
      },
    ],
  });
});
