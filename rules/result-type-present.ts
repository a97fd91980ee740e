import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { jsonText } from '../src/shared/json-text.js';
import { requestKey, sentRequestMethods } from './lib/results.js';

const RESULT_TYPES = new Set(['complete', 'input_required']);

const messages = {
  missing:
    'Server answered {{method}} with a result that has no "resultType"; every 2026-07-28 result must carry resultType ("complete" or "input_required").',
  invalid:
    'Server answered {{method}} with resultType {{value}}; it must be "complete" or "input_required" (or a value of an extension the server advertises), or clients treat the result as invalid.',
};

export default defineRule({
  id: 'result-type-present',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary: 'Every result of a 2026-07-28 server carries resultType "complete" or "input_required".',
  since: '2026-07-28',
  references: [
    {
      title: 'MCP spec 2026-07-28 — basic/index § Result Responses and § ResultType',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/index#resulttype',
    },
  ],
  messages,
  requires: ['handshake', 'exit'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const methods = sentRequestMethods(capture);
    const extensions = isObject(capture.handshake.ok ? capture.handshake.capabilities.extensions : undefined);
    const reported = new Set<string>();
    for (const frame of index.received) {
      const m = frame.message;
      if (!isObject(m) || !('result' in m) || !('id' in m) || frame.truncated) continue;
      const method = methods.get(requestKey(frame, m.id));
      // server/discover is judged whole by discover-result-schema.
      if (!method || method === 'server/discover' || reported.has(method)) continue;
      const result = m.result;
      const value = isObject(result) ? result.resultType : undefined;
      if (value === undefined) {
        reported.add(method);
        yield { messageId: 'missing', data: { method }, subject: { kind: 'server' }, key: method, frame: frame.frameIndex };
      } else if (typeof value !== 'string' || (!RESULT_TYPES.has(value) && !extensions)) {
        reported.add(method);
        yield {
          messageId: 'invalid',
          data: { method, value: jsonText(value) },
          subject: { kind: 'server' },
          key: method,
          frame: frame.frameIndex,
          evidence: `"resultType": ${jsonText(value)}`,
        };
      }
    }
  },
});
