import { defineRule, type Report } from '../src/engine/rule.js';

const messages = {
  redirect:
    "Server redirected {{methods}} to another origin, {{origin}}; mcplint did not follow, but a client that does would send the user's headers (Authorization, API keys) to a host the user never named. Serve the MCP endpoint on one origin, or have users configure the other one directly.",
  sseEndpoint:
    "Server's legacy SSE endpoint event names another origin, {{origin}}, for every POST; mcplint sent nothing there, but a client that does would send the user's headers to a host the user never named. Name an endpoint on the stream's own origin.",
};

export default defineRule({
  id: 'http-cross-origin',
  category: 'security',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'An HTTP server keeps the client on the origin the user named: no redirect and no legacy SSE endpoint points to another scheme, host or port.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/security_best_practices § Token Passthrough',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/security_best_practices#token-passthrough',
    },
    { title: 'RFC 6454 — The Web Origin Concept (scheme, host and port)', url: 'https://www.rfc-editor.org/rfc/rfc6454' },
  ],
  messages,
  requires: ['http', 'exit'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    // One finding per foreign origin and way of getting there, naming the requests it took.
    const groups = new Map<string, { via: 'redirect' | 'sse-endpoint'; origin: string; methods: string[]; first: number }>();
    for (const e of capture.exchanges ?? []) {
      if (!e.crossOrigin) continue;
      const key = `${e.crossOrigin.via} ${e.crossOrigin.origin}`;
      const group = groups.get(key) ?? { ...e.crossOrigin, methods: [], first: e.seq };
      const what = `${e.method}${e.rpcMethod ? ` ${e.rpcMethod}` : ''}`;
      if (!group.methods.includes(what)) group.methods.push(what);
      groups.set(key, group);
    }
    for (const [key, g] of groups) {
      yield {
        messageId: g.via === 'redirect' ? 'redirect' : 'sseEndpoint',
        data: { origin: g.origin, methods: g.methods.join(', ') },
        subject: { kind: 'transport' },
        key,
        evidence: `exchange ${g.first}: ${g.methods.join(', ')} → ${g.origin} (not followed)`,
      };
    }
  },
});
