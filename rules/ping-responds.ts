import { defineRule, type Report } from '../src/engine/rule.js';
import { describeError, frameOf, noAnswerWords, probeCalls, shorten } from '../src/model/probe-records.js';
import { isObject } from '../src/engine/capture-index.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  notEmpty: 'Server answered ping with a non-empty result ({{result}}); ping must be answered with an empty result, {}.',
  errorResponse: 'Server answered ping with a JSON-RPC error ({{error}}); every MCP server must answer ping with an empty result, {}.',
  noAnswer: 'Server {{what}} when pinged; a server must answer ping promptly with an empty result, {}.',
};

export default defineRule({
  id: 'ping-responds',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary: 'The server answers ping promptly with an empty result.',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — basic/utilities/ping § Behavior Requirements: "The receiver MUST respond promptly with an empty response"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/ping#behavior-requirements',
    },
  ],
  messages,
  requires: ['probe:ping'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const subject = { kind: 'server' } as const;
    for (const call of probeCalls(capture, 'ping')) {
      const answer = call.answer;
      if (answer.kind === 'result') {
        // EmptyResult is a Result: `_meta` is allowed, nothing else.
        const empty = isObject(answer.result) && Object.keys(answer.result).every((k) => k === '_meta');
        if (!empty) {
          const text =
            answer.result !== undefined ? (jsonText(answer.result) ?? String(answer.result)) : `${answer.resultChars} characters`;
          yield { messageId: 'notEmpty', data: { result: shorten(text, 120) }, subject, evidence: shorten(text, 300), ...frameOf(call) };
        }
      } else if (answer.kind === 'error') {
        yield {
          messageId: 'errorResponse',
          data: { error: describeError(answer.error) },
          subject,
          evidence: shorten(jsonText(answer.error) ?? '', 300),
          ...frameOf(call),
        };
      } else {
        yield { messageId: 'noAnswer', data: { what: noAnswerWords(answer) }, subject };
      }
    }
  },
});
