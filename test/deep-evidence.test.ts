/**
 * Evidence quotes server data: a value nested 100,000 levels deep in a server request, a
 * notification, a list entry or an error must be quoted (clipped) without overflowing the stack,
 * and the rules that judge those messages still report them.
 */
import { describe, expect, it } from 'vitest';
import type { Capture, Frame } from '../src/model/capture.js';
import { deepFreeze } from '../src/shared/freeze.js';
import { lintAll, makeCapture } from './helpers/capture.js';
import { call, ran } from './helpers/probes.js';

const DEPTH = 100_000;
/** `[[[…[]…]]]`, parsed from text as a server's JSON would be. */
const deep = (): unknown => JSON.parse(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`);

function frame(seq: number, phase: Frame['phase'], message: unknown, dir: 'send' | 'recv' = 'recv'): Frame {
  return { kind: 'message', dir, seq, at: seq, phase, bytes: 2 * DEPTH, message };
}

function deepCapture(protocolVersion = '2025-11-25'): Capture {
  const base = makeCapture({
    protocolVersion,
    tools: [{ name: 'get_book', description: deep(), inputSchema: { type: 'object' } }],
    lists: {
      prompts: { status: 'error', pages: [], items: [], error: { kind: 'error-response', message: 'broken', code: -32603, data: deep() } },
    },
    capabilities: { tools: {}, prompts: {} },
    frames: [
      frame(0, 'before-initialize', { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }, 'send'),
      frame(1, 'before-initialize', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: deep(), progress: 1 } }),
      frame(2, 'before-initialize', { jsonrpc: '2.0', id: 1, result: {} }),
      frame(3, 'handshake', { jsonrpc: '2.0', method: 'notifications/initialized' }, 'send'),
      frame(4, 'listing', { jsonrpc: '2.0', id: 's-1', method: 'sampling/createMessage', params: deep() }),
      frame(5, 'listing', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: deep() } }),
      // logging/setLevel warning answered, then a deep info message anyway.
      frame(6, 'probe:declared-capabilities', { jsonrpc: '2.0', id: 9, result: {} }),
      frame(7, 'probe:declared-capabilities', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: deep() } }),
    ],
    probes: {
      ...ran('declared-capabilities', [
        call('logging/setLevel', { level: 'warning' }, { kind: 'result', ms: 1, frame: 6, resultChars: 2, result: {} }),
      ]),
      // A read whose contents name another URI, beside a deep entry.
      ...ran('resources-read', [
        call(
          'resources/read',
          { uri: 'notes://a' },
          { kind: 'result', ms: 1, frame: -1, resultChars: 2 * DEPTH, result: { contents: [deep(), { uri: 'notes://b', text: 'b' }] } },
        ),
      ]),
    },
  });
  return deepFreeze({
    ...base,
    output: {
      notifications: { 'notifications/message': 100_000 },
      framesDropped: 0,
      framesTruncated: 0,
      caps: { frameBytes: 1 << 20, recordedBytes: 64 << 20, frames: 10_000 },
    },
  });
}

/** The findings of these rules on the deep capture: each reported, its evidence quoting the deep value, clipped. */
function expectQuoted(capture: Capture, ids: readonly string[]): void {
  const result = lintAll(capture);
  const byRule = new Map(result.findings.map((f) => [f.ruleId, f]));
  for (const id of ids) {
    const finding = byRule.get(id);
    expect(finding, id).toBeDefined();
    expect(finding!.evidence ?? '', id).toMatch(/\[\[\[/);
    expect(finding!.evidence!.length, id).toBeLessThanOrEqual(400);
  }
}

describe('evidence of values 100,000 levels deep', () => {
  it('every rule runs, the messages are reported, and their evidence is clipped', () => {
    expectQuoted(deepCapture(), [
      'pre-initialize-messages',
      'undeclared-server-requests',
      'output-flood',
      'list-entries-valid',
      'advertised-lists-work',
      'log-level-respected',
      'read-contents-uri',
    ]);
  });

  it('a 2026-07-28 server request too', () => {
    expectQuoted(deepCapture('2026-07-28'), ['no-server-requests']);
  });
});
