import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-surface-budget.js';
import { makeCapture, summary, type CaptureSpec } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'tool-surface-budget';
const run = (spec: CaptureSpec, options: Record<string, unknown> = {}) => runRule(rule, makeCapture(spec), { level: 'warning', options });
const lint = (spec: CaptureSpec, options: Record<string, unknown> = {}) => summary(run(spec, options));

/** A tool whose JSON ({name, description, inputSchema}) is exactly `bytes` long. */
function toolOfSize(name: string, bytes: number) {
  const base = JSON.stringify({ name, description: '', inputSchema: { type: 'object' } }).length;
  return { name, description: 'x'.repeat(bytes - base), inputSchema: { type: 'object' } };
}

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint({ tools: cleanTools() })).toEqual([]);
  });

  it('reports a tool list over the budget once, on the server, naming the three largest tools', () => {
    const tools = [
      toolOfSize('a_small', 4000),
      toolOfSize('b_huge', 40000),
      toolOfSize('c_big', 12000),
      toolOfSize('d_mid', 8000),
      toolOfSize('e_mid', 8000),
    ];
    const result = run({ tools });
    expect(summary(result)).toEqual([`${RULE} overBudget server`]);
    const [finding] = result.findings;
    // 72,000 bytes / 4 = 18,000 tokens.
    expect(finding?.message).toBe(
      "The server's 5 tools cost an agent about 18000 tokens of context before any work starts, over the budget of 15000; " +
        'the largest are b_huge (~10000), c_big (~3000), d_mid (~2000). Consolidate related tools and trim descriptions and schemas.',
    );
    expect(finding?.evidence).toBe('~18000 tokens in 5 tools; largest: b_huge (~10000), c_big (~3000), d_mid (~2000)');
  });

  it('accepts a list exactly at the budget', () => {
    expect(lint({ tools: [toolOfSize('a', 30000), toolOfSize('b', 30000)] })).toEqual([]);
    expect(lint({ tools: [toolOfSize('a', 30000), toolOfSize('b', 30001)] })).toEqual([`${RULE} overBudget server`]);
  });

  it('counts title, outputSchema and annotations too, and ignores other fields', () => {
    const plain = toolOfSize('a', 400);
    const extra = {
      ...plain,
      title: 'A',
      outputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
      _meta: { big: 'y'.repeat(100000) },
    };
    expect(lint({ tools: [plain] }, { maxTokens: 100 })).toEqual([]);
    const [finding] = run({ tools: [extra] }, { maxTokens: 100 }).findings;
    const expected = Math.ceil(
      JSON.stringify({
        name: 'a',
        title: 'A',
        description: plain.description,
        inputSchema: plain.inputSchema,
        outputSchema: extra.outputSchema,
        annotations: extra.annotations,
      }).length / 4,
    );
    expect(finding?.message).toContain(`about ${expected} tokens`);
  });

  it('counts UTF-8 bytes, so non-ASCII text weighs more than its length', () => {
    const tool = { name: 'a', description: 'é'.repeat(300), inputSchema: { type: 'object' } };
    // 300 characters but 600 bytes of description.
    expect(lint({ tools: [tool] }, { maxTokens: 150 })).toEqual([`${RULE} overBudget server`]);
  });

  it('honours the maxTokens option', () => {
    expect(lint({ tools: cleanTools() }, { maxTokens: 100 })).toEqual([`${RULE} overBudget server`]);
  });

  it('is skipped when the server lists no tools', () => {
    const result = run({ prompts: [] });
    expect(result.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
