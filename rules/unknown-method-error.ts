import { defineRule, type Report } from '../src/engine/rule.js';
import { describeError, errorCode, frameOf, noAnswerWords, probeCalls, shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

const METHOD_NOT_FOUND = -32601;

const messages = {
  success:
    'Server answered the unknown method {{method}} with a successful result; a method it does not implement must get JSON-RPC error -32601 (Method not found), or clients cannot tell what it supports.',
  wrongCode:
    'Server answered the unknown method {{method}} with error {{error}}; use code -32601 (Method not found), the code JSON-RPC reserves for it.',
  noAnswer: 'Server {{what}} when sent the unknown method {{method}}; it must answer with JSON-RPC error -32601 (Method not found).',
};

export default defineRule({
  id: 'unknown-method-error',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary: 'A request for a method the server does not implement gets JSON-RPC error -32601 (Method not found).',
  references: [
    { title: 'JSON-RPC 2.0 § 5.1 Error object: -32601 Method not found', url: 'https://www.jsonrpc.org/specification#error_object' },
    {
      title: 'MCP spec 2025-11-25 — basic § Messages: all messages follow JSON-RPC 2.0',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic#messages',
    },
  ],
  messages,
  requires: ['probe:unknown-method'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const subject = { kind: 'server' } as const;
    for (const call of probeCalls(capture, 'unknown-method')) {
      const answer = call.answer;
      const method = call.method;
      if (answer.kind === 'result') {
        yield {
          messageId: 'success',
          data: { method },
          subject,
          evidence: shorten(jsonText(answer.result ?? {}) ?? '', 300),
          ...frameOf(call),
        };
      } else if (answer.kind === 'error') {
        if (errorCode(answer) !== METHOD_NOT_FOUND) {
          yield {
            messageId: 'wrongCode',
            data: { method, error: describeError(answer.error) },
            subject,
            evidence: shorten(jsonText(answer.error) ?? '', 300),
            ...frameOf(call),
          };
        }
      } else {
        yield { messageId: 'noAnswer', data: { method, what: noAnswerWords(answer) }, subject };
      }
    }
  },
});
