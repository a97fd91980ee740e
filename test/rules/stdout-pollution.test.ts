import { describe, expect, it } from 'vitest';
import type { Capture, Frame, NoiseFrame, Phase } from '../../src/model/capture.js';
import rule from '../../rules/stdout-pollution.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'stdout-pollution';
const run = (capture: Capture) => runRule(rule, capture);

let seq = 0;
const noise = (kind: NoiseFrame['noise'], text: string, offset: number, phase: Phase = 'before-initialize'): Frame => ({
  kind: 'noise',
  dir: 'recv',
  noise: kind,
  text,
  offset,
  bytes: Buffer.byteLength(text),
  seq: seq++,
  at: 1,
  phase,
});
const send = (method: string, id: number, phase: Phase): Frame => ({
  kind: 'message',
  dir: 'send',
  message: { jsonrpc: '2.0', id, method },
  bytes: 40,
  seq: seq++,
  at: 1,
  phase,
});

describe(RULE, () => {
  it('is silent when stdout carries only messages', () => {
    expect(run(makeCapture({ frames: [send('initialize', 1, 'before-initialize')] })).findings).toEqual([]);
  });

  it('gives the same banner of a restarted server its own fingerprint (offsets restart with the process)', () => {
    const first = noise('not-json', 'Bookstore MCP server starting…', 0);
    const again: Frame = { ...noise('not-json', 'Bookstore MCP server starting…', 0, 'probe:valid-calls'), connection: 2 };
    const { findings } = run(makeCapture({ frames: [first, again] }));
    expect(findings).toHaveLength(2);
    expect(new Set(findings.map((f) => f.fingerprint)).size).toBe(2);
    // The first process keeps the fingerprint it always had (baselines stay valid).
    expect(findings[0]!.fingerprint).toBe(run(makeCapture({ frames: [first] })).findings[0]!.fingerprint);
  });

  it('reports each kind of noise with its own message, offset and phase', () => {
    const frames = [
      noise('not-json', 'Bookstore MCP server v1.0 starting…', 0),
      noise('not-jsonrpc', '{"level":30,"msg":"ready"}', 38),
      noise('blank', '  ', 65),
      noise('unterminated', 'Loading… ', 68),
      noise('invalid-utf8', 'bk\ufffd(', 78),
      noise('batch', '[{"jsonrpc":"2.0","method":"notifications/message"}]', 84),
    ];
    const result = run(makeCapture({ frames }));
    expect(summary(result)).toEqual([
      `${RULE} notJson transport`,
      `${RULE} notJsonRpc transport`,
      `${RULE} blank transport`,
      `${RULE} unterminated transport`,
      `${RULE} invalidUtf8 transport`,
      `${RULE} batch transport`,
    ]);
    const [banner, , blank, , , batch] = result.findings;
    expect(banner!.message).toBe(
      'Server stdout carries a line that is not JSON at byte 0, before the initialize response; stdout is reserved for MCP messages, so write logs and banners to stderr.',
    );
    expect(banner!.evidence).toBe('Bookstore MCP server v1.0 starting…');
    expect(banner!.frame).toBe(0);
    expect(blank!.evidence).toBeUndefined();
    expect(batch!.message).toContain('protocol 2025-11-25 has no batches');
    expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(6);
  });

  it('allows batches under 2025-03-26 only', () => {
    const frames = [noise('batch', '[{"jsonrpc":"2.0","id":1,"result":{}}]', 0, 'listing')];
    expect(run(makeCapture({ frames, protocolVersion: '2025-03-26' })).findings).toEqual([]);
    expect(summary(run(makeCapture({ frames, protocolVersion: '2025-06-18' })))).toEqual([`${RULE} batch transport`]);
  });

  it('says in words when the line was written', () => {
    const frames = [
      noise('not-json', 'a', 0, 'handshake'),
      send('tools/list', 2, 'listing'),
      noise('not-json', 'b', 2, 'listing'),
      send('resources/templates/list', 3, 'listing'),
      noise('not-json', 'c', 4, 'listing'),
      send('tools/call', 4, 'probe:invalid-args'),
      noise('not-json', 'd', 6, 'probe:invalid-args'),
      noise('unterminated', 'e', 8, 'shutdown'),
    ];
    const phases = run(makeCapture({ frames })).findings.map((f) => /at byte \d+, ([^;]+);/.exec(f.message)![1]);
    expect(phases).toEqual([
      'right after the initialize response',
      'while listing tools',
      'while listing resource templates',
      'during the invalid-args probe (tools/call)',
      'at shutdown, after stdin was closed',
    ]);
  });

  it('quotes at most ~200 characters and shows control characters escaped', () => {
    const frames = [noise('not-json', `\u001b[32mINFO\u001b[0m ${'x'.repeat(400)}`, 0), noise('not-json', '\u0000\u0000', 500)];
    const [long, nul] = run(makeCapture({ frames })).findings;
    expect(long!.evidence!.startsWith('\\u001b[32mINFO\\u001b[0m xxx')).toBe(true);
    expect(long!.evidence!.length).toBe(201);
    expect(nul!.evidence).toBe('\\u0000\\u0000');
  });

  it('reports at most 20 lines, then one summary', () => {
    const frames = Array.from({ length: 25 }, (_, i) => noise('not-json', `log ${i}`, i * 10));
    const result = run(makeCapture({ frames }));
    expect(result.findings).toHaveLength(21);
    const more = result.findings.find((f) => f.messageId === 'more')!;
    expect(more.message).toBe('Server stdout carries 5 more lines that are not MCP messages, not listed one by one.');
    expect(more.frame).toBe(20);
  });

  it('still reports when the handshake failed', () => {
    const capture = makeCapture({
      frames: [noise('not-json', '{', 0), noise('not-json', '  "jsonrpc": "2.0",', 2)],
      handshake: { ok: false, requestedVersion: '2025-11-25', reason: 'timeout', message: 'x', durationMs: 1 },
    });
    expect(summary(run(capture))).toEqual([`${RULE} notJson transport`, `${RULE} notJson transport`]);
  });

  it('is skipped on other transports', () => {
    const result = run(makeCapture({ transport: 'http', frames: [noise('not-json', 'x', 0)] }));
    expect(result.findings).toEqual([]);
    expect(result.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
