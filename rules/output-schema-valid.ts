import { knownNewerThan } from '../src/shared/protocol-version.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { documentReports, judgeSchemaDocument } from './lib/schema-rules.js';

/** Up to and including 2025-11-25 the root of an outputSchema must be `type: "object"`; 2026-07-28 lifted that (SEP-2106). */
function requiresObjectRoot(protocolVersion: string | undefined): boolean {
  return !knownNewerThan(protocolVersion, '2025-11-25');
}

const messages = {
  notObject:
    'Tool "{{name}}" has an outputSchema that is {{actual}}, not a JSON Schema object; declare an object schema describing structuredContent, or remove outputSchema.',
  rootNotObject:
    'Tool "{{name}}" has an outputSchema whose root type is {{actual}}; structuredContent is a JSON object, so the root must declare "type": "object".',
  invalid:
    'Tool "{{name}}" has an outputSchema that is not valid {{dialect}} (at {{location}}: {{problem}}{{more}}); fix it so clients can compile it and validate structuredContent against it.',
  unsupportedDialect:
    'Tool "{{name}}" has an outputSchema that declares the dialect {{declared}}, which clients need not support (only JSON Schema 2020-12 is required); use 2020-12, or draft-07 if you must.',
};

export default defineRule({
  id: 'output-schema-valid',
  category: 'schema',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  // Not 'validated-outputs': a valid declared schema says nothing about the outputs themselves.
  checklist: 'none',
  summary: 'A declared outputSchema is a JSON object with root type "object" and is valid in its declared or default JSON Schema dialect.',
  since: '2025-06-18',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/tools § Output Schema',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#output-schema',
    },
    {
      title: 'MCP spec 2025-11-25 — schema § Tool (outputSchema type "object")',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/schema#tool',
    },
    {
      title: 'MCP spec 2025-11-25 — basic § JSON Schema Usage (Schema Validation)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic#json-schema-usage',
    },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const objectRoot = requiresObjectRoot(index.protocolVersion);
    for (const tool of index.tools) {
      if (!('outputSchema' in tool.raw)) continue;
      const problems = judgeSchemaDocument(tool.outputSchema, index.protocolVersion, objectRoot);
      if (problems.length > 0) yield* documentReports(tool.name, '/outputSchema', tool.outputSchema, problems);
    }
  },
});
