import type { NoiseFrame } from '../src/model/capture.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { clip } from '../src/shared/text.js';
import { phaseInWords } from './lib/session-phase.js';

const MAX_FINDINGS = 20;
const EVIDENCE_CHARS = 200;

const MESSAGE_BY_KIND = {
  'not-json': 'notJson',
  'not-jsonrpc': 'notJsonRpc',
  blank: 'blank',
  unterminated: 'unterminated',
  'invalid-utf8': 'invalidUtf8',
  batch: 'batch',
} as const satisfies Record<NoiseFrame['noise'], string>;

/** A short quote of the line; control characters (ANSI escapes, NUL) are shown escaped. */
function evidenceOf(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  const visible = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).trim();
  return clip(visible, EVIDENCE_CHARS);
}

const messages = {
  notJson:
    'Server stdout carries a line that is not JSON at byte {{offset}}, {{phase}}; stdout is reserved for MCP messages, so write logs and banners to stderr.',
  notJsonRpc:
    'Server stdout carries JSON that is not a JSON-RPC message at byte {{offset}}, {{phase}}; stdout is reserved for MCP messages, so write structured logs to stderr.',
  blank: 'Server stdout carries a blank line at byte {{offset}}, {{phase}}; every line on stdout must be one JSON-RPC message.',
  unterminated:
    'Server stdout carries output without a trailing newline at byte {{offset}}, {{phase}}; a client reading newline-delimited messages glues it onto the next message and loses that message, so write such output to stderr.',
  invalidUtf8: 'Server stdout carries bytes that are not valid UTF-8 at byte {{offset}}, {{phase}}; MCP messages must be UTF-8 encoded.',
  batch:
    'Server stdout carries a JSON-RPC batch (a JSON array) at byte {{offset}}, {{phase}}; protocol {{version}} has no batches, so send each message on its own line.',
  more: 'Server stdout carries {{count}} more lines that are not MCP messages, not listed one by one.',
};

export default defineRule({
  id: 'stdout-pollution',
  category: 'stdio',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: ['server-runs'],
  summary: 'A stdio server writes nothing to stdout but newline-delimited JSON-RPC messages.',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — basic/transports § stdio: "The server MUST NOT write anything to its stdout that is not a valid MCP message."',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio',
    },
    {
      title: 'MCP spec 2025-06-18 — changelog: JSON-RPC batching removed',
      url: 'https://modelcontextprotocol.io/specification/2025-06-18/changelog',
    },
  ],
  messages,
  requires: ['stdio', 'exit'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const version = index.protocolVersion;
    // 2025-03-26 allowed JSON-RPC batches; they were removed again in 2025-06-18.
    // A line cut at the cap that answered a waiting request is an answer too long, reported with that request.
    const noise = index.noise.filter((f) => !(f.noise === 'batch' && version === '2025-03-26') && f.answerTo === undefined);
    let reported = 0;
    for (const frame of noise) {
      if (reported === MAX_FINDINGS) break;
      reported++;
      const evidence = evidenceOf(frame.text);
      yield {
        messageId: MESSAGE_BY_KIND[frame.noise],
        data: {
          offset: frame.offset,
          phase: phaseInWords(frame.phase, capture.frames, frame.frameIndex),
          version: version ?? capture.handshake.requestedVersion,
        },
        subject: { kind: 'transport' },
        frame: frame.frameIndex,
        // The offset alone repeats when a restarted server prints the same banner again.
        key: frame.connection ? `${frame.connection}:${frame.offset}` : String(frame.offset),
        ...(evidence !== undefined ? { evidence } : {}),
      };
    }
    if (noise.length > MAX_FINDINGS) {
      const next = noise[MAX_FINDINGS]!;
      yield {
        messageId: 'more',
        data: { count: noise.length - MAX_FINDINGS },
        subject: { kind: 'transport' },
        frame: next.frameIndex,
      };
    }
  },
});
