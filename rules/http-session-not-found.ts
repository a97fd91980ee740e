import { defineRule, type Report } from '../src/engine/rule.js';
import { exchangeEvidence, exchangeFrame, httpProbe } from './lib/http.js';

const messages = {
  terminated:
    'Server answered a request carrying the id of a session it had terminated (DELETE answered {{deleteStatus}}) with HTTP {{status}}; requests with an ended session id must get 404 Not Found, which tells clients to start a new session.',
  unknown:
    'Server answered a request carrying a session id it never issued with HTTP {{status}}; requests with an unknown or expired session id must get 404 Not Found, which tells clients to start a new session.',
};

export default defineRule({
  id: 'http-session-not-found',
  category: 'http',
  basis: 'spec',
  severity: 'error',
  precision: 'high',
  checklist: 'none',
  summary: 'A request carrying an ended or unknown MCP-Session-Id is answered 404 Not Found.',
  since: '2025-03-26',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/transports § Session Management (items 3 and 4)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#session-management',
    },
  ],
  messages,
  requires: ['http', 'probe:http-session'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const probe = httpProbe(capture, 'http-session');
    if (!probe || probe.status === undefined || probe.status === 404) return;
    const subject = { kind: 'transport' } as const;
    const evidence = exchangeEvidence(capture, probe.exchange);
    const extra = { ...(evidence ? { evidence } : {}), ...exchangeFrame(capture, probe.exchange) };
    if (probe.variant === 'terminated') {
      yield {
        messageId: 'terminated',
        data: { status: probe.status, deleteStatus: typeof probe.deleteStatus === 'number' ? probe.deleteStatus : '2xx' },
        subject,
        ...extra,
      };
    } else {
      yield { messageId: 'unknown', data: { status: probe.status }, subject, ...extra };
    }
  },
});
