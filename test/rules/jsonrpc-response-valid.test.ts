import { describe } from 'vitest';
import rule from '../../rules/jsonrpc-response-valid.js';
import type { Frame } from '../../src/model/capture.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

let seq = 0;
const frame = (dir: 'send' | 'recv', message: unknown, connection?: number): Frame =>
  ({ kind: 'message', dir, message, seq: seq++, at: 0, phase: 'probe:ping', bytes: 10, ...(connection ? { connection } : {}) }) as Frame;
const ping = (id: unknown, connection?: number) => frame('send', { jsonrpc: '2.0', id, method: 'ping' }, connection);
const answer = (id: unknown, body: Record<string, unknown> = { result: {} }, connection?: number) =>
  frame('recv', { jsonrpc: '2.0', id, ...body }, connection);
const capture = (frames: () => Frame[]) => () => makeCapture({ frames: frames() });

describe('jsonrpc-response-valid', () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts one answer per request',
        capture: capture(() => [ping(1), answer(1), ping(2), answer(2, { error: { code: -32601, message: 'no' } })]),
      },
      {
        name: 'accepts id null on a parse error',
        capture: capture(() => [ping(1), answer(null, { error: { code: -32700, message: 'Parse error' } }), answer(1)]),
      },
      {
        name: 'accepts id null when mcplint sent something unreadable on that connection',
        capture: capture(() => [
          frame('send', [{ jsonrpc: '2.0', id: 1, method: 'ping' }]),
          answer(null, { error: { code: -32603, message: 'no batches' } }),
        ]),
      },
      {
        name: 'matches the ids of a restarted server within its own process',
        capture: capture(() => [ping(1), answer(1), ping(1, 2), answer(1, undefined, 2)]),
      },
      {
        name: 'leaves id null over HTTP alone (a request the transport refused)',
        capture: capture(() => [
          ping(1),
          { ...answer(null, { error: { code: -32000, message: 'Bad Request' } }), http: { exchange: 0 } } as Frame,
        ]),
      },
      { name: 'leaves ids mcplint never sent to response-id-echo', capture: capture(() => [ping(1), answer(1), answer(7), answer(7)]) },
    ],
    invalid: [
      {
        name: 'reports requests answered more than once in one finding',
        capture: capture(() => [ping(1), answer(1), answer(1), answer(1), ping(2), answer(2), answer(2)]),
        findings: [
          {
            messageId: 'duplicate',
            subject: 'server',
            message: /answered 2 requests more than once \(ping id 1: 3 responses; ping id 2: 2 responses\)/,
          },
        ],
      },
      {
        name: 'reports a response with both result and error',
        capture: capture(() => [ping(1), answer(1, { result: {}, error: { code: -32603, message: 'x' } })]),
        findings: [{ messageId: 'bothMembers', subject: 'server' }],
      },
      {
        name: 'reports a result with id null',
        capture: capture(() => [ping(1), answer(null)]),
        findings: [{ messageId: 'nullIdResult', subject: 'server' }],
      },
      {
        name: 'reports an error with id null about a readable request',
        capture: capture(() => [ping(1), answer(null, { error: { code: -32603, message: 'Internal error' } })]),
        findings: [{ messageId: 'nullIdError', subject: 'server', message: /error -32603 and id null/ }],
      },
      {
        name: 'reports error objects without an integer code or a string message',
        capture: capture(() => [
          ping(1),
          answer(1, { error: { code: '-32603', message: 'x' } }),
          ping(2),
          answer(2, { error: { code: -32603.5 } }),
          ping(3),
          answer(3, { error: 'failed' }),
        ]),
        findings: [
          { messageId: 'errorShape', subject: 'server', message: /has the code "-32603", not an integer/ },
          { messageId: 'errorShape', subject: 'server', message: /has the code -32603.5, not an integer and has no "message"/ },
          { messageId: 'errorShape', subject: 'server', message: /is a string, not an object/ },
        ],
      },
    ],
  });
});
