import type { ToolEntry } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { jsonText } from '../src/shared/json-text.js';
import { entryJson } from './lib/surface.js';

interface Options {
  /** Estimated tokens the whole tool list may cost an agent. */
  readonly maxTokens: number;
}

/** Bytes of UTF-8 JSON per token: ≈4 for English prose and JSON with typical BPE tokenizers. */
const BYTES_PER_TOKEN = 4;

/**
 * What a client puts in the model's context for one tool: name, title, description, both schemas
 * and annotations, as JSON. An estimate for budgeting, not a tokenizer's count.
 */
export function estimateToolTokens(tool: ToolEntry): number {
  return Math.ceil(Buffer.byteLength(budgetedJson(tool.raw), 'utf8') / BYTES_PER_TOKEN);
}

const BUDGETED_KEYS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'];

/** The JSON of those fields. An entry that has no other keys, in this order, is its own JSON, already computed for other rules. */
function budgetedJson(raw: ToolEntry['raw']): string {
  let next = 0;
  for (const key of Object.keys(raw)) {
    while (next < BUDGETED_KEYS.length && BUDGETED_KEYS[next] !== key) next++;
    if (next++ === BUDGETED_KEYS.length) {
      const { name, title, description, inputSchema, outputSchema, annotations } = raw;
      return jsonText({ name, title, description, inputSchema, outputSchema, annotations }) ?? '';
    }
  }
  return entryJson(raw);
}

const messages = {
  overBudget:
    "The server's {{count}} tools cost an agent about {{total}} tokens of context before any work starts, over the budget of {{budget}}; the largest are {{largest}}. Consolidate related tools and trim descriptions and schemas.",
};

export default defineRule({
  id: 'tool-surface-budget',
  category: 'ergonomics',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['context-efficient-responses'],
  summary:
    "The whole tool list (names, descriptions, schemas, annotations) fits an agent's context budget, estimated at 4 bytes of JSON per token.",
  references: [
    { title: 'Server-building guide — Agent-Centric Design Principles, Optimize for Limited Context: "make every token count"' },
    {
      title:
        'Server-building guide — Agent-Centric Design Principles, Build for Workflows, Not Endpoints: "Consolidate related operations"',
    },
  ],
  messages,
  options: {
    schema: {
      type: 'object',
      properties: {
        maxTokens: { type: 'integer', minimum: 1, description: 'Estimated tokens the whole tool list may cost (default 15000).' },
      },
      additionalProperties: false,
    },
    defaults: { maxTokens: 15000 } as Options,
  },
  requires: ['tools'],
  *check({ index, options }): Generator<Report<keyof typeof messages>> {
    const sizes = index.tools.map((tool) => ({ name: tool.name, tokens: estimateToolTokens(tool) }));
    const total = sizes.reduce((sum, s) => sum + s.tokens, 0);
    if (total <= options.maxTokens) return;
    const largest = [...sizes]
      .sort((a, b) => b.tokens - a.tokens || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, 3)
      .map((s) => `${s.name} (~${s.tokens})`)
      .join(', ');
    yield {
      messageId: 'overBudget',
      data: { count: sizes.length, total, budget: options.maxTokens, largest },
      subject: { kind: 'server' },
      evidence: `~${total} tokens in ${sizes.length} tools; largest: ${largest}`,
    };
  },
});
