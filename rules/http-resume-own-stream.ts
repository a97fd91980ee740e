import { defineRule, type Report } from '../src/engine/rule.js';
import { exchangeEvidence, httpProbe } from './lib/http.js';

const messages = {
  otherStream:
    "Server answered a GET with Last-Event-ID {{lastEventId}} by replaying event {{foreign}}, which it had sent on another stream ({{method}}); resumption must replay only the events of the stream that id belongs to, or the client receives another request's messages twice.",
};

export default defineRule({
  id: 'http-resume-own-stream',
  category: 'http',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary: 'A GET with Last-Event-ID replays only the events of the stream that id belongs to, never those of another stream.',
  since: '2025-03-26',
  until: '2025-11-25',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — basic/transports § Resumability and Redelivery (item 2): "The server MUST NOT replay messages that would have been delivered on a different stream"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#resumability-and-redelivery',
    },
  ],
  messages,
  requires: ['http', 'probe:http-resume'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const probe = httpProbe(capture, 'http-resume');
    if (!probe || !Array.isArray(probe.replayedIds)) return;
    // Which POST response stream carried each event id (GETs resume, so they are not streams of their own).
    const streamOf = new Map<string, { seq: number; method: string }>();
    for (const e of capture.exchanges ?? []) {
      if (e.method !== 'POST') continue;
      for (const id of e.body?.eventIds ?? []) if (!streamOf.has(id)) streamOf.set(id, { seq: e.seq, method: e.rpcMethod ?? 'a request' });
    }
    for (const id of probe.replayedIds as unknown[]) {
      const owner = typeof id === 'string' ? streamOf.get(id) : undefined;
      if (!owner || owner.seq === probe.resumedExchange) continue;
      const evidence = exchangeEvidence(capture, probe.exchange);
      yield {
        messageId: 'otherStream',
        data: { lastEventId: JSON.stringify(probe.lastEventId), foreign: JSON.stringify(id), method: owner.method },
        subject: { kind: 'transport' },
        ...(evidence ? { evidence: `${evidence} [last-event-id: ${String(probe.lastEventId)}]` } : {}),
      };
      return;
    }
  },
});
