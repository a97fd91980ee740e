import { describe, expect, it } from 'vitest';
import type { Frame } from '../../src/model/capture.js';
import rule from '../../rules/input-required-placement.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'input-required-placement';
const exchange = (id: number, method: string, result: Record<string, unknown>): Frame[] =>
  [
    { kind: 'message', dir: 'send', message: { jsonrpc: '2.0', id, method, params: {} }, bytes: 40, seq: 2 * id, at: id, phase: 'listing' },
    { kind: 'message', dir: 'recv', message: { jsonrpc: '2.0', id, result }, bytes: 60, seq: 2 * id + 1, at: id, phase: 'listing' },
  ] as Frame[];
const modern = (...frames: Frame[][]) => makeCapture({ protocolVersion: '2026-07-28', frames: frames.flat() });
const asking = { resultType: 'input_required', inputRequests: { roots: { method: 'roots/list', params: {} } }, requestState: 'x' };

describe(RULE, () => {
  it('accepts InputRequiredResults on tools/call, prompts/get and resources/read, and complete results anywhere', () => {
    const capture = modern(
      exchange(1, 'tools/call', asking),
      exchange(2, 'prompts/get', { resultType: 'input_required', requestState: 'only-state' }),
      exchange(3, 'resources/read', { resultType: 'input_required', inputRequests: {} }),
      exchange(4, 'tools/list', { resultType: 'complete', tools: [], ttlMs: 0, cacheScope: 'public' }),
    );
    expect(runRule(rule, capture).findings).toEqual([]);
  });

  it('reports one on a list method or server/discover, once per method', () => {
    const result = runRule(
      rule,
      modern(exchange(1, 'tools/list', asking), exchange(2, 'tools/list', asking), exchange(3, 'server/discover', asking)),
    );
    expect(summary(result)).toEqual([`${RULE} notSupported server`, `${RULE} notSupported server`]);
    expect(result.findings.map((f) => f.message.split(' ')[2])).toEqual(['tools/list', 'server/discover']);
  });

  it('matches each answer to the request of its own server process (a restarted server counts ids from 1 again)', () => {
    const restarted = (frames: Frame[]) => frames.map((f) => ({ ...f, connection: 2 }) as Frame);
    // Process 1 answered tools/call id 1 asking for input, then crashed; process 2 got tools/list as id 1.
    const [listSent] = exchange(1, 'tools/list', { tools: [] });
    const capture = modern(exchange(1, 'tools/call', asking), restarted([listSent!]));
    expect(runRule(rule, capture).findings).toEqual([]);
  });

  it('reports an InputRequiredResult with neither inputRequests nor requestState', () => {
    expect(summary(runRule(rule, modern(exchange(1, 'tools/call', { resultType: 'input_required' }))))).toEqual([`${RULE} empty server`]);
  });

  it('does not apply before 2026-07-28', () => {
    expect(runRule(rule, makeCapture({ frames: exchange(1, 'tools/list', asking) })).findings).toEqual([]);
  });
});
