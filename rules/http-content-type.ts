import { defineRule, type Report } from '../src/engine/rule.js';
import { exchangeEvidence, isSuccess } from './lib/http.js';

const ALLOWED = new Set(['application/json', 'text/event-stream']);

const messages = {
  wrongType:
    'Server answered {{methods}} with Content-Type {{type}}; a request must be answered with application/json (one JSON object) or text/event-stream, which is all clients accept.',
  notJson:
    'Server answered {{methods}} with Content-Type application/json but a body that is not JSON; the body must be the JSON-RPC response.',
};

export default defineRule({
  id: 'http-content-type',
  category: 'http',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary: 'Every successful answer to a POSTed request is application/json (one JSON-RPC response) or text/event-stream.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/transports § Sending Messages to the Server (item 5)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#sending-messages-to-the-server',
    },
    {
      title: 'MCP spec 2026-07-28 — basic/transports/streamable-http § Sending Messages (item 6)',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#sending-messages',
    },
  ],
  messages,
  requires: ['http'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    // The legacy HTTP+SSE transport answers POSTs with 202 and sends everything on its stream.
    if (capture.transport !== 'http') return;
    // One finding per wrong media type, naming the requests that got it.
    const groups = new Map<string, { messageId: keyof typeof messages; type: string; methods: string[]; first: number }>();
    for (const e of capture.exchanges ?? []) {
      if (e.method !== 'POST' || e.rpcKind !== 'request' || !isSuccess(e.status) || e.status === 202) continue;
      let messageId: keyof typeof messages | undefined;
      if (!e.contentType || !ALLOWED.has(e.contentType)) messageId = 'wrongType';
      // A body cut at the cap is not JSON because it was cut: the body cap's diagnosis says so.
      else if (e.contentType === 'application/json' && e.body?.kind === 'text' && !e.body.truncated) messageId = 'notJson';
      if (!messageId) continue;
      const type = e.contentType ?? '(none)';
      const key = `${messageId} ${type}`;
      const group = groups.get(key) ?? { messageId, type, methods: [], first: e.seq };
      const method = e.rpcMethod ?? 'request';
      if (!group.methods.includes(method)) group.methods.push(method);
      groups.set(key, group);
    }
    for (const [key, group] of groups) {
      const shown = group.methods.slice(0, 4).join(', ') + (group.methods.length > 4 ? ` and ${group.methods.length - 4} more` : '');
      const evidence = exchangeEvidence(capture, group.first);
      yield {
        messageId: group.messageId,
        data: {
          methods: `${group.methods.length === 1 ? 'the request' : `${group.methods.length} requests`} (${shown})`,
          type: group.type,
        },
        subject: { kind: 'transport' },
        key,
        ...(evidence ? { evidence } : {}),
      };
    }
  },
});
