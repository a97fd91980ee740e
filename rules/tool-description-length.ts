import { defineRule, type Report } from '../src/engine/rule.js';
import { codePointLength } from './lib/text.js';

export interface Options {
  /** Fewer characters than this cannot say what a tool does, when to use it and what it returns. */
  readonly minLength: number;
  /** More characters than this spend the agent's context on every request. */
  readonly maxLength: number;
}

/** Length in characters (code points), ignoring surrounding whitespace. */
const length = (text: string): number => codePointLength(text.trim());

const messages = {
  tooShort:
    'Tool "{{name}}" has a description of only {{length}} characters (minimum {{min}}); say what the tool does, when to use it and what it returns.',
  tooLong:
    'Tool "{{name}}" has a description of {{length}} characters (maximum {{max}}), which the agent pays for in context on every request; move details into parameter descriptions or shorten it.',
};

export default defineRule<keyof typeof messages, Options, ['tools']>({
  id: 'tool-description-length',
  category: 'descriptions',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['descriptive-names-and-docs'],
  summary: 'Tool descriptions are long enough to be useful and short enough not to flood the context window.',
  references: [
    { title: 'Server-building guide — Tool Documentation: "One-line summary", "Detailed explanation of purpose", "Usage examples"' },
    { title: 'Server-building guide — Tool Design Guidelines: "Tool descriptions must narrowly and unambiguously describe functionality"' },
  ],
  messages,
  options: {
    schema: {
      type: 'object',
      properties: {
        minLength: { type: 'integer', minimum: 0, description: 'Minimum description length in characters.' },
        maxLength: { type: 'integer', minimum: 1, description: 'Maximum description length in characters.' },
      },
      additionalProperties: false,
    },
    defaults: { minLength: 40, maxLength: 2000 },
  },
  requires: ['tools'],
  *check({ index, options }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      // Missing or blank descriptions are tool-description-present's business.
      if (tool.description === undefined || tool.description.trim() === '') continue;
      const n = length(tool.description);
      const subject = { kind: 'tool', name: tool.name, pointer: '/description' } as const;
      if (n < options.minLength) {
        yield {
          messageId: 'tooShort',
          data: { name: tool.name, length: n, min: options.minLength },
          subject,
          evidence: tool.description.trim(),
        };
      } else if (n > options.maxLength) {
        yield { messageId: 'tooLong', data: { name: tool.name, length: n, max: options.maxLength }, subject };
      }
    }
  },
});
