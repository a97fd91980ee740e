import { describe } from 'vitest';
import rule from '../../rules/response-id-echo.js';
import type { Frame } from '../../src/model/capture.js';
import { makeCapture } from '../helpers/capture.js';
import { call, ran, result, timeout } from '../helpers/probes.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'response-id-echo';
let seq = 0;
const frame = (dir: 'send' | 'recv', message: unknown, connection?: number): Frame =>
  ({
    kind: 'message',
    dir,
    message,
    seq: seq++,
    at: 0,
    phase: 'probe:request-ids',
    bytes: 10,
    ...(connection ? { connection } : {}),
  }) as Frame;
const probes = ran('request-ids', [
  call('ping', undefined, result({}), { id: 'mcplint-\u00e9-1' }),
  call('ping', undefined, result({}), { id: 424242 }),
]);
const capture = (frames: () => Frame[]) => () => makeCapture({ frames: frames(), probes });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts exact echoes',
        capture: capture(() => [
          frame('send', { jsonrpc: '2.0', id: 'mcplint-\u00e9-1', method: 'ping' }),
          frame('recv', { jsonrpc: '2.0', id: 'mcplint-\u00e9-1', result: {} }),
        ]),
      },
      {
        name: 'ignores error responses with id null (the id could not be read)',
        capture: capture(() => [frame('recv', { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })]),
      },
    ],
    invalid: [
      {
        name: 'reports an id whose type changed',
        capture: capture(() => [
          frame('send', { jsonrpc: '2.0', id: 424242, method: 'ping' }),
          frame('recv', { jsonrpc: '2.0', id: '424242', result: {} }),
        ]),
        findings: [{ messageId: 'typeChanged', subject: 'server', message: /424242 \(a number\) with id "424242" \(a string\)/ }],
      },
      {
        name: 'reports a mangled string id',
        capture: capture(() => [
          frame('send', { jsonrpc: '2.0', id: 'mcplint-\u00e9-1', method: 'ping' }),
          frame('recv', { jsonrpc: '2.0', id: 'mcplint-\u00c3\u00a9-1', result: {} }),
        ]),
        findings: [{ messageId: 'unknownId', subject: 'server', message: /\(mcplint sent "mcplint-\u00e9-1"\)/ }],
      },
      {
        name: 'ids of a restarted server process are matched within that process',
        capture: capture(() => [
          frame('send', { jsonrpc: '2.0', id: 1, method: 'initialize' }),
          frame('recv', { jsonrpc: '2.0', id: 1, result: {} }),
          frame('recv', { jsonrpc: '2.0', id: 1, result: {} }, 2),
        ]),
        findings: [{ messageId: 'unknownId', subject: 'server' }],
      },
      {
        name: 'reports silence for the string id when nothing came back at all',
        capture: () => makeCapture({ probes: ran('request-ids', [call('ping', undefined, timeout(), { id: 'mcplint-\u00e9-1' })]) }),
        findings: [{ messageId: 'noAnswer', subject: 'server' }],
      },
    ],
  });
});
