import { describe, expect, it } from 'vitest';
import type { Capture, Frame } from '../../src/model/capture.js';
import rule from '../../rules/no-server-requests.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';
import { MODERN_HANDSHAKE } from '../helpers/http-capture.js';

const RULE = 'no-server-requests';
const run = (capture: Capture) => runRule(rule, capture);
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

describe(RULE, () => {
  it('reports each kind of request once', () => {
    const result = run(
      makeCapture({ handshake: modern, frames: [request(0, 'roots/list'), request(1, 'roots/list'), request(2, 'ping')] }),
    );
    expect(summary(result)).toEqual([`${RULE} request server`, `${RULE} request server`]);
  });

  it('accepts notifications', () => {
    const note: Frame = {
      kind: 'message',
      dir: 'recv',
      seq: 0,
      at: 0,
      phase: 'listing',
      bytes: 10,
      message: { jsonrpc: '2.0', method: 'notifications/progress', params: {} },
    };
    expect(run(makeCapture({ handshake: modern, frames: [note] })).findings).toEqual([]);
  });

  it('is skipped for legacy servers, which may send requests', () => {
    expect(run(makeCapture({ frames: [request(0, 'roots/list')] })).skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
