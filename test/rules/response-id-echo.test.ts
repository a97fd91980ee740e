import { describe, expect, it } from 'vitest';
import rule from '../../rules/response-id-echo.js';
import type { Frame } from '../../src/model/capture.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { call, ran, result, runRule, timeout } from '../helpers/probes.js';

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

describe(RULE, () => {
  it('accepts exact echoes', () => {
    const frames = [
      frame('send', { jsonrpc: '2.0', id: 'mcplint-\u00e9-1', method: 'ping' }),
      frame('recv', { jsonrpc: '2.0', id: 'mcplint-\u00e9-1', result: {} }),
    ];
    expect(summary(runRule(rule, makeCapture({ frames, probes })))).toEqual([]);
  });

  it('reports an id whose type changed', () => {
    const frames = [
      frame('send', { jsonrpc: '2.0', id: 424242, method: 'ping' }),
      frame('recv', { jsonrpc: '2.0', id: '424242', result: {} }),
    ];
    const res = runRule(rule, makeCapture({ frames, probes }));
    expect(summary(res)).toEqual([`${RULE} typeChanged server`]);
    expect(res.findings[0]!.message).toContain('424242 (a number) with id "424242" (a string)');
  });

  it('reports a mangled string id', () => {
    const frames = [
      frame('send', { jsonrpc: '2.0', id: 'mcplint-\u00e9-1', method: 'ping' }),
      frame('recv', { jsonrpc: '2.0', id: 'mcplint-\u00c3\u00a9-1', result: {} }),
    ];
    const res = runRule(rule, makeCapture({ frames, probes }));
    expect(summary(res)).toEqual([`${RULE} unknownId server`]);
    expect(res.findings[0]!.message).toContain('(mcplint sent "mcplint-\u00e9-1")');
  });

  it('ids of a restarted server process are matched within that process', () => {
    const frames = [
      frame('send', { jsonrpc: '2.0', id: 1, method: 'initialize' }),
      frame('recv', { jsonrpc: '2.0', id: 1, result: {} }),
      frame('recv', { jsonrpc: '2.0', id: 1, result: {} }, 2),
    ];
    expect(summary(runRule(rule, makeCapture({ frames, probes })))).toEqual([`${RULE} unknownId server`]);
  });

  it('reports silence for the string id when nothing came back at all', () => {
    const silent = ran('request-ids', [call('ping', undefined, timeout(), { id: 'mcplint-\u00e9-1' })]);
    expect(summary(runRule(rule, makeCapture({ probes: silent })))).toEqual([`${RULE} noAnswer server`]);
  });

  it('ignores error responses with id null (the id could not be read)', () => {
    expect(
      summary(
        runRule(
          rule,
          makeCapture({ frames: [frame('recv', { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })], probes }),
        ),
      ),
    ).toEqual([]);
  });
});
