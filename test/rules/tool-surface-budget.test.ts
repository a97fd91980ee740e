import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-surface-budget.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-surface-budget';
const overBudget = { messageId: 'overBudget', subject: 'server' } as const;

/** A tool whose JSON ({name, description, inputSchema}) is exactly `bytes` long. */
function toolOfSize(name: string, bytes: number) {
  const base = JSON.stringify({ name, description: '', inputSchema: { type: 'object' } }).length;
  return { name, description: 'x'.repeat(bytes - base), inputSchema: { type: 'object' } };
}
const capture =
  (...tools: unknown[]) =>
  () =>
    makeCapture({ tools });

const plain = toolOfSize('a', 400);
const extra = {
  ...plain,
  title: 'A',
  outputSchema: { type: 'object' },
  annotations: { readOnlyHint: true },
  _meta: { big: 'y'.repeat(100000) },
};
const extraTokens = Math.ceil(
  JSON.stringify({
    name: 'a',
    title: 'A',
    description: plain.description,
    inputSchema: plain.inputSchema,
    outputSchema: extra.outputSchema,
    annotations: extra.annotations,
  }).length / 4,
);

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: capture(...cleanTools()) },
      { name: 'accepts a list exactly at the budget', capture: capture(toolOfSize('a', 30000), toolOfSize('b', 30000)) },
      { name: 'counts the plain fields of a tool under the maxTokens budget', capture: capture(plain), options: { maxTokens: 100 } },
      {
        name: 'is skipped when the server lists no tools',
        capture: () => makeCapture({ prompts: [] }),
        skipped: /^the server does not advertise tools$/,
      },
    ],
    invalid: [
      {
        name: 'reports a tool list over the budget once, on the server, naming the three largest tools',
        capture: capture(
          toolOfSize('a_small', 4000),
          toolOfSize('b_huge', 40000),
          toolOfSize('c_big', 12000),
          toolOfSize('d_mid', 8000),
          toolOfSize('e_mid', 8000),
        ),
        findings: [
          {
            ...overBudget,
            // 72,000 bytes / 4 = 18,000 tokens.
            message:
              "The server's 5 tools cost an agent about 18000 tokens of context before any work starts, over the budget of 15000; " +
              'the largest are b_huge (~10000), c_big (~3000), d_mid (~2000). Consolidate related tools and trim descriptions and schemas.',
            evidence: '~18000 tokens in 5 tools; largest: b_huge (~10000), c_big (~3000), d_mid (~2000)',
          },
        ],
      },
      {
        name: 'reports a list one byte over the budget',
        capture: capture(toolOfSize('a', 30000), toolOfSize('b', 30001)),
        findings: [overBudget],
      },
      {
        name: 'counts title, outputSchema and annotations too, and ignores other fields',
        capture: capture(extra),
        options: { maxTokens: 100 },
        findings: [{ ...overBudget, message: new RegExp(`about ${extraTokens} tokens`) }],
      },
      {
        // 300 characters but 600 bytes of description.
        name: 'counts UTF-8 bytes, so non-ASCII text weighs more than its length',
        capture: capture({ name: 'a', description: 'é'.repeat(300), inputSchema: { type: 'object' } }),
        options: { maxTokens: 150 },
        findings: [overBudget],
      },
      { name: 'honours the maxTokens option', capture: capture(...cleanTools()), options: { maxTokens: 100 }, findings: [overBudget] },
    ],
  });
});
