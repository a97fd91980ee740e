import { describe } from 'vitest';
import type { Frame } from '../../src/model/capture.js';
import rule from '../../rules/result-type-present.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';
import { MODERN_HANDSHAKE } from '../helpers/http-capture.js';

const RULE = 'result-type-present';
const modern = MODERN_HANDSHAKE;
let seq = 0;
const send = (id: number, method: string): Frame => ({
  kind: 'message',
  dir: 'send',
  seq: seq++,
  at: 0,
  phase: 'listing',
  bytes: 10,
  message: { jsonrpc: '2.0', id, method },
});
const recv = (id: number, result: unknown): Frame => ({
  kind: 'message',
  dir: 'recv',
  seq: seq++,
  at: 0,
  phase: 'listing',
  bytes: 10,
  message: { jsonrpc: '2.0', id, result },
});

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts results with resultType',
        capture: () => makeCapture({ handshake: modern, frames: [send(1, 'tools/list'), recv(1, { resultType: 'complete', tools: [] })] }),
      },
      {
        name: 'is skipped for legacy servers',
        capture: () => makeCapture({ frames: [send(1, 'tools/list'), recv(1, { tools: [] })] }),
        skipped: /2026-07-28/,
      },
    ],
    invalid: [
      {
        name: 'reports a missing resultType once per method, and ignores server/discover',
        capture: () =>
          makeCapture({
            handshake: modern,
            frames: [
              send(1, 'server/discover'),
              recv(1, {}),
              send(2, 'tools/list'),
              recv(2, { tools: [] }),
              send(3, 'tools/list'),
              recv(3, { tools: [] }),
            ],
          }),
        findings: [{ messageId: 'missing', subject: 'server', message: /tools\/list/ }],
      },
      {
        name: 'reports an unknown resultType',
        capture: () => makeCapture({ handshake: modern, frames: [send(1, 'prompts/list'), recv(1, { resultType: 'done' })] }),
        findings: [{ messageId: 'invalid', subject: 'server' }],
      },
    ],
  });
});
