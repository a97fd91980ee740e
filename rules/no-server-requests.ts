import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  request:
    'Server sent the client a JSON-RPC request ({{method}}); a 2026-07-28 server must never send requests — it returns an InputRequiredResult (resultType "input_required") from the original request instead.',
};

export default defineRule({
  id: 'no-server-requests',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'A 2026-07-28 server never sends JSON-RPC requests to the client (sampling, elicitation and roots go through InputRequiredResult).',
  since: '2026-07-28',
  references: [
    {
      title: 'MCP spec 2026-07-28 — basic/patterns/mrtr (Multi Round-Trip Requests)',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr',
    },
    {
      title: 'MCP spec 2026-07-28 — basic/transports/streamable-http § Receiving Messages',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#receiving-messages',
    },
  ],
  messages,
  requires: ['handshake', 'exit'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const seen = new Set<string>();
    for (const frame of index.serverRequests) {
      const method = isObject(frame.message) && typeof frame.message.method === 'string' ? frame.message.method : 'unknown';
      if (seen.has(method)) continue;
      seen.add(method);
      yield {
        messageId: 'request',
        data: { method },
        subject: { kind: 'server' },
        key: method,
        frame: frame.frameIndex,
        evidence: (jsonText(frame.message) ?? '').slice(0, 300),
      };
    }
  },
});
