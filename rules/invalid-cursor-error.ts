import { defineRule, type Report } from '../src/engine/rule.js';
import { describeError, errorCode, frameOf, noAnswerWords, probeCalls, probeData, shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

const INVALID_PARAMS = -32602;

const messages = {
  accepted:
    'Server answered tools/list with a page for the cursor {{cursor}}, which it never issued; invalid cursors should get JSON-RPC error -32602, or a client that resumes with a stale cursor silently gets the wrong page.',
  wrongCode: 'Server answered tools/list with the invalid cursor {{cursor}} with error {{error}}; use code -32602 (Invalid params).',
  noAnswer: 'Server {{what}} when asked for tools/list with the invalid cursor {{cursor}}; it should answer with JSON-RPC error -32602.',
};

export default defineRule({
  id: 'invalid-cursor-error',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'warning',
  precision: 'high',
  checklist: 'none',
  summary: 'tools/list with a cursor the server never issued gets JSON-RPC error -32602 (Invalid params).',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — server/utilities/pagination § Error Handling: "Invalid cursors SHOULD result in an error with code -32602"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/pagination#error-handling',
    },
  ],
  messages,
  requires: ['probe:invalid-cursor'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const subject = { kind: 'server' } as const;
    const paginates = probeData(capture, 'invalid-cursor')?.paginates === true;
    for (const call of probeCalls(capture, 'invalid-cursor')) {
      const answer = call.answer;
      const cursor = jsonText((call.params as { cursor?: unknown } | undefined)?.cursor);
      if (answer.kind === 'result') {
        // A server that never hands out cursors is never sent one by a client: ignoring one is harmless.
        if (paginates) yield { messageId: 'accepted', data: { cursor }, subject, evidence: `"cursor": ${cursor}`, ...frameOf(call) };
      } else if (answer.kind === 'error') {
        if (errorCode(answer) !== INVALID_PARAMS) {
          yield {
            messageId: 'wrongCode',
            data: { cursor, error: describeError(answer.error) },
            subject,
            evidence: shorten(jsonText(answer.error) ?? '', 300),
            ...frameOf(call),
          };
        }
      } else {
        yield { messageId: 'noAnswer', data: { cursor, what: noAnswerWords(answer) }, subject };
      }
    }
  },
});
