import { describe, expect } from 'vitest';
import type { Frame, NoiseFrame, Phase } from '../../src/model/capture.js';
import rule from '../../rules/stdout-pollution.js';
import { makeCapture } from '../helpers/capture.js';
import { runRule, ruleTester } from '../helpers/rule-tester.js';

const RULE = 'stdout-pollution';

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
const notJson = { messageId: 'notJson', subject: 'transport' } as const;
const writtenWhen = (messageId: 'notJson' | 'unterminated', when: string) => ({
  messageId,
  subject: 'transport',
  message: new RegExp(`at byte \\d+, ${when.replace(/[()]/g, '\\$&')};`),
});
const banner = noise('not-json', 'Bookstore MCP server starting…', 0);
const bannerAgain: Frame = { ...noise('not-json', 'Bookstore MCP server starting…', 0, 'probe:valid-calls'), connection: 2 };
const batch = [noise('batch', '[{"jsonrpc":"2.0","id":1,"result":{}}]', 0, 'listing')];

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'is silent when stdout carries only messages',
        capture: () => makeCapture({ frames: [send('initialize', 1, 'before-initialize')] }),
      },
      { name: 'allows batches under 2025-03-26', capture: () => makeCapture({ frames: batch, protocolVersion: '2025-03-26' }) },
      {
        name: 'is skipped on other transports',
        capture: () => makeCapture({ transport: 'http', frames: [noise('not-json', 'x', 0)] }),
        skipped: /^the transport is http, not stdio$/,
      },
    ],
    invalid: [
      {
        name: 'gives the same banner of a restarted server its own fingerprint (offsets restart with the process)',
        capture: () => makeCapture({ frames: [banner, bannerAgain] }),
        findings: [notJson, notJson],
        assert: ({ findings }) => {
          expect(new Set(findings.map((f) => f.fingerprint)).size).toBe(2);
          // The first process keeps the fingerprint it always had (baselines stay valid).
          expect(findings[0]!.fingerprint).toBe(runRule(rule, makeCapture({ frames: [banner] })).findings[0]!.fingerprint);
        },
      },
      {
        name: 'reports each kind of noise with its own message, offset and phase',
        capture: () =>
          makeCapture({
            frames: [
              noise('not-json', 'Bookstore MCP server v1.0 starting…', 0),
              noise('not-jsonrpc', '{"level":30,"msg":"ready"}', 38),
              noise('blank', '  ', 65),
              noise('unterminated', 'Loading… ', 68),
              noise('invalid-utf8', 'bk\ufffd(', 78),
              noise('batch', '[{"jsonrpc":"2.0","method":"notifications/message"}]', 84),
            ],
          }),
        findings: [
          {
            ...notJson,
            message:
              'Server stdout carries a line that is not JSON at byte 0, before the initialize response; stdout is reserved for MCP messages, so write logs and banners to stderr.',
            evidence: 'Bookstore MCP server v1.0 starting…',
            frame: 0,
          },
          { messageId: 'notJsonRpc', subject: 'transport' },
          { messageId: 'blank', subject: 'transport', evidence: null },
          { messageId: 'unterminated', subject: 'transport' },
          { messageId: 'invalidUtf8', subject: 'transport' },
          { messageId: 'batch', subject: 'transport', message: /protocol 2025-11-25 has no batches/ },
        ],
        assert: (result) => expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(6),
      },
      {
        name: 'allows batches under 2025-03-26 only: reports one under 2025-06-18',
        capture: () => makeCapture({ frames: batch, protocolVersion: '2025-06-18' }),
        findings: [{ messageId: 'batch', subject: 'transport' }],
      },
      {
        name: 'says in words when the line was written',
        capture: () =>
          makeCapture({
            frames: [
              noise('not-json', 'a', 0, 'handshake'),
              send('tools/list', 2, 'listing'),
              noise('not-json', 'b', 2, 'listing'),
              send('resources/templates/list', 3, 'listing'),
              noise('not-json', 'c', 4, 'listing'),
              send('tools/call', 4, 'probe:invalid-args'),
              noise('not-json', 'd', 6, 'probe:invalid-args'),
              noise('unterminated', 'e', 8, 'shutdown'),
            ],
          }),
        findings: [
          writtenWhen('notJson', 'right after the initialize response'),
          writtenWhen('notJson', 'while listing tools'),
          writtenWhen('notJson', 'while listing resource templates'),
          writtenWhen('notJson', 'during the invalid-args probe (tools/call)'),
          writtenWhen('unterminated', 'at shutdown, after stdin was closed'),
        ],
      },
      {
        name: 'quotes at most ~200 characters and shows control characters escaped',
        capture: () =>
          makeCapture({
            frames: [noise('not-json', `\u001b[32mINFO\u001b[0m ${'x'.repeat(400)}`, 0), noise('not-json', '\u0000\u0000', 500)],
          }),
        findings: [notJson, { ...notJson, evidence: '\\u0000\\u0000' }],
        assert: ({ findings: [long] }) => {
          expect(long!.evidence!.startsWith('\\u001b[32mINFO\\u001b[0m xxx')).toBe(true);
          expect(long!.evidence!.length).toBe(201);
        },
      },
      {
        name: 'reports at most 20 lines, then one summary',
        capture: () => makeCapture({ frames: Array.from({ length: 25 }, (_, i) => noise('not-json', `log ${i}`, i * 10)) }),
        findings: [
          ...Array.from({ length: 20 }, () => notJson),
          {
            messageId: 'more',
            subject: 'transport',
            message: 'Server stdout carries 5 more lines that are not MCP messages, not listed one by one.',
            frame: 20,
          },
        ],
      },
      {
        name: 'still reports when the handshake failed',
        capture: () =>
          makeCapture({
            frames: [noise('not-json', '{', 0), noise('not-json', '  "jsonrpc": "2.0",', 2)],
            handshake: { ok: false, requestedVersion: '2025-11-25', reason: 'timeout', message: 'x', durationMs: 1 },
          }),
        findings: [notJson, notJson],
      },
    ],
  });
});
