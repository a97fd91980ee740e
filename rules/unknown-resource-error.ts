import { defineRule, type Report } from '../src/engine/rule.js';
import { describeError, errorCode, frameOf, noAnswerWords, probeCalls, shorten } from '../src/model/probe-records.js';
import { atLeast } from '../src/shared/protocol-version.js';
import { jsonText } from '../src/shared/json-text.js';

const LEGACY_NOT_FOUND = -32002;
const INVALID_PARAMS = -32602;

const messages = {
  success:
    'Server answered resources/read of {{uri}}, a URI it never listed, with a result{{contents}}; a resource that does not exist must be an error ({{code}} Resource not found), so clients can tell "missing" from "empty".',
  wrongCode:
    'Server answered resources/read of {{uri}}, a URI it never listed, with error {{error}}; the specification ({{version}}) asks for {{code}} (Resource not found).',
  noAnswer: 'Server {{what}} on resources/read of {{uri}}, a URI it never listed; it should answer error {{code}} (Resource not found).',
};

export default defineRule({
  id: 'unknown-resource-error',
  category: 'probes',
  basis: 'spec',
  // A MUST from 2026-07-28 (error); before it a SHOULD, so those findings are one level milder (warning).
  severity: 'error',
  precision: 'high',
  checklist: 'none',
  summary:
    'resources/read of a URI the server does not have answers a "Resource not found" error (-32002; -32602 from 2026-07-28), never an empty success.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/resources § Error Handling: "Resource not found: -32002"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#error-handling',
    },
    {
      title:
        'MCP spec 2026-07-28 — server/resources § Error Handling: servers MUST answer -32602 and MUST NOT return empty contents for a resource that does not exist',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/server/resources#error-handling',
    },
  ],
  messages,
  requires: ['probe:unknown-resource'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const modern = atLeast(index.protocolVersion, '2026-07-28');
    const code = modern ? INVALID_PARAMS : LEGACY_NOT_FOUND;
    const version = modern ? '2026-07-28' : 'before 2026-07-28';
    for (const call of probeCalls(capture, 'unknown-resource')) {
      const uri = String(call.detail?.uri ?? '');
      const answer = call.answer;
      const base = { subject: { kind: 'server' } as const, key: 'unknown-resource', ...(modern ? {} : { milder: true }) };
      if (answer.kind === 'result') {
        const contents = (answer.result as { contents?: unknown } | undefined)?.contents;
        const words = Array.isArray(contents)
          ? contents.length === 0
            ? ' (empty contents)'
            : ` (${contents.length} content item${contents.length === 1 ? '' : 's'})`
          : '';
        yield {
          messageId: 'success',
          data: { uri, contents: words, code: String(code) },
          evidence: shorten(jsonText(answer.result ?? {}) ?? '', 300),
          ...base,
          ...frameOf(call),
        };
      } else if (answer.kind === 'error') {
        const got = errorCode(answer);
        // Before 2026-07-28, -32602 is what 2026-07-28 asks for: not worth a finding.
        if (got === code || (!modern && got === INVALID_PARAMS)) continue;
        yield {
          messageId: 'wrongCode',
          data: { uri, error: describeError(answer.error), version, code: String(code) },
          evidence: shorten(jsonText(answer.error) ?? '', 300),
          ...base,
          ...frameOf(call),
        };
      } else {
        yield { messageId: 'noAnswer', data: { uri, what: noAnswerWords(answer), code: String(code) }, ...base };
      }
    }
  },
});
