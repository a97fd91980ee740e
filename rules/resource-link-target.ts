import { defineRule, type Report, type Subject } from '../src/engine/rule.js';
import { isObject } from '../src/shared/json.js';
import { describeError, frameOf, probeCalls, shorten } from '../src/model/probe-records.js';

const messages = {
  unreadable:
    '{{source}} returned a resource_link to {{uri}}, which resources/list does not list and resources/read answers with error {{error}}; link only to resources the server can read, or list the target.',
};

export default defineRule({
  id: 'resource-link-target',
  category: 'probes',
  basis: 'spec',
  severity: 'warning',
  precision: 'high',
  checklist: 'none',
  summary: 'A resource_link a tool or prompt returns points at a resource the server lists or can read.',
  since: '2025-06-18',
  references: [
    {
      title: 'MCP spec 2025-06-18 — server/tools § Resource Links',
      url: 'https://modelcontextprotocol.io/specification/2025-06-18/server/tools#resource-links',
    },
    {
      title: 'MCP spec 2025-06-18 — schema (ResourceLink: "A resource that the server is capable of reading")',
      url: 'https://modelcontextprotocol.io/specification/2025-06-18/schema#resourcelink',
    },
  ],
  messages,
  requires: ['handshake', 'probe:resource-links'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const listed = new Set(index.resources.flatMap((r) => (typeof r.raw.uri === 'string' ? [r.raw.uri] : [])));
    for (const call of probeCalls(capture, 'resource-links')) {
      const uri = isObject(call.params) ? call.params.uri : undefined;
      // A listed target passes unread; only an answered error is evidence (a timeout is other rules' to judge).
      if (typeof uri !== 'string' || listed.has(uri) || call.answer.kind !== 'error') continue;
      const tool = call.detail?.linkTool;
      const prompt = call.detail?.linkPrompt;
      const subject: Subject =
        typeof tool === 'string'
          ? { kind: 'tool', name: tool }
          : typeof prompt === 'string'
            ? { kind: 'prompt', name: prompt }
            : { kind: 'server' };
      yield {
        messageId: 'unreadable',
        data: {
          source: typeof tool === 'string' ? `Tool "${tool}"` : typeof prompt === 'string' ? `Prompt "${prompt}"` : 'A call',
          uri,
          error: describeError(call.answer.error),
        },
        subject,
        key: uri,
        evidence: shorten(`resources/read ${JSON.stringify({ uri })} → ${describeError(call.answer.error)}`, 300),
        ...frameOf(call),
      };
    }
  },
});
