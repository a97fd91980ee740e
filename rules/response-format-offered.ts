import { defineRule, type Report } from '../src/engine/rule.js';
import { actionVerb, judgeableObjectSchema, normalizeName, topLevelParams } from './lib/schema-rules.js';

/** Verbs of tools that return data. */
const DATA_VERBS = new Set(['get', 'list', 'search', 'find', 'query', 'read', 'fetch', 'describe', 'show']);

/** Parameter names that already choose an output format (after normalizeName). */
const FORMAT_NAMES = new Set(['responseformat', 'outputformat', 'format']);

/** Root keywords through which parameters can be defined out of sight of `properties`. */
const INDIRECT = ['$ref', '$dynamicRef', 'allOf', 'anyOf', 'oneOf', 'patternProperties'];

const messages = {
  missing:
    'Tool "{{name}}" returns data but offers no response_format parameter; accept response_format: "markdown" | "json" (markdown by default) so the agent can choose readable or machine-processable output.',
};

export default defineRule({
  id: 'response-format-offered',
  category: 'ergonomics',
  basis: 'guideline',
  severity: 'note',
  precision: 'medium',
  checklist: ['context-efficient-responses'],
  summary: 'Read-only tools that return data and declare no outputSchema offer a response_format parameter ("markdown" or "json").',
  references: [
    { title: 'Server-building guide — Response Format Guidelines: "All tools that return data should support multiple formats"' },
    { title: 'Server-building guide — Agent-Centric Design Principles, Optimize for Limited Context' },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      if (tool.annotations?.readOnlyHint !== true) continue;
      // A declared outputSchema already gives the machine-readable form as structuredContent.
      if (tool.outputSchema !== undefined) continue;
      const verb = actionVerb(tool.name);
      if (verb === undefined || !DATA_VERBS.has(verb)) continue;
      const schema = judgeableObjectSchema(tool.inputSchema);
      if (!schema) continue; // input-schema-valid's business
      if (INDIRECT.some((k) => k in schema)) continue;
      if (topLevelParams(schema).some(([name]) => FORMAT_NAMES.has(normalizeName(name)))) continue;
      yield { messageId: 'missing', data: { name: tool.name }, subject: { kind: 'tool', name: tool.name, pointer: '/inputSchema' } };
    }
  },
});
