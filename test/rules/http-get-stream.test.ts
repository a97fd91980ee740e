import { describe } from 'vitest';
import type { ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-get-stream.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'http-get-stream';
const probe = (data: Record<string, unknown>): Record<string, ProbeRecord> => ({
  'http-get': { id: 'http-get', status: 'ran', data: { exchange: 3, bodyBytes: 0, ...data } },
});
const answered = (data: Record<string, unknown>) => () => makeCapture({ transport: 'http', probes: probe(data) });

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
        findings: [{ messageId: 'wrongStatus', subject: 'transport' }],
      },
      {
        name: 'reports a 200 that is not an event stream',
        capture: answered({ status: 200, contentType: 'text/html' }),
        findings: [{ messageId: 'wrongType', subject: 'transport', message: /text\/html/ }],
      },
    ],
  });
});
