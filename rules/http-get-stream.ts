import { defineRule, type Report } from '../src/engine/rule.js';
import { atLeast } from '../src/shared/protocol-version.js';
import { exchangeEvidence, httpProbe, isSuccess } from './lib/http.js';

const messages = {
  wrongStatus:
    'Server answered GET on the MCP endpoint with HTTP {{status}}; protocol {{version}} says it {{must}} either open an event stream (Content-Type: text/event-stream) or answer 405 Method Not Allowed.',
  wrongType:
    'Server answered GET on the MCP endpoint with HTTP {{status}} and Content-Type {{type}}; a stream must be text/event-stream, and protocol {{version}} says a server that offers none {{must}} answer 405 Method Not Allowed.',
  noAnswer:
    'Server did not answer GET on the MCP endpoint ({{error}}); protocol {{version}} says it {{must}} open an event stream or answer 405 Method Not Allowed.',
};

/** From 2026-07-28 the GET stream is a SHOULD (basic/transports/streamable-http): one level milder, in that version's word. */
const SHOULD_FROM = '2026-07-28';

export default defineRule({
  id: 'http-get-stream',
  category: 'http',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'GET on the Streamable HTTP endpoint opens a text/event-stream or is answered 405 Method Not Allowed (an error up to 2025-11-25, where it is a MUST; a warning from 2026-07-28, where it is a SHOULD).',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/transports § Listening for Messages from the Server (item 3)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#listening-for-messages-from-the-server',
    },
    {
      title: 'MCP spec 2026-07-28 — basic/transports/streamable-http § Earlier Streamable HTTP Revisions',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#earlier-streamable-http-revisions',
    },
  ],
  messages,
  requires: ['http', 'probe:http-get'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const probe = httpProbe(capture, 'http-get');
    if (!probe) return;
    const subject = { kind: 'transport' } as const;
    const evidence = exchangeEvidence(capture, probe.exchange);
    const should = atLeast(index.protocolVersion, SHOULD_FROM);
    const version = index.protocolVersion ?? 'unknown';
    const withEvidence = { ...(evidence ? { evidence } : {}), ...(should ? { milder: true } : {}) };
    const words = { version, must: should ? 'should' : 'must' };
    if (probe.status === undefined) {
      yield { messageId: 'noAnswer', data: { error: probe.error ?? 'no response', ...words }, subject, ...withEvidence };
    } else if (isSuccess(probe.status)) {
      if (probe.contentType !== 'text/event-stream') {
        yield {
          messageId: 'wrongType',
          data: { status: probe.status, type: probe.contentType ?? '(none)', ...words },
          subject,
          ...withEvidence,
        };
      }
    } else if (probe.status !== 405) {
      yield { messageId: 'wrongStatus', data: { status: probe.status, ...words }, subject, ...withEvidence };
    }
  },
});
