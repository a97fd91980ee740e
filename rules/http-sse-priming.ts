import { defineRule, type Report } from '../src/engine/rule.js';
import { exchangeEvidence } from './lib/http.js';
import { issuesEventIds, postStreams } from './lib/sse-streams.js';

const messages = {
  notPrimed:
    'Server answered {{method}} with a resumable SSE stream (its events carry ids) whose first event is not a priming event: it should open every stream with an event that has an id and empty data, so a client that loses the connection before the first message can still resume with Last-Event-ID.',
};

export default defineRule({
  id: 'http-sse-priming',
  category: 'http',
  basis: 'spec',
  severity: 'warning',
  precision: 'high',
  checklist: 'none',
  summary: 'A server whose SSE events carry ids opens each POST response stream with a priming event: an id and empty data.',
  since: '2025-11-25',
  until: '2025-11-25',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — basic/transports § Sending Messages to the Server (item 6): "The server SHOULD immediately send an SSE event consisting of an event ID and an empty data field"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#sending-messages-to-the-server',
    },
    {
      title: 'MCP spec 2025-11-25 — basic/transports § Resumability and Redelivery (item 1: event ids are optional)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#resumability-and-redelivery',
    },
  ],
  messages,
  requires: ['http', 'session'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    // Without event ids there is nothing to resume from: priming is for resumable streams.
    if (!issuesEventIds(capture)) return;
    // One finding: the server opens every stream the same way.
    // A stream without a recorded first event (a capture saved before mcplint recorded it) is not judged.
    const unprimed = postStreams(capture).find(
      (e) => e.body?.firstEvent !== undefined && !(e.body.firstEvent.id && e.body.firstEvent.empty),
    );
    if (!unprimed) return;
    const evidence = exchangeEvidence(capture, unprimed.seq);
    yield {
      messageId: 'notPrimed',
      data: { method: unprimed.rpcMethod ?? 'a request' },
      subject: { kind: 'transport' },
      ...(evidence ? { evidence } : {}),
    };
  },
});
