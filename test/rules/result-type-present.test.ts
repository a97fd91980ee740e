import { describe, expect, it } from 'vitest';
import type { Capture, Frame } from '../../src/model/capture.js';
import rule from '../../rules/result-type-present.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';
import { MODERN_HANDSHAKE } from '../helpers/http-capture.js';

const RULE = 'result-type-present';
const run = (capture: Capture) => runRule(rule, capture);
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
  it('accepts results with resultType', () => {
    const frames = [send(1, 'tools/list'), recv(1, { resultType: 'complete', tools: [] })];
    expect(run(makeCapture({ handshake: modern, frames })).findings).toEqual([]);
  });

  it('reports a missing resultType once per method, and ignores server/discover', () => {
    const frames = [
      send(1, 'server/discover'),
      recv(1, {}),
      send(2, 'tools/list'),
      recv(2, { tools: [] }),
      send(3, 'tools/list'),
      recv(3, { tools: [] }),
    ];
    const result = run(makeCapture({ handshake: modern, frames }));
    expect(summary(result)).toEqual([`${RULE} missing server`]);
    expect(result.findings[0]!.message).toContain('tools/list');
  });

  it('reports an unknown resultType', () => {
    expect(summary(run(makeCapture({ handshake: modern, frames: [send(1, 'prompts/list'), recv(1, { resultType: 'done' })] })))).toEqual([
      `${RULE} invalid server`,
    ]);
  });

  it('is skipped for legacy servers', () => {
    const result = run(makeCapture({ frames: [send(1, 'tools/list'), recv(1, { tools: [] })] }));
    expect(result.findings).toEqual([]);
    expect(result.skipped[0]!.reason).toContain('2026-07-28');
  });
});
