import { defineRule, type Report } from '../src/engine/rule.js';
import { describeError, frameOf, probeCalls, shorten, validToolCalls } from '../src/model/probe-records.js';
import { atLeast } from '../src/shared/protocol-version.js';
import { invalidWhat } from './lib/probes.js';
import { jsonText } from '../src/shared/json-text.js';

/** Words that show an error message says what is wrong. */
const EXPLAINS =
  /\b(required|missing|invalid|expected|must|should|not allowed|unknown|unrecognized|wrong type|wrong format|type|format|range|between|at least|at most|one of)\b/i;

const messages = {
  invalidAsProtocolError:
    'Tool "{{name}}" answered invalid arguments ({{what}}) with JSON-RPC error {{error}}, which the model never sees; since protocol 2025-11-25 input validation errors are tool execution errors: answer with a result with isError: true that says what is wrong.',
  failureAsProtocolError:
    'Tool "{{name}}" answered a valid call with JSON-RPC error {{error}}, which the model never sees; report failures inside the tool as a result with isError: true and a message that says what went wrong and what to try (every protocol version since 2024-11-05 asks for this).',
  silentFailure:
    'Tool "{{name}}" answered a valid call with an isError result that carries no text; say what went wrong and what to try, so the model can act on it.',
  notActionable:
    'Tool "{{name}}" rejected invalid arguments ({{what}}) with an isError result that does not say what is wrong ({{text}}); name the parameter and what it expects, so the model can correct the call.',
};

export default defineRule({
  id: 'tool-errors-are-results',
  category: 'probes',
  basis: 'spec',
  severity: 'warning',
  precision: 'high',
  checklist: ['guiding-error-messages', 'actionable-error-messages', 'error-scenarios'],
  summary:
    'Tool failures — invalid arguments and errors inside the tool — come back as results with isError: true and a message that says what is wrong, not as JSON-RPC errors the model never sees.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/tools § Error Handling: input validation errors are Tool Execution Errors (SEP-1303)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling',
    },
    {
      title: 'MCP spec 2025-11-25 — schema § CallToolResult.isError: errors originating in the tool SHOULD be reported inside the result',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/schema#calltoolresult',
    },
    { title: 'Server-building guide — Error Handling Standards: "Report tool errors within result objects (not protocol-level)"' },
  ],
  messages,
  requires: ['session'],
  parts: { 'the invalid-argument calls': ['probe:invalid-arguments'], 'the valid calls': ['probe:valid-calls', 'probe:pagination'] },
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const sep1303 = atLeast(index.protocolVersion, '2025-11-25');
    for (const call of probeCalls(capture, 'invalid-arguments')) {
      const name = call.tool ?? '';
      const answer = call.answer;
      const what = invalidWhat(call);
      const subject = { kind: 'tool', name } as const;
      if (answer.kind === 'error' && sep1303) {
        yield {
          messageId: 'invalidAsProtocolError',
          data: { name, what, error: describeError(answer.error) },
          subject,
          key: 'invalid',
          evidence: shorten(jsonText(answer.error) ?? '', 300),
          ...frameOf(call),
        };
      } else if (answer.kind === 'result' && answer.view?.isError) {
        const text = answer.view.text.trim();
        const property = String(call.detail?.property ?? '');
        if (text === '' || (!text.includes(property) && !EXPLAINS.test(text))) {
          yield {
            messageId: 'notActionable',
            data: { name, what, text: text === '' ? 'no text at all' : `"${shorten(text, 80)}"` },
            subject,
            key: 'invalid',
            evidence: shorten(text, 300) || '(empty)',
            ...frameOf(call),
          };
        }
      }
    }
    const reported = new Set<string>();
    for (const { call } of validToolCalls(capture)) {
      const answer = call.answer;
      const name = call.tool ?? '';
      if (reported.has(name)) continue;
      if (answer.kind === 'result' && answer.view?.isError && answer.view.text.trim() === '') {
        reported.add(name);
        yield {
          messageId: 'silentFailure',
          data: { name },
          subject: { kind: 'tool', name },
          key: 'valid',
          evidence: '(no text)',
          ...frameOf(call),
        };
        continue;
      }
      if (answer.kind !== 'error') continue;
      reported.add(name);
      yield {
        messageId: 'failureAsProtocolError',
        data: { name, error: describeError(answer.error) },
        subject: { kind: 'tool', name },
        key: 'valid',
        evidence: shorten(jsonText(answer.error) ?? '', 300),
        ...frameOf(call),
      };
    }
  },
});
