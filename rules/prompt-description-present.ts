import { defineRule, type Report } from '../src/engine/rule.js';
import { isObject } from '../src/engine/capture-index.js';

/** Absent or blank; a description of the wrong type (null included) is list-entries-valid's business. */
const undescribed = (value: unknown): boolean => value === undefined || (typeof value === 'string' && value.trim() === '');

const messages = {
  missing: 'Prompt "{{name}}" has no description; say what the prompt does and when a user would pick it.',
  argumentMissing: 'Prompt "{{name}}" has an argument "{{argument}}" without a description; say what value it expects, with an example.',
};

export default defineRule({
  id: 'prompt-description-present',
  category: 'descriptions',
  basis: 'guideline',
  severity: 'note',
  precision: 'very-high',
  checklist: ['descriptive-names-and-docs'],
  summary: 'Every prompt, and every argument of a prompt, has a description.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/prompts § Prompt (description, arguments)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/prompts#prompt',
    },
    { title: 'Server-building guide — Tool Design Guidelines: descriptions "narrowly and unambiguously describe functionality"' },
  ],
  messages,
  requires: ['prompts'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const prompt of index.prompts) {
      if (undescribed(prompt.raw.description)) {
        yield { messageId: 'missing', data: { name: prompt.name }, subject: { kind: 'prompt', name: prompt.name } };
      }
      const args = prompt.raw.arguments;
      if (!Array.isArray(args)) continue;
      for (const [i, arg] of args.entries()) {
        // Malformed arguments (not an object, no name) are the schema rules' business.
        if (!isObject(arg) || typeof arg.name !== 'string') continue;
        if (!undescribed(arg.description)) continue;
        yield {
          messageId: 'argumentMissing',
          data: { name: prompt.name, argument: arg.name },
          subject: { kind: 'prompt', name: prompt.name, pointer: `/arguments/${i}` },
        };
      }
    }
  },
});
