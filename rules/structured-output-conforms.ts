import { isObject } from '../src/engine/capture-index.js';
import { checkUserSchema, defaultDialect, validateAgainstUserSchema } from '../src/schema/json-schema.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { frameOf, shorten, validToolCalls } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  missing:
    'Tool "{{name}}" declares an outputSchema but answered a valid call without structuredContent; a tool with an output schema must return structured results that conform to it.',
  invalid:
    'Tool "{{name}}" returned structuredContent that does not conform to its outputSchema: {{where}} {{problem}}{{more}}; return data of the declared shape, or fix the schema.',
};

export default defineRule({
  id: 'structured-output-conforms',
  category: 'probes',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: ['validated-outputs', 'sample-tool-calls'],
  summary: 'A tool that declares an outputSchema returns structuredContent (unless isError) that validates against it.',
  since: '2025-06-18',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/tools § Output Schema: "Servers MUST provide structured results that conform to this schema"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#output-schema',
    },
  ],
  messages,
  requires: ['probe:valid-calls'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const dialect = defaultDialect(index.protocolVersion);
    const seen = new Set<string>();
    for (const { call } of validToolCalls(capture)) {
      const name = call.tool ?? '';
      const answer = call.answer;
      const schema = index.toolsByName.get(name)?.outputSchema;
      if (seen.has(name) || answer.kind !== 'result' || !answer.view || answer.view.isError || !isObject(schema)) continue;
      if (!checkUserSchema(schema, dialect).ok) continue; // output-schema-valid's business
      const view = answer.view;
      const subject = { kind: 'tool', name, pointer: '/outputSchema' } as const;
      if (!view.hasStructuredContent) {
        seen.add(name);
        yield {
          messageId: 'missing',
          data: { name },
          subject,
          evidence: `content: ${shorten(view.text, 200) || '(no text)'}`,
          ...frameOf(call),
        };
        continue;
      }
      if (!('structuredContent' in view)) continue; // too large to have been kept
      const verdict = validateAgainstUserSchema(schema, dialect, view.structuredContent);
      if (verdict.ok) continue;
      seen.add(name);
      const [first, ...rest] = verdict.problems;
      yield {
        messageId: 'invalid',
        data: {
          name,
          where: first && first.pointer !== '' ? `at ${first.pointer}` : 'the value',
          problem: first?.message ?? 'is invalid',
          more: rest.length > 0 ? ` (and ${rest.length} more problem${rest.length === 1 ? '' : 's'})` : '',
        },
        subject,
        evidence: shorten(jsonText(view.structuredContent) ?? '', 300),
        ...frameOf(call),
      };
    }
  },
});
