import { defineRule, type Report } from '../src/engine/rule.js';

const messages = {
  missing: 'Tool "{{name}}" has no annotations, so clients must assume it is destructive and reaches the outside world.',
};

export default defineRule({
  id: 'tool-annotations-present',
  category: 'annotations',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['name-and-annotations-registered', 'annotations-correct'],
  summary: 'Every tool declares annotations (readOnlyHint, destructiveHint, idempotentHint, openWorldHint).',
  since: '2025-03-26',
  references: [
    { title: 'Server-building guide — Tool Design Guidelines: "Should provide tool annotations"' },
    {
      title: 'MCP spec 2025-11-25 — server/tools § Tool (annotations)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool',
    },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      if (tool.raw.annotations === undefined)
        yield { messageId: 'missing', data: { name: tool.name }, subject: { kind: 'tool', name: tool.name } };
    }
  },
});
