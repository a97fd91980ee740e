import { defineRule, type Report } from '../src/engine/rule.js';
import { documentReports, judgeSchemaDocument } from './lib/schema-rules.js';

const messages = {
  missing:
    'Tool "{{name}}" has no inputSchema; every tool must declare one, at least { "type": "object", "additionalProperties": false } for a tool without parameters.',
  notObject:
    'Tool "{{name}}" has an inputSchema that is {{actual}}, not a JSON Schema object; declare an object schema such as { "type": "object", "additionalProperties": false }.',
  rootNotObject:
    'Tool "{{name}}" has an inputSchema whose root type is {{actual}}; tool arguments are always a JSON object, so the root must declare "type": "object".',
  invalid:
    'Tool "{{name}}" has an inputSchema that is not valid {{dialect}} (at {{location}}: {{problem}}{{more}}); fix it so clients can compile it and validate arguments against it.',
  unsupportedDialect:
    'Tool "{{name}}" has an inputSchema that declares the dialect {{declared}}, which clients need not support (only JSON Schema 2020-12 is required); use 2020-12, or draft-07 if you must.',
};

export default defineRule({
  id: 'input-schema-valid',
  category: 'schema',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: ['input-validation-models'],
  summary:
    'Every tool has an inputSchema that is a JSON object with root type "object" and is valid in its declared or default JSON Schema dialect.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/tools § Tool (inputSchema)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool',
    },
    {
      title: 'MCP spec 2025-11-25 — basic § JSON Schema Usage (Schema Validation)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic#json-schema-usage',
    },
    {
      title: 'MCP spec 2025-06-18 — schema § Tool (inputSchema type "object")',
      url: 'https://modelcontextprotocol.io/specification/2025-06-18/schema#tool',
    },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      if (!('inputSchema' in tool.raw)) {
        yield { messageId: 'missing', data: { name: tool.name }, subject: { kind: 'tool', name: tool.name } };
        continue;
      }
      const problems = judgeSchemaDocument(tool.inputSchema, index.protocolVersion, true);
      if (problems.length > 0) yield* documentReports(tool.name, '/inputSchema', tool.inputSchema, problems);
    }
  },
});
