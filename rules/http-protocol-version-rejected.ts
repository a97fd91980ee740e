import { defineRule, type Report } from '../src/engine/rule.js';
import { exchangeEvidence, exchangeFrame, httpProbe } from './lib/http.js';

const messages = {
  accepted:
    'Server answered a request sent with MCP-Protocol-Version: {{sent}} with HTTP {{status}}; a request with an invalid or unsupported protocol version header must get 400 Bad Request.',
  modernCode:
    'Server refused a request for protocol version {{sent}} with 400 but JSON-RPC error {{code}}; a 2026-07-28 server must answer an unsupported version with UnsupportedProtocolVersionError (-32022) listing the versions it supports.',
  noAnswer: 'Server did not answer a request sent with MCP-Protocol-Version: {{sent}} ({{error}}); it must answer 400 Bad Request.',
};

export default defineRule({
  id: 'http-protocol-version-rejected',
  category: 'http',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary: 'A request with an invalid or unsupported MCP-Protocol-Version header is answered 400 Bad Request.',
  since: '2025-06-18',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/transports § Protocol Version Header',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#protocol-version-header',
    },
    {
      title: 'MCP spec 2026-07-28 — basic/transports/streamable-http § Protocol Version Header',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#protocol-version-header',
    },
  ],
  messages,
  requires: ['http', 'probe:http-protocol-version'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const probe = httpProbe(capture, 'http-protocol-version');
    if (!probe) return;
    const sent = typeof probe.sent === 'string' ? probe.sent : 'an unknown version';
    const subject = { kind: 'transport' } as const;
    const evidence = exchangeEvidence(capture, probe.exchange);
    const extra = { ...(evidence ? { evidence } : {}), ...exchangeFrame(capture, probe.exchange) };
    const modern = capture.handshake.ok && capture.handshake.via === 'server/discover';
    if (probe.status === undefined) {
      yield { messageId: 'noAnswer', data: { sent, error: probe.error ?? 'no response' }, subject, ...extra };
    } else if (probe.status !== 400) {
      // Other 4xx codes are not 400 either, but a 2xx is the real hazard; report every non-400.
      yield { messageId: 'accepted', data: { sent, status: probe.status }, subject, ...extra };
    } else if (modern && probe.errorCode !== -32022) {
      yield { messageId: 'modernCode', data: { sent, code: probe.errorCode ?? '(none)' }, subject, ...extra };
    }
  },
});
