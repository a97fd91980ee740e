import { describe, expect, it } from 'vitest';
import rule from '../../rules/undeclared-server-requests.js';
import type { Frame } from '../../src/model/capture.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/probes.js';

const RULE = 'undeclared-server-requests';
const recv = (message: unknown, seq: number): Frame =>
  ({ kind: 'message', dir: 'recv', message, seq, at: 0, phase: 'listing', bytes: 10 }) as Frame;

describe(RULE, () => {
  it('reports sampling, roots and elicitation requests and unknown server requests; ping is fine', () => {
    const frames = [
      recv({ jsonrpc: '2.0', id: 1, method: 'ping' }, 0),
      recv({ jsonrpc: '2.0', id: 2, method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } }, 1),
      recv({ jsonrpc: '2.0', id: 3, method: 'roots/list' }, 2),
      recv({ jsonrpc: '2.0', id: 4, method: 'elicitation/create', params: {} }, 3),
      recv({ jsonrpc: '2.0', id: 5, method: 'acme/whoami' }, 4),
      recv({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }, 5),
    ];
    const res = runRule(rule, makeCapture({ frames }));
    expect(summary(res)).toEqual([
      `${RULE} undeclared server`,
      `${RULE} undeclared server`,
      `${RULE} undeclared server`,
      `${RULE} unknownMethod server`,
    ]);
    expect(res.findings[0]!.message).toContain('"sampling" capability');
  });

  it('reports at most three requests per method', () => {
    const frames = Array.from({ length: 6 }, (_, i) => recv({ jsonrpc: '2.0', id: i, method: 'roots/list' }, i));
    expect(runRule(rule, makeCapture({ frames })).findings).toHaveLength(3);
  });
});

describe(`${RULE} in the 2026-07-28 era`, () => {
  it('leaves every server request to no-server-requests', () => {
    const frames = [
      {
        kind: 'message',
        dir: 'recv',
        message: { jsonrpc: '2.0', id: 2, method: 'sampling/createMessage', params: {} },
        seq: 0,
        at: 0,
        phase: 'listing',
        bytes: 10,
      } as Frame,
    ];
    expect(summary(runRule(rule, makeCapture({ frames, protocolVersion: '2026-07-28' })))).toEqual([]);
  });
});
