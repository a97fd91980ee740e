import { defineRule, type Report } from '../src/engine/rule.js';
import { nestsDeeperThan, SCHEMA_DEPTH_LIMIT } from '../src/shared/json-depth.js';

const messages = {
  tooDeep:
    'The {{schema}} of tool "{{name}}" nests deeper than {{limit}} levels; mcplint judged it no further (and calls no probe with it). ' +
    'Clients validate arguments with recursive validators that such a schema can crash; flatten it, or name repeated shapes with $ref.',
};

const SCHEMAS = ['inputSchema', 'outputSchema'] as const;

export default defineRule({
  id: 'schema-depth-limit',
  category: 'schema',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['input-validation-models'],
  summary: `Every tool's inputSchema and outputSchema nests at most ${SCHEMA_DEPTH_LIMIT} levels deep, so clients (and mcplint) can judge it.`,
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic § JSON Schema Usage (Schema Validation)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic#json-schema-usage',
    },
    {
      title: 'MCP spec 2025-11-25 — server/tools § Security Considerations (validate all tool inputs)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#security-considerations',
    },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      for (const schema of SCHEMAS) {
        if (!nestsDeeperThan(tool.raw[schema], SCHEMA_DEPTH_LIMIT)) continue;
        yield {
          messageId: 'tooDeep',
          data: { name: tool.name, schema, limit: SCHEMA_DEPTH_LIMIT },
          subject: { kind: 'tool', name: tool.name },
          key: schema,
        };
      }
    }
  },
});
