import { defineRule, type Report } from '../src/engine/rule.js';
import { errorCode, frameOf, probeCalls, shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

const METHOD_NOT_FOUND = -32601;

/** Which capability each read-side method is behind. */
const CAPABILITY_OF: Readonly<Record<string, string>> = {
  'prompts/get': 'prompts',
  'resources/read': 'resources',
  'completion/complete': 'completions',
  'logging/setLevel': 'logging',
  'resources/subscribe': 'resources.subscribe',
  'resources/unsubscribe': 'resources.subscribe',
};

const messages = {
  methodNotFound:
    'Server declares the "{{capability}}" capability, yet answered {{method}} with -32601 (Method not found); implement {{method}}, or stop declaring "{{capability}}" so clients do not rely on it.',
};

export default defineRule({
  id: 'declared-capabilities-work',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'The methods behind a declared capability (prompts, resources, completions, logging, resources.subscribe) exist: none answers -32601.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/lifecycle § Capability Negotiation',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#capability-negotiation',
    },
    {
      title: 'MCP spec 2025-11-25 — server/utilities/completion § Capabilities',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/completion#capabilities',
    },
    {
      title: 'MCP spec 2025-11-25 — server/utilities/logging § Capabilities',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/logging#capabilities',
    },
    {
      title: 'MCP spec 2025-11-25 — server/resources § Subscriptions',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#subscriptions',
    },
  ],
  messages,
  requires: ['handshake', 'session'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const reported = new Set<string>();
    for (const probe of ['prompts-get', 'resources-read', 'declared-capabilities']) {
      for (const call of probeCalls(capture, probe)) {
        const capability = CAPABILITY_OF[call.method];
        if (!capability || errorCode(call.answer) !== METHOD_NOT_FOUND || reported.has(call.method)) continue;
        reported.add(call.method);
        const error = call.answer.kind === 'error' ? call.answer.error : {};
        yield {
          messageId: 'methodNotFound',
          data: { capability, method: call.method },
          subject: { kind: 'server' },
          key: call.method,
          evidence: shorten(jsonText(error) ?? '', 300),
          ...frameOf(call),
        };
      }
    }
  },
});
