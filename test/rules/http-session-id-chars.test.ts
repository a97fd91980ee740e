import { describe, expect, it } from 'vitest';
import type { Capture, HttpExchange } from '../../src/model/capture.js';
import rule from '../../rules/http-session-id-chars.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'http-session-id-chars';
const initialize = (seq: number, sessionId: string): HttpExchange => ({
  seq,
  at: 0,
  phase: 'handshake',
  method: 'POST',
  url: 'http://127.0.0.1:1/mcp',
  purpose: seq === 0 ? 'message' : 'probe',
  rpcMethod: 'initialize',
  requestHeaders: {},
  userHeaders: [],
  status: 200,
  sessionId,
});
const withIds = (...ids: string[]): Capture => ({
  ...makeCapture({ transport: 'http' }),
  exchanges: ids.map((id, i) => initialize(i, id)),
});

describe(RULE, () => {
  it('accepts UUIDs, tokens and every visible ASCII character', () => {
    const visible = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
    expect(runRule(rule, withIds('0f8c4e2a-5b1d-4c7e-9a3f-1e2d3c4b5a69', 'eyJhbGciOi.J9-_x', visible)).findings).toEqual([]);
    expect(runRule(rule, makeCapture({ transport: 'http' })).findings).toEqual([]);
  });

  it('reports a space, a non-ASCII letter and a control character, once for the server', () => {
    for (const [id, char] of [
      ['session 42', 'U+0020 (a space)'],
      ['sessi\u00f3n', 'U+00F3'],
      ['abc\tdef', 'U+0009'],
    ] as const) {
      const result = runRule(rule, withIds(id, id));
      expect(summary(result)).toEqual([`${RULE} invisible transport`]);
      expect(result.findings[0]!.message).toContain(char);
    }
  });

  it('does not apply to 2024-11-05 or 2026-07-28 servers', () => {
    for (const protocolVersion of ['2024-11-05', '2026-07-28']) {
      const capture = { ...makeCapture({ transport: 'http', protocolVersion }), exchanges: [initialize(0, 'a b')] };
      expect(runRule(rule, capture).findings, protocolVersion).toEqual([]);
    }
  });
});
