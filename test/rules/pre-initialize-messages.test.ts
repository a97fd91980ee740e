import { describe } from 'vitest';
import rule from '../../rules/pre-initialize-messages.js';
import type { Frame } from '../../src/model/capture.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'pre-initialize-messages';
let seq = 0;
const f = (dir: 'send' | 'recv', message: unknown): Frame =>
  ({ kind: 'message', dir, message, seq: seq++, at: 0, phase: 'before-initialize', bytes: 10 }) as Frame;
const handshake = (early: unknown[]): Frame[] => [
  f('send', { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
  ...early.map((m) => f('recv', m)),
  f('recv', { jsonrpc: '2.0', id: 1, result: {} }),
  f('send', { jsonrpc: '2.0', method: 'notifications/initialized' }),
  f('recv', { jsonrpc: '2.0', method: 'notifications/tools/list_changed' }),
];

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [{ name: 'is silent for a server that waits', capture: () => makeCapture({ frames: handshake([]) }) }],
    invalid: [
      {
        name: 'reports a notification before the initialize response; log messages and later notifications are fine',
        capture: () =>
          makeCapture({
            frames: handshake([
              { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'starting' } },
              { jsonrpc: '2.0', method: 'notifications/resources/list_changed' },
            ]),
          }),
        findings: [
          { messageId: 'early', subject: 'server', message: /notifications\/resources\/list_changed before answering initialize/ },
        ],
      },
    ],
  });
});
