import { defineRule, type Report } from '../src/engine/rule.js';
import { exchangeFrame } from './lib/http.js';

/** What a session id may be made of: visible ASCII, 0x21 to 0x7E, at least one. */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

const messages = {
  invisible:
    'Server issued the MCP-Session-Id {{id}}, which holds {{char}}; a session id may contain only visible ASCII characters (0x21 to 0x7E), or clients may mangle, reject or mis-compare it. Issue ids such as a UUID or a base64url token.',
};

export default defineRule({
  id: 'http-session-id-chars',
  category: 'http',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary: 'Every MCP-Session-Id the server issues holds only visible ASCII characters (0x21 to 0x7E).',
  since: '2025-03-26',
  until: '2025-11-25',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — basic/transports § Session Management (item 1): "The session ID MUST only contain visible ASCII characters"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#session-management',
    },
  ],
  messages,
  requires: ['http'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    // One finding: the server mints every id the same way.
    for (const exchange of capture.exchanges ?? []) {
      const id = exchange.sessionId;
      // An empty id (only a hand-edited capture has one) has no character to name.
      if (!id || VISIBLE_ASCII.test(id)) continue;
      const bad = [...id].find((c) => !VISIBLE_ASCII.test(c))!;
      const char = `U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}${bad === ' ' ? ' (a space)' : ''}`;
      yield {
        messageId: 'invisible',
        data: { id: JSON.stringify(id), char },
        subject: { kind: 'transport' },
        evidence: `${exchange.method} ${exchange.rpcMethod ?? ''} → ${exchange.status ?? ''}, mcp-session-id: ${JSON.stringify(id)}`,
        ...exchangeFrame(capture, exchange.seq),
      };
      return;
    }
  },
});
