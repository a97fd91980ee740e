import { describe, expect, it } from 'vitest';
import rule from '../../rules/pagination-metadata.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { ran, runRule, text, toolCall, toolResult } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';

const RULE = 'pagination-metadata';
const lint = (answer: ProbeAnswer, limit = 1) =>
  summary(
    runRule(
      rule,
      makeCapture({
        tools: [],
        probes: ran('pagination', [
          toolCall('bookstore_list_books', { limit }, answer, { purpose: 'pagination', detail: { limitParam: 'limit', limit } }),
        ]),
      }),
    ),
  );
const json = (value: unknown) => text(JSON.stringify(value));

describe(RULE, () => {
  it("accepts the guide's page shape, in text or structuredContent, and camelCase or nested metadata", () => {
    expect(lint(json({ total: 60, count: 1, offset: 0, items: [{ id: 1 }], has_more: true, next_offset: 1 }))).toEqual([]);
    expect(lint(toolResult({ content: [], structuredContent: { books: [{ id: 1 }], hasMore: true, nextCursor: 'abc' } }))).toEqual([]);
    expect(lint(json({ data: [{ id: 1 }], pagination: { has_more: false } }))).toEqual([]);
  });

  it('reports missing has_more, a has_more without a way on, too many items, and a bare array', () => {
    expect(lint(json({ books: [{ id: 1 }] }))).toEqual([`${RULE} missingHasMore tool:bookstore_list_books`]);
    expect(lint(json({ items: [{ id: 1 }], has_more: true }))).toEqual([`${RULE} missingNext tool:bookstore_list_books`]);
    expect(lint(json({ items: [{ id: 1 }, { id: 2 }], has_more: false }))).toEqual([`${RULE} tooMany tool:bookstore_list_books`]);
    expect(lint(json([{ id: 1 }]))).toEqual([`${RULE} bareArray tool:bookstore_list_books`]);
  });

  it('does not judge prose, errors, or answers without a list', () => {
    expect(lint(text('- The Dispossessed (1974)\nMore: offset=1'))).toEqual([]);
    expect(lint(text('Error: bad', true))).toEqual([]);
    expect(lint(json({ status: 'ok' }))).toEqual([]);
  });
});
