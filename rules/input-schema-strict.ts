import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { judgeableObjectSchema, shortJson, topLevelParams } from './lib/schema-rules.js';

/** Root keywords that build the accepted object elsewhere; this rule does not second-guess them. */
const COMPOSITION = ['$ref', '$dynamicRef', 'allOf', 'anyOf', 'oneOf', 'if', 'not'];

const messages = {
  open: 'Tool "{{name}}" accepts arguments its inputSchema does not declare; add "additionalProperties": false at the root (zod .strict(), Pydantic extra="forbid") so a misspelt or invented argument is rejected instead of silently ignored.',
  openNoParameters:
    'Tool "{{name}}" takes no parameters but its inputSchema accepts any object; declare { "type": "object", "additionalProperties": false } so stray arguments are rejected.',
};

export default defineRule({
  id: 'input-schema-strict',
  category: 'schema',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['input-validation-models'],
  summary: 'Every tool inputSchema rejects undeclared arguments with "additionalProperties": false at its root.',
  references: [
    { title: 'Server-building guide — TypeScript Implementation (MCP SDK), Quick Start: z.object({…}).strict()' },
    { title: "Server-building guide — Python guide, Tool Structure with FastMCP: model_config extra='forbid'" },
    {
      title:
        'MCP spec 2025-11-25 — server/tools § Tool: for no parameters { "type": "object", "additionalProperties": false } is recommended',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool',
    },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      const schema = judgeableObjectSchema(tool.inputSchema);
      if (!schema) continue; // input-schema-valid's business
      if (COMPOSITION.some((k) => k in schema)) continue;
      const extra = schema.additionalProperties;
      if (extra === false || schema.unevaluatedProperties === false) continue;
      // A non-trivial schema for extra properties is a deliberate map (e.g. labels: string → string).
      if (isObject(extra) && Object.keys(extra).length > 0) continue;
      const noParameters = topLevelParams(schema).length === 0 && !isObject(schema.patternProperties);
      yield {
        messageId: noParameters ? 'openNoParameters' : 'open',
        data: { name: tool.name },
        subject: { kind: 'tool', name: tool.name, pointer: '/inputSchema' },
        ...(extra !== undefined ? { evidence: `"additionalProperties": ${shortJson(extra)}` } : {}),
      };
    }
  },
});
