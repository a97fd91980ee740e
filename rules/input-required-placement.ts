import { defineRule, type Report } from '../src/engine/rule.js';
import { answeredResults } from './lib/results.js';

/** The requests a server may answer with an InputRequiredResult (2026-07-28, basic/patterns/mrtr § Supported Requests). */
const SUPPORTED = new Set(['tools/call', 'prompts/get', 'resources/read']);

const messages = {
  notSupported:
    'Server answered {{method}} with an InputRequiredResult (resultType "input_required"); only tools/call, prompts/get and resources/read may ask the client for more input, so a client cannot retry {{method}} with the answers and the request fails.',
  empty:
    'Server answered {{method}} with an InputRequiredResult that has neither inputRequests nor requestState; it must carry at least one, or the client has nothing to answer and nothing to send back.',
};

export default defineRule({
  id: 'input-required-placement',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'A 2026-07-28 server answers with an InputRequiredResult only on tools/call, prompts/get and resources/read (never on list methods), and each carries inputRequests or requestState.',
  since: '2026-07-28',
  references: [
    {
      title:
        'MCP spec 2026-07-28 — basic/patterns/mrtr § Supported Requests: "Servers MUST NOT send InputRequiredResult responses on any other client requests"',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr#supported-requests',
    },
    {
      title: 'MCP spec 2026-07-28 — basic/patterns/mrtr § Server Requirements: "at least one of inputRequests or requestState"',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr',
    },
  ],
  messages,
  requires: ['handshake', 'session'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const reported = new Set<string>();
    for (const { method, result, frame } of answeredResults(capture, index)) {
      if (result.resultType !== 'input_required' || reported.has(method)) continue;
      const report = (messageId: keyof typeof messages): Report<keyof typeof messages> => ({
        messageId,
        data: { method },
        subject: { kind: 'server' },
        key: `${method} ${messageId}`,
        frame,
        evidence: `"resultType": "input_required"${'requestState' in result ? ', "requestState": …' : ''}${'inputRequests' in result ? ', "inputRequests": {…}' : ''}`,
      });
      if (!SUPPORTED.has(method)) {
        reported.add(method);
        yield report('notSupported');
      } else if (!('inputRequests' in result) && !('requestState' in result)) {
        reported.add(method);
        yield report('empty');
      }
    }
  },
});
