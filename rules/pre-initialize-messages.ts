import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

/** Notifications a server may send before initialization completes. */
const ALLOWED = new Set(['notifications/message']);

const messages = {
  early:
    'Server sent {{method}} {{when}}; until the client has sent notifications/initialized a server may send only pings and log messages, so send it after initialization.',
};

export default defineRule({
  id: 'pre-initialize-messages',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary: 'Before the client sends notifications/initialized, the server sends no notifications other than log messages.',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — basic/lifecycle § Initialization: "The server SHOULD NOT send requests other than pings and logging before receiving the initialized notification"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#initialization',
    },
  ],
  messages,
  requires: ['handshake', 'session'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const handshake = capture.handshake;
    if (!handshake.ok || handshake.via === 'server/discover') return; // no initialize in the modern era
    // The first server process only (a restarted one is initialized again, but has nothing to teach).
    const initialized = capture.frames.findIndex(
      (f) =>
        f.kind === 'message' &&
        f.dir === 'send' &&
        f.connection === undefined &&
        isObject(f.message) &&
        f.message.method === 'notifications/initialized',
    );
    if (initialized === -1) return;
    const initializeAnswered = capture.frames.findIndex(
      (f) =>
        f.kind === 'message' &&
        f.dir === 'recv' &&
        f.connection === undefined &&
        isObject(f.message) &&
        !('method' in f.message) &&
        'id' in f.message,
    );
    for (let i = 0; i < initialized; i++) {
      const frame = capture.frames[i]!;
      if (frame.kind !== 'message' || frame.dir !== 'recv' || frame.connection !== undefined || !isObject(frame.message)) continue;
      const method = frame.message.method;
      if (typeof method !== 'string' || 'id' in frame.message || ALLOWED.has(method)) continue;
      const when =
        initializeAnswered === -1 || i < initializeAnswered
          ? 'before answering initialize'
          : 'before mcplint had sent notifications/initialized';
      yield {
        messageId: 'early',
        data: { method, when },
        subject: { kind: 'server' },
        key: String(i),
        frame: i,
        evidence: shorten(jsonText(frame.message) ?? '', 300),
      };
    }
  },
});
