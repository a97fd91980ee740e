import type { Capture } from '../src/model/capture.js';
import { schemaVersionFor } from '../src/schema/json-schema.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { isObject } from '../src/shared/json.js';
import { frameOf, probeCalls, rawResultOf } from '../src/model/probe-records.js';
import type { ProbeCall } from '../src/model/probe-types.js';
import { quoteAt } from './lib/json-pointer.js';
import { resultProblems } from './lib/result-schema.js';

/** Findings per method at most, so one broken generator does not drown the report. */
const MAX_PER_METHOD = 10;

/** The official definition of each probed method's result. */
const RESULT_DEFINITIONS: Readonly<Record<string, string>> = {
  'tools/call': 'CallToolResult',
  'prompts/get': 'GetPromptResult',
  'resources/read': 'ReadResourceResult',
  'completion/complete': 'CompleteResult',
};

/** Probes whose results are judged (unknown-resource's success is unknown-resource-error's). */
const PROBES = ['valid-calls', 'pagination', 'invalid-arguments', 'prompts-get', 'resources-read', 'declared-capabilities'];

const messages = {
  schema:
    'Server answered {{request}} with a result whose {{pointer}} {{problem}}, against the official schema of protocol {{version}}; clients that validate results reject it.',
  limit:
    'Server answered {{request}} with a result whose {{pointer}} {{problem}}, which the specification of protocol {{version}} does not allow (its JSON Schema does not check it); a client shows wrong or partial completions.',
};

export default defineRule({
  id: 'result-schema-valid',
  category: 'probes',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: ['sample-tool-calls', 'validated-outputs'],
  summary:
    'Results of tools/call, prompts/get, resources/read and completion/complete match the official schema of the negotiated protocol version.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — schema (CallToolResult, GetPromptResult, ReadResourceResult, CompleteResult, ContentBlock)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/schema',
    },
  ],
  messages,
  requires: ['handshake', 'session'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const version = schemaVersionFor(index.protocolVersion);
    const seen = new Set<string>();
    const perMethod = new Map<string, number>();
    for (const { probe, call } of judgedCalls(capture)) {
      const definition = RESULT_DEFINITIONS[call.method];
      const result = rawResultOf(capture, probe, call);
      // An InputRequiredResult (2026-07-28) is not the method's own result: result-type-present judges it.
      if (!definition || result === undefined || (isObject(result) && result.resultType === 'input_required')) continue;
      for (const problem of resultProblems(version, definition, result)) {
        // resultType is result-type-present's to report.
        if (problem.pointer === '/resultType') continue;
        const key = `${call.method} ${call.tool ?? ''} ${problem.pointer} ${problem.message}`;
        const count = perMethod.get(call.method) ?? 0;
        if (seen.has(key) || count >= MAX_PER_METHOD) continue;
        seen.add(key);
        perMethod.set(call.method, count + 1);
        yield {
          messageId: 'limit' in problem ? 'limit' : 'schema',
          data: {
            request: requestWords(call),
            pointer: problem.pointer === '' ? '(root)' : problem.pointer,
            problem: problem.message,
            version,
          },
          subject: call.tool ? { kind: 'tool', name: call.tool } : { kind: 'server' },
          key,
          evidence: quoteAt(result, problem.pointer),
          ...frameOf(call),
        };
      }
    }
  },
});

function* judgedCalls(capture: Pick<Capture, 'probes'>): Generator<{ probe: string; call: ProbeCall }> {
  for (const probe of PROBES) for (const call of probeCalls(capture, probe)) if (call.answer.kind === 'result') yield { probe, call };
}

function requestWords(call: ProbeCall): string {
  const params = isObject(call.params) ? call.params : {};
  if (call.method === 'tools/call') return `tools/call of "${call.tool ?? String(params.name)}"`;
  if (call.method === 'prompts/get') return `prompts/get of "${String(params.name)}"`;
  if (call.method === 'resources/read') return `resources/read of ${String(params.uri)}`;
  return call.method;
}
