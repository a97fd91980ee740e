import { defineRule, type Report } from '../src/engine/rule.js';
import { noAnswerWords, shorten, validToolCalls } from '../src/model/probe-records.js';
import { argumentsOf } from './lib/probes.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  noAnswer:
    'Tool "{{name}}" {{what}} when called with valid arguments; every request must get a response, so catch failures in the tool and answer with isError: true.',
  exitedAfter:
    'Tool "{{name}}" made the server exit right after answering a valid call; the server must keep running until the client closes the connection.',
  // HTTP: no process of the server's is seen exiting, only its connection failing.
  unreachableAfter:
    'Tool "{{name}}" left the server unreachable right after answering a valid call; the server must keep serving until the client ends the session.',
};

export default defineRule({
  id: 'tool-call-responds',
  category: 'probes',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: ['sample-tool-calls'],
  summary: 'A tool called with valid arguments answers within the timeout and does not crash the server.',
  references: [
    {
      title: 'JSON-RPC 2.0 § 4 Request object: "the Server MUST reply with a Response"',
      url: 'https://www.jsonrpc.org/specification#request_object',
    },
    {
      title: 'MCP spec 2025-11-25 — basic/lifecycle § Timeouts',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#timeouts',
    },
  ],
  messages,
  requires: ['probe:valid-calls'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const seen = new Set<string>();
    for (const { call } of validToolCalls(capture)) {
      const name = call.tool ?? '';
      if (seen.has(name)) continue;
      const what = noAnswerWords(call.answer);
      const evidence = `arguments ${shorten(jsonText(argumentsOf(call)) ?? '', 200)}`;
      if (what) {
        seen.add(name);
        yield { messageId: 'noAnswer', data: { name, what }, subject: { kind: 'tool', name }, evidence };
      } else if (call.exitedAfter) {
        seen.add(name);
        const messageId = capture.transport === 'stdio' ? 'exitedAfter' : 'unreachableAfter';
        yield { messageId, data: { name }, subject: { kind: 'tool', name }, evidence };
      }
    }
  },
});
