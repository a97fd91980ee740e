import { describe } from 'vitest';
import type { HttpBody } from '../../src/model/capture.js';
import rule from '../../rules/http-sse-retry.js';
import { httpCapture, postExchange, responseFrame } from '../helpers/http-exchanges.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'http-sse-retry';
const stream = (body: Partial<HttpBody>): HttpBody => ({
  kind: 'sse',
  bytes: 100,
  events: 1,
  eventIds: ['s1-0'],
  firstEvent: { id: true, empty: true },
  ...body,
});

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts a stream that answered, one closed early with retry, one mcplint cut, and one without ids',
        capture: () =>
          httpCapture(
            [
              postExchange(0, 'tools/list', stream({ events: 2, frames: [0] })),
              postExchange(1, 'ping', stream({ retry: 500 })),
              postExchange(2, 'ping', stream({ truncated: true })),
              postExchange(3, 'ping', { kind: 'sse', bytes: 10, events: 1 }),
            ],
            [responseFrame(0, 1)],
          ),
      },
    ],
    invalid: [
      {
        name: 'reports a stream closed after an event with an id, before the answer, without retry',
        capture: () => httpCapture([postExchange(0, 'ping', stream({}))]),
        findings: [{ messageId: 'noRetry', subject: 'transport', message: /ping/ }],
      },
    ],
  });
});
