import { describe, expect, it } from 'vitest';
import rule from '../../rules/invalid-arguments-rejected.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { closed, error, ran, runRule, text, timeout, toolCall } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';

const RULE = 'invalid-arguments-rejected';
const missing = (answer: ProbeAnswer, extra = {}) =>
  toolCall('bookstore_get_book', {}, answer, { purpose: 'missing-required', detail: { property: 'book_id' }, ...extra });
const lint = (...calls: ReturnType<typeof missing>[]) =>
  runRule(rule, makeCapture({ tools: cleanTools(), probes: ran('invalid-arguments', calls) }));

describe(RULE, () => {
  it("accepts an isError result and a JSON-RPC error (that one is tool-errors-are-results' business)", () => {
    expect(summary(lint(missing(text('Error: "book_id" is required', true)), missing(error(-32602, 'Invalid params'))))).toEqual([]);
  });

  it('reports a success, telling error text as success apart', () => {
    expect(summary(lint(missing(text('{"id":"bk_1","title":"x"}'))))).toEqual([`${RULE} accepted tool:bookstore_get_book#/inputSchema`]);
    const res = lint(missing(text('Error: book_id is required')));
    expect(summary(res)).toEqual([`${RULE} errorAsSuccess tool:bookstore_get_book#/inputSchema`]);
    expect(res.findings[0]!.message).toContain('the required "book_id" left out');
  });

  it('reports a wrong-type call in its own words', () => {
    const res = lint(
      toolCall('bookstore_search_books', { limit: 'not-a-number' }, text('ok'), {
        purpose: 'wrong-type',
        detail: { property: 'limit', expected: 'integer' },
      }),
    );
    expect(res.findings[0]!.message).toContain('"limit" of the wrong type (an integer was expected)');
  });

  it('reports a hang, a crash, and an exit right after the answer', () => {
    expect(summary(lint(missing(timeout())))).toEqual([`${RULE} noAnswer tool:bookstore_get_book#/inputSchema`]);
    const crash = lint(missing(closed(true, 1)));
    expect(crash.findings[0]!.message).toContain('made the server exit with exit code 1 (mcplint started it again');
    expect(summary(lint(missing(text('Error: "book_id" is required', true), { exitedAfter: true })))).toEqual([
      `${RULE} noAnswer tool:bookstore_get_book#/inputSchema`,
    ]);
  });
});
