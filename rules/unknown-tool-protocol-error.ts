import { defineRule, type Report } from '../src/engine/rule.js';
import { describeError, errorCode, frameOf, probeCalls, shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

const INVALID_PARAMS = -32602;

const messages = {
  isErrorResult:
    'Server answered tools/call for "{{name}}", a tool it does not have, with an isError result instead of JSON-RPC error -32602; the specification makes an unknown tool a protocol error (servers built on the TypeScript SDK v1 answer this way).',
  wrongCode:
    'Server answered tools/call for "{{name}}", a tool it does not have, with error {{error}}; use -32602 (Invalid params), the code the specification gives for an unknown tool.',
};

export default defineRule({
  id: 'unknown-tool-protocol-error',
  category: 'probes',
  basis: 'spec',
  severity: 'off',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'Calling a tool the server does not have gets JSON-RPC error -32602, not an isError result (off by default: non-standard but common).',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/tools § Error Handling: "Protocol Errors: … Unknown tools"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling',
    },
  ],
  messages,
  requires: ['probe:unknown-tool'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const subject = { kind: 'server' } as const;
    for (const call of probeCalls(capture, 'unknown-tool')) {
      const name = String(call.detail?.name ?? '');
      const answer = call.answer;
      if (answer.kind === 'result' && answer.view?.isError) {
        yield { messageId: 'isErrorResult', data: { name }, subject, evidence: shorten(answer.view.text, 300), ...frameOf(call) };
      } else if (answer.kind === 'error' && errorCode(answer) !== INVALID_PARAMS) {
        yield {
          messageId: 'wrongCode',
          data: { name, error: describeError(answer.error) },
          subject,
          evidence: shorten(jsonText(answer.error) ?? '', 300),
          ...frameOf(call),
        };
      }
    }
  },
});
