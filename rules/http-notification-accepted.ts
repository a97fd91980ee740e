import { defineRule, type Report } from '../src/engine/rule.js';
import { exchangeEvidence, httpProbe } from './lib/http.js';

const messages = {
  wrongStatus:
    'Server answered the POSTed notification {{method}} with HTTP {{status}}; a notification the server accepts must get 202 Accepted with no body.',
  body: 'Server answered the POSTed notification {{method}} with 202 Accepted and a {{bytes}}-byte body; a 202 for a notification must have no body.',
  noAnswer:
    'Server did not answer the POSTed notification {{method}} ({{error}}); it must answer 202 Accepted, or an HTTP error status when it cannot accept it.',
};

export default defineRule({
  id: 'http-notification-accepted',
  category: 'http',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary: 'A JSON-RPC notification POSTed to the Streamable HTTP endpoint gets 202 Accepted with no body (or an HTTP error status).',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/transports § Sending Messages to the Server (item 4)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#sending-messages-to-the-server',
    },
    {
      title: 'MCP spec 2026-07-28 — basic/transports/streamable-http § Sending Messages (item 5)',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#sending-messages',
    },
  ],
  messages,
  requires: ['http', 'probe:http-notification'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const probe = httpProbe(capture, 'http-notification');
    if (!probe) return;
    const method = typeof probe.method === 'string' ? probe.method : 'notifications/initialized';
    const subject = { kind: 'transport' } as const;
    const evidence = exchangeEvidence(capture, probe.exchange);
    const withEvidence = evidence ? { evidence } : {};
    if (probe.status === undefined) {
      yield { messageId: 'noAnswer', data: { method, error: probe.error ?? 'no response' }, subject, ...withEvidence };
    } else if (probe.status === 202) {
      if (probe.bodyBytes > 0) yield { messageId: 'body', data: { method, bytes: probe.bodyBytes }, subject, ...withEvidence };
    } else if (probe.status < 400) {
      // 4xx/5xx: the server says it cannot accept it, which the spec allows.
      yield { messageId: 'wrongStatus', data: { method, status: probe.status }, subject, ...withEvidence };
    }
  },
});
