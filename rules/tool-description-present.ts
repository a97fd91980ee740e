import { defineRule, type Report } from '../src/engine/rule.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  missing:
    'Tool "{{name}}" has no description, so the model must guess from its name what it does and when to use it; describe what it does, when to use it and what it returns.',
  blank:
    'Tool "{{name}}" has an empty description, so the model must guess from its name what it does and when to use it; describe what it does, when to use it and what it returns.',
};

export default defineRule({
  id: 'tool-description-present',
  category: 'descriptions',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['descriptive-names-and-docs'],
  summary: 'Every tool has a non-empty description.',
  references: [
    { title: 'Server-building guide — Tool Design Guidelines: "Tool descriptions must narrowly and unambiguously describe functionality"' },
    {
      title: 'MCP spec 2025-11-25 — server/tools § Tool (description)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool',
    },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      const description = tool.raw.description;
      // A description of the wrong type (null included) breaks the official schema: list-entries-valid.
      if (description === undefined) {
        yield { messageId: 'missing', data: { name: tool.name }, subject: { kind: 'tool', name: tool.name } };
      } else if (typeof description === 'string' && description.trim() === '') {
        yield {
          messageId: 'blank',
          data: { name: tool.name },
          subject: { kind: 'tool', name: tool.name, pointer: '/description' },
          evidence: jsonText(description),
        };
      }
    }
  },
});
