import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { atLeast } from '../src/shared/protocol-version.js';
import { shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

/** The client capability a server request needs. */
function capabilityFor(method: string): string | undefined {
  if (method === 'sampling/createMessage') return 'sampling';
  if (method === 'roots/list') return 'roots';
  if (method === 'elicitation/create') return 'elicitation';
  if (method.startsWith('tasks/')) return 'tasks';
  return undefined;
}

/** Findings per method, at most: a server that polls would otherwise flood the report. */
const MAX_PER_METHOD = 3;

const messages = {
  undeclared:
    'Server sent a {{method}} request, but mcplint declared no "{{capability}}" capability in initialize; a server may only use client capabilities the client declared, so check the client capabilities first.',
  unknownMethod:
    'Server sent a {{method}} request, which is not a request a server may send to a client that declared no capabilities; servers may send only ping, and requests for capabilities the client declared.',
};

export default defineRule({
  id: 'undeclared-server-requests',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'The server sends no requests for client capabilities the client did not declare (mcplint declares none: sampling, roots and elicitation requests are violations).',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/lifecycle § Operation: "Only use capabilities that were successfully negotiated"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#operation',
    },
  ],
  messages,
  requires: ['handshake', 'exit'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    // From 2026-07-28 a server sends no requests at all: no-server-requests' business.
    if (index.protocolVersion !== undefined && atLeast(index.protocolVersion, '2026-07-28')) return;
    const seen = new Map<string, number>();
    for (const frame of index.serverRequests) {
      const message = frame.message;
      if (!isObject(message) || typeof message.method !== 'string' || message.method === 'ping') continue;
      const method = message.method;
      const count = (seen.get(method) ?? 0) + 1;
      seen.set(method, count);
      if (count > MAX_PER_METHOD) continue;
      const capability = capabilityFor(method);
      const common = {
        subject: { kind: 'server' } as const,
        key: `${method}#${count}`,
        frame: frame.frameIndex,
        evidence: shorten(jsonText(message) ?? '', 300),
      };
      if (capability) yield { messageId: 'undeclared', data: { method, capability }, ...common };
      else yield { messageId: 'unknownMethod', data: { method }, ...common };
    }
  },
});
