import { describe } from 'vitest';
import type { HttpBody } from '../../src/model/capture.js';
import rule from '../../rules/http-sse-priming.js';
import { httpCapture, postExchange } from '../helpers/http-exchanges.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'http-sse-priming';
const stream = (body: Partial<HttpBody>): HttpBody => ({ kind: 'sse', bytes: 100, events: 2, ...body });
const primed = stream({ eventIds: ['s1-0', 's1-1'], firstEvent: { id: true, empty: true } });
const plain = stream({ firstEvent: { id: false, empty: false } });
const unrecorded = stream({ eventIds: ['s2-1'] });
const unprimed = (firstEvent: { id: boolean; empty: boolean }) => stream({ eventIds: ['s2-1'], firstEvent });
const onVersion = (version: string) => () =>
  httpCapture([postExchange(0, 'ping', stream({ eventIds: ['1'], firstEvent: { id: true, empty: false } }))], [], version);

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts primed streams and JSON answers',
        capture: () => httpCapture([postExchange(0, 'initialize', { kind: 'json', bytes: 50 }), postExchange(1, 'tools/list', primed)]),
      },
      {
        name: 'accepts streams without event ids (not resumable)',
        capture: () => httpCapture([postExchange(0, 'tools/list', plain), postExchange(1, 'ping', plain)]),
      },
      {
        name: 'does not judge streams whose first event was not recorded (a capture saved before mcplint recorded it)',
        capture: () => httpCapture([postExchange(0, 'tools/list', unrecorded), postExchange(1, 'ping', unrecorded)]),
      },
      {
        name: 'applies to 2025-11-25 only: not 2025-06-18',
        capture: onVersion('2025-06-18'),
        skipped: /introduced in protocol 2025-11-25; the server negotiated 2025-06-18/,
      },
      {
        name: 'applies to 2025-11-25 only: not 2026-07-28',
        capture: onVersion('2026-07-28'),
        skipped: /of protocol 2025-11-25 and earlier; the server negotiated 2026-07-28/,
      },
    ],
    invalid: [
      {
        name: 'reports a resumable server whose stream opens with a message, once',
        capture: () =>
          httpCapture([
            postExchange(0, 'tools/list', primed),
            postExchange(1, 'ping', unprimed({ id: true, empty: false })),
            postExchange(2, 'ping', unprimed({ id: true, empty: false })),
          ]),
        findings: [{ messageId: 'notPrimed', subject: 'transport', message: /ping/ }],
      },
      {
        name: 'reports a resumable server whose stream opens with an id-less event, once',
        capture: () =>
          httpCapture([
            postExchange(0, 'tools/list', primed),
            postExchange(1, 'ping', unprimed({ id: false, empty: true })),
            postExchange(2, 'ping', unprimed({ id: false, empty: true })),
          ]),
        findings: [{ messageId: 'notPrimed', subject: 'transport', message: /ping/ }],
      },
    ],
  });
});
