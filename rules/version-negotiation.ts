import { isKnownProtocolVersion } from '../src/shared/protocol-version.js';
import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { noAnswerWords, probeCalls, probeData, rawResultOf, shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  echoed:
    'Server answered an initialize asking for protocol {{requested}}, which does not exist, with protocolVersion {{requested}}: it echoed the request instead of naming a version it supports, so a client believes it speaks a protocol it does not. Answer with the newest version the server supports.',
  notAVersion:
    'Server answered an initialize asking for protocol {{requested}} with protocolVersion {{got}}, which is not a protocol version; answer with the newest version the server supports (e.g. {{latest}}).',
  noVersion:
    'Server answered an initialize asking for protocol {{requested}} without a protocolVersion string; the result must name a version the server supports.',
  noAnswer:
    'Server {{what}} when a new connection asked for protocol {{requested}}, which it does not support; it must answer with a version it does support.',
};

export default defineRule({
  id: 'version-negotiation',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'Asked for a protocol version it does not support, the server answers with a version it does support: never an echo of the request, never silence.',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — basic/lifecycle § Version Negotiation: "Otherwise, the server MUST respond with another protocol version it supports"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#version-negotiation',
    },
  ],
  messages,
  requires: ['probe:version-negotiation', 'session'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const subject = { kind: 'server' } as const;
    const data = probeData(capture, 'version-negotiation');
    for (const call of probeCalls(capture, 'version-negotiation')) {
      const requested = String((call.params as { protocolVersion?: unknown } | undefined)?.protocolVersion ?? data?.requested);
      const answer = call.answer;
      if (answer.kind === 'error') continue; // version-negotiation-refusal's business
      if (answer.kind !== 'result') {
        yield { messageId: 'noAnswer', data: { what: noAnswerWords(answer), requested }, subject };
        continue;
      }
      const result = rawResultOf(capture, 'version-negotiation', call);
      const got = isObject(result) ? result.protocolVersion : undefined;
      const evidence = { evidence: `"protocolVersion": ${shorten(jsonText(got) ?? 'absent', 100)}` };
      if (typeof got !== 'string') yield { messageId: 'noVersion', data: { requested }, subject, ...evidence };
      else if (got === requested) yield { messageId: 'echoed', data: { requested }, subject, ...evidence };
      // A date-shaped version mcplint does not know may be a newer real one: not judged.
      else if (!isKnownProtocolVersion(got) && !/^\d{4}-\d{2}-\d{2}$/.test(got)) {
        yield { messageId: 'notAVersion', data: { requested, got: jsonText(got), latest: '2025-11-25' }, subject, ...evidence };
      }
    }
  },
});
