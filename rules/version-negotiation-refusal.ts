import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { describeError, probeCalls, shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  refused:
    'Server refused an initialize asking for protocol {{requested}} with error {{error}}{{supported}}; the specification asks it to answer with a version it supports instead, so that the client can decide whether to go on.',
};

export default defineRule({
  id: 'version-negotiation-refusal',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'Asked for a protocol version it does not support, the server offers a version it supports rather than refusing with a JSON-RPC error.',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — basic/lifecycle § Version Negotiation: "the server MUST respond with another protocol version it supports"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#version-negotiation',
    },
    {
      title: 'MCP spec 2025-11-25 — basic/lifecycle § Error Handling (example: -32602 "Unsupported protocol version")',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#error-handling',
    },
  ],
  messages,
  requires: ['probe:version-negotiation'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    for (const call of probeCalls(capture, 'version-negotiation')) {
      const answer = call.answer;
      if (answer.kind !== 'error') continue;
      const requested = String((call.params as { protocolVersion?: unknown } | undefined)?.protocolVersion);
      const data = answer.error.data;
      const list = isObject(data) && Array.isArray(data.supported) ? data.supported.filter((v): v is string => typeof v === 'string') : [];
      const supported =
        list.length > 0 ? ` (it names ${list.join(', ')} as supported)` : ' and does not even say which versions it supports';
      yield {
        messageId: 'refused',
        data: { requested, error: describeError(answer.error), supported },
        subject: { kind: 'server' },
        evidence: shorten(jsonText(answer.error) ?? '', 300),
      };
    }
  },
});
