import { defineRule, type Report } from '../src/engine/rule.js';
import { frameOf, noAnswerWords, probeCalls, shorten } from '../src/model/probe-records.js';
import { argumentsOf, invalidWhat } from './lib/probes.js';
import { jsonText } from '../src/shared/json-text.js';

/** Text that reads like an error message rather than data. */
const LOOKS_LIKE_ERROR =
  /^\s*(?:error|invalid|missing|failed|failure|exception|bad request|cannot|could not|unable)\b|\bis required\b|\bmust be\b/i;

const messages = {
  accepted:
    'Tool "{{name}}" accepted invalid arguments ({{what}}) and answered with a successful result; validate arguments against the inputSchema and answer with isError: true and a message that says what is wrong.',
  errorAsSuccess:
    'Tool "{{name}}" answered invalid arguments ({{what}}) with an error message in a successful result (isError is not set), so clients and the model take the message for data; set isError: true.',
  noAnswer:
    'Tool "{{name}}" {{what}} when called with invalid arguments ({{invalid}}); validate arguments first and answer with isError: true and a message that says what is wrong.',
};

export default defineRule({
  id: 'invalid-arguments-rejected',
  category: 'probes',
  basis: 'spec',
  severity: 'error',
  precision: 'high',
  checklist: ['error-scenarios'],
  summary: 'A tool called with arguments that break its inputSchema fails cleanly: no successful result, no hang, no crash.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/tools § Security Considerations: "Servers MUST validate all tool inputs"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#security-considerations',
    },
    {
      title: 'MCP spec 2025-11-25 — server/tools § Error Handling',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling',
    },
  ],
  messages,
  requires: ['probe:invalid-arguments'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    for (const call of probeCalls(capture, 'invalid-arguments')) {
      const name = call.tool ?? '';
      const subject = { kind: 'tool', name, pointer: '/inputSchema' } as const;
      const answer = call.answer;
      const what = invalidWhat(call);
      if (answer.kind === 'result' && !answer.view?.isError) {
        const text = answer.view?.text ?? '';
        const messageId = LOOKS_LIKE_ERROR.test(text) ? 'errorAsSuccess' : 'accepted';
        yield {
          messageId,
          data: { name, what },
          subject,
          evidence: `arguments ${shorten(jsonText(argumentsOf(call)) ?? '', 120)} → ${shorten(text, 200) || '(no text)'}`,
          ...frameOf(call),
        };
      } else if (answer.kind === 'timeout' || answer.kind === 'closed') {
        yield { messageId: 'noAnswer', data: { name, what: noAnswerWords(answer), invalid: what }, subject };
      } else if (call.exitedAfter) {
        const after = capture.transport === 'stdio' ? 'made the server exit' : 'left the server unreachable';
        yield { messageId: 'noAnswer', data: { name, what: `${after} right after answering`, invalid: what }, subject };
      }
    }
  },
});
