import { describe, expect, it } from 'vitest';
import rule from '../../rules/pre-initialize-messages.js';
import type { Frame } from '../../src/model/capture.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/probes.js';

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
  it('reports a notification before the initialize response; log messages and later notifications are fine', () => {
    const frames = handshake([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'starting' } },
      { jsonrpc: '2.0', method: 'notifications/resources/list_changed' },
    ]);
    const res = runRule(rule, makeCapture({ frames }));
    expect(summary(res)).toEqual([`${RULE} early server`]);
    expect(res.findings[0]!.message).toContain('notifications/resources/list_changed before answering initialize');
  });

  it('is silent for a server that waits', () => expect(summary(runRule(rule, makeCapture({ frames: handshake([]) })))).toEqual([]));
});
