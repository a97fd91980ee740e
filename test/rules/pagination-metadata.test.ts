import { describe } from 'vitest';
import rule from '../../rules/pagination-metadata.js';
import { makeCapture } from '../helpers/capture.js';
import { ran, text, toolCall, toolResult } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'pagination-metadata';
const capture =
  (answer: ProbeAnswer, limit = 1) =>
  () =>
    makeCapture({
      tools: [],
      probes: ran('pagination', [
        toolCall('bookstore_list_books', { limit }, answer, { purpose: 'pagination', detail: { limitParam: 'limit', limit } }),
      ]),
    });
const json = (value: unknown) => text(JSON.stringify(value));
const at = (messageId: keyof typeof rule.messages) => [{ messageId, subject: 'tool:bookstore_list_books' }];

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: "accepts the guide's page shape, in text",
        capture: capture(json({ total: 60, count: 1, offset: 0, items: [{ id: 1 }], has_more: true, next_offset: 1 })),
      },
      {
        name: 'accepts a page in structuredContent, with camelCase metadata',
        capture: capture(toolResult({ content: [], structuredContent: { books: [{ id: 1 }], hasMore: true, nextCursor: 'abc' } })),
      },
      { name: 'accepts nested metadata', capture: capture(json({ data: [{ id: 1 }], pagination: { has_more: false } })) },
      { name: 'does not judge prose', capture: capture(text('- The Dispossessed (1974)\nMore: offset=1')) },
      { name: 'does not judge errors', capture: capture(text('Error: bad', true)) },
      { name: 'does not judge answers without a list', capture: capture(json({ status: 'ok' })) },
    ],
    invalid: [
      { name: 'reports missing has_more', capture: capture(json({ books: [{ id: 1 }] })), findings: at('missingHasMore') },
      {
        name: 'reports a has_more without a way on',
        capture: capture(json({ items: [{ id: 1 }], has_more: true })),
        findings: at('missingNext'),
      },
      {
        name: 'reports too many items',
        capture: capture(json({ items: [{ id: 1 }, { id: 2 }], has_more: false })),
        findings: at('tooMany'),
      },
      { name: 'reports a bare array', capture: capture(json([{ id: 1 }])), findings: at('bareArray') },
    ],
  });
});
