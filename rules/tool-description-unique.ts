import { defineRule, type Report } from '../src/engine/rule.js';
import { collapseWhitespace } from './lib/text.js';

const normalise = (text: string): string => collapseWhitespace(text.trim()).toLowerCase();

const messages = {
  duplicate:
    'Tool "{{name}}" has the same description as tool "{{other}}", so the model cannot tell them apart; describe what this tool does differently and when to use it instead.',
};

export default defineRule({
  id: 'tool-description-unique',
  category: 'descriptions',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['descriptive-names-and-docs'],
  summary: 'No two tools share the same description.',
  references: [
    { title: 'Server-building guide — Tool Design Guidelines: "Tool descriptions must narrowly and unambiguously describe functionality"' },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const firstByDescription = new Map<string, string>();
    const seenNames = new Set<string>();
    for (const tool of index.tools) {
      // A repeated tool name is the name rules' business; judge each name once.
      if (seenNames.has(tool.name)) continue;
      seenNames.add(tool.name);
      // Missing or blank descriptions are tool-description-present's business.
      if (tool.description === undefined || tool.description.trim() === '') continue;
      const text = normalise(tool.description);
      const first = firstByDescription.get(text);
      if (first === undefined) {
        firstByDescription.set(text, tool.name);
        continue;
      }
      yield {
        messageId: 'duplicate',
        data: { name: tool.name, other: first },
        subject: { kind: 'tool', name: tool.name, pointer: '/description' },
      };
    }
  },
});
