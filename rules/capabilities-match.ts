import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { describeError, errorCode, frameOf, noAnswerWords, probeCalls, shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

const METHOD_NOT_FOUND = -32601;

const messages = {
  success:
    'Server does not advertise the "{{capability}}" capability, yet {{method}} answered with a result{{entries}}; answer -32601 (Method not found), or advertise "{{capability}}" if the server offers it.',
  wrongCode:
    'Server does not advertise the "{{capability}}" capability and answered {{method}} with error {{error}}; a method behind a capability the server did not advertise should get -32601 (Method not found).',
  noAnswer:
    'Server does not advertise the "{{capability}}" capability and {{what}} on {{method}}; it should answer -32601 (Method not found).',
};

export default defineRule({
  id: 'capabilities-match',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'warning',
  precision: 'high',
  checklist: 'none',
  summary: 'List methods behind capabilities the server did not advertise answer -32601 (Method not found), not an empty success.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/lifecycle § Capability Negotiation',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#capability-negotiation',
    },
    {
      title: 'MCP spec 2026-07-28 — schema § MethodNotFoundError: "…or one gated behind a server capability the server did not advertise"',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/schema#methodnotfounderror',
    },
  ],
  messages,
  requires: ['probe:capabilities'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const subject = { kind: 'server' } as const;
    for (const call of probeCalls(capture, 'capabilities')) {
      const answer = call.answer;
      const method = call.method;
      const capability = String(call.detail?.capability ?? '');
      const base = { subject, key: method };
      if (answer.kind === 'result') {
        const list = isObject(answer.result) ? Object.values(answer.result).find(Array.isArray) : undefined;
        const entries =
          list === undefined
            ? ''
            : list.length === 0
              ? ' (an empty list)'
              : ` (${list.length} entr${list.length === 1 ? 'y' : 'ies'}: the server offers it without saying so)`;
        yield {
          messageId: 'success',
          data: { capability, method, entries },
          evidence: shorten(jsonText(answer.result ?? {}) ?? '', 300),
          ...base,
          ...frameOf(call),
        };
      } else if (answer.kind === 'error') {
        if (errorCode(answer) !== METHOD_NOT_FOUND) {
          yield {
            messageId: 'wrongCode',
            data: { capability, method, error: describeError(answer.error) },
            evidence: shorten(jsonText(answer.error) ?? '', 300),
            ...base,
            ...frameOf(call),
          };
        }
      } else {
        yield { messageId: 'noAnswer', data: { capability, method, what: noAnswerWords(answer) }, ...base };
      }
    }
  },
});
