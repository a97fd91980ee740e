import { describe } from 'vitest';
import type { Frame } from '../../src/model/capture.js';
import rule from '../../rules/no-server-requests.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';
import { MODERN_HANDSHAKE } from '../helpers/http-capture.js';

const RULE = 'no-server-requests';
const modern = MODERN_HANDSHAKE;
const request = (seq: number, method: string): Frame => ({
  kind: 'message',
  dir: 'recv',
  seq,
  at: 0,
  phase: 'listing',
  bytes: 10,
  message: { jsonrpc: '2.0', id: `s${seq}`, method },
});
const note: Frame = {
  kind: 'message',
  dir: 'recv',
  seq: 0,
  at: 0,
  phase: 'listing',
  bytes: 10,
  message: { jsonrpc: '2.0', method: 'notifications/progress', params: {} },
};

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts notifications', capture: () => makeCapture({ handshake: modern, frames: [note] }) },
      {
        name: 'is skipped for legacy servers, which may send requests',
        capture: () => makeCapture({ frames: [request(0, 'roots/list')] }),
        skipped: /introduced in protocol 2026-07-28; the server negotiated 2025-11-25/,
      },
    ],
    invalid: [
      {
        name: 'reports each kind of request once',
        capture: () => makeCapture({ handshake: modern, frames: [request(0, 'roots/list'), request(1, 'roots/list'), request(2, 'ping')] }),
        findings: [
          { messageId: 'request', subject: 'server' },
          { messageId: 'request', subject: 'server' },
        ],
      },
    ],
  });
});
