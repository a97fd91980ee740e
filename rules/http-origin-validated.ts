import { atLeast } from '../src/shared/protocol-version.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { exchangeEvidence, exchangeFrame, httpProbe } from './lib/http.js';

const messages = {
  notRejected:
    'Server answered a request from Origin {{origin}} with HTTP {{status}} instead of refusing it; a server must validate Origin, which keeps web pages from reaching it through DNS rebinding, and answer an invalid one with 403 Forbidden.',
  wrongStatus:
    'Server refused a request from Origin {{origin}} with HTTP {{status}}; from protocol 2025-11-25 an invalid Origin must get 403 Forbidden.',
};

export default defineRule({
  id: 'http-origin-validated',
  category: 'http',
  basis: 'spec',
  severity: 'error',
  precision: 'high',
  checklist: 'none',
  summary:
    'A request with a foreign Origin header is refused (403 Forbidden from 2025-11-25), which protects local servers from DNS rebinding.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/transports § Security Warning',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#security-warning',
    },
    {
      title: 'MCP spec 2026-07-28 — basic/transports/streamable-http § Security & Endpoint',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http',
    },
  ],
  messages,
  requires: ['http', 'probe:http-origin'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const probe = httpProbe(capture, 'http-origin');
    if (!probe || probe.status === undefined) return;
    const origin = typeof probe.origin === 'string' ? probe.origin : 'a foreign origin';
    const subject = { kind: 'transport' } as const;
    const evidence = exchangeEvidence(capture, probe.exchange);
    const extra = { ...(evidence ? { evidence } : {}), ...exchangeFrame(capture, probe.exchange) };
    if (probe.status < 400 || probe.status >= 500) {
      yield { messageId: 'notRejected', data: { origin, status: probe.status }, subject, ...extra };
      return;
    }
    // The exact status is a requirement from 2025-11-25; before, any refusal validates.
    const needs403 = atLeast(index.protocolVersion, '2025-11-25');
    if (needs403 && probe.status !== 403) yield { messageId: 'wrongStatus', data: { origin, status: probe.status }, subject, ...extra };
  },
});
