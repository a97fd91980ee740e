import { defineRule, type Report } from '../src/engine/rule.js';
import { frameOf, noAnswerWords, probeCalls, shorten } from '../src/model/probe-records.js';

const messages = {
  success:
    'Server answered tools/call for "{{name}}", a tool it does not have, with a successful result; an unknown tool must get JSON-RPC error -32602, or the client and the model believe the call did something.',
  noAnswer:
    'Server {{what}} on tools/call for "{{name}}", a tool it does not have; it must answer with JSON-RPC error -32602 (Unknown tool).',
};

export default defineRule({
  id: 'unknown-tool-error',
  category: 'probes',
  basis: 'spec',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary: 'Calling a tool the server does not have fails: no successful result, no silence, no crash.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/tools § Error Handling: unknown tools are protocol errors',
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
      if (answer.kind === 'result') {
        if (!answer.view?.isError)
          yield { messageId: 'success', data: { name }, subject, evidence: shorten(answer.view?.text ?? '', 300), ...frameOf(call) };
      } else if (answer.kind !== 'error') {
        yield { messageId: 'noAnswer', data: { name, what: noAnswerWords(answer) }, subject };
      }
    }
  },
});
