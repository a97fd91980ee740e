import { defineRule, type Report } from '../src/engine/rule.js';
import { exchangeEvidence } from './lib/http.js';
import { carriedResponse, postStreams } from './lib/sse-streams.js';

const messages = {
  noRetry:
    'Server closed the connection of the SSE stream answering {{method}} before the answer came, and sent no retry field first; a server that closes a stream it has not finished should send retry (how many milliseconds the client waits before it resumes with Last-Event-ID).',
};

export default defineRule({
  id: 'http-sse-retry',
  category: 'http',
  basis: 'spec',
  severity: 'warning',
  precision: 'high',
  checklist: 'none',
  summary: 'A server that closes an SSE response stream before its answer (to be resumed) sends a retry field first.',
  since: '2025-11-25',
  until: '2025-11-25',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — basic/transports § Sending Messages to the Server (item 6): "If the server does close the connection prior to terminating the SSE stream, it SHOULD send an SSE event with a standard retry field"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#sending-messages-to-the-server',
    },
  ],
  messages,
  requires: ['http', 'session'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const early = postStreams(capture).find(
      (e) =>
        // Closed by the server (not cut by mcplint, not a network failure) after an event with an id, unanswered.
        !e.body?.truncated &&
        e.error === undefined &&
        (e.body?.eventIds?.length ?? 0) > 0 &&
        !carriedResponse(capture, e) &&
        e.body?.retry === undefined,
    );
    if (!early) return;
    const evidence = exchangeEvidence(capture, early.seq);
    yield {
      messageId: 'noRetry',
      data: { method: early.rpcMethod ?? 'a request' },
      subject: { kind: 'transport' },
      ...(evidence ? { evidence } : {}),
    };
  },
});
