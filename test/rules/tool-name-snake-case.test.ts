import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/tool-name-snake-case.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'tool-name-snake-case';
const lint = (capture: Capture) => runRule(rule, capture);
const withNames = (...names: string[]) => [...cleanTools(), ...names.map((name) => ({ ...cleanTools()[1], name }))];

describe(RULE, () => {
  it('accepts the clean bookstore tools and snake_case with digits', () => {
    expect(lint(makeCapture({ tools: withNames('bookstore_get_v2', 'x', 'a1_b2') })).findings).toEqual([]);
  });

  it('reports camelCase and suggests the snake_case spelling', () => {
    const result = lint(makeCapture({ tools: withNames('bookstoreAddReview') }));
    expect(summary(result)).toEqual([`${RULE} notSnakeCase tool:bookstoreAddReview`]);
    expect(result.findings[0]!.message).toBe('Tool "bookstoreAddReview" is not snake_case; rename it to "bookstore_add_review".');
  });

  it.each([
    ['BookstoreGetBook', 'bookstore_get_book'],
    ['bookstore-get-book', 'bookstore_get_book'],
    ['bookstore.get.book', 'bookstore_get_book'],
    ['BOOKSTORE_GET_BOOK', 'bookstore_get_book'],
    ['bookstore__get_book', 'bookstore_get_book'],
    ['bookstore_get_book_', 'bookstore_get_book'],
    ['_bookstore_get_book', 'bookstore_get_book'],
    ['getBookByISBN', 'get_book_by_isbn'],
  ])('reports %s (suggests %s)', (name, suggestion) => {
    const result = lint(makeCapture({ tools: withNames(name) }));
    expect(summary(result)).toEqual([`${RULE} notSnakeCase tool:${name}`]);
    expect(result.findings[0]!.message).toContain(`"${suggestion}"`);
  });

  it('reports a name starting with a digit without a suggestion', () => {
    expect(summary(lint(makeCapture({ tools: withNames('2fa_verify') })))).toEqual([`${RULE} notSnakeCaseNoSuggestion tool:2fa_verify`]);
  });

  it('leaves spec-invalid names to tool-name-format', () => {
    expect(lint(makeCapture({ tools: withNames('Bad Name', 'a/b', '', 'a'.repeat(129)) })).findings).toEqual([]);
  });

  it('reports spec-invalid names itself before 2025-11-25, when tool-name-format does not run', () => {
    const result = lint(makeCapture({ tools: withNames('Bad Name'), protocolVersion: '2025-06-18' }));
    expect(summary(result)).toEqual([`${RULE} notSnakeCase tool:Bad Name`]);
  });

  it('reports a duplicated name once', () => {
    expect(summary(lint(makeCapture({ tools: withNames('getBook', 'getBook') })))).toEqual([`${RULE} notSnakeCase tool:getBook`]);
  });

  it('reports once for the server when most tools share another style (kebab-case throughout)', () => {
    const names = ['aggregate-db', 'list-collections', 'find-documents', 'insert-many'];
    const result = lint(makeCapture({ tools: names.map((name) => ({ ...cleanTools()[1], name })) }));
    expect(summary(result)).toEqual([`${RULE} serverNotSnakeCase server`]);
    expect(result.findings[0]!.message).toBe(
      '4 of 4 tools are not snake_case (the server names its tools in kebab-case); rename them in snake_case, e.g. "aggregate-db" → "aggregate_db".',
    );
    expect(result.findings[0]!.evidence).toBe(names.join('\n'));
  });

  it("reports per tool the minority that deviates from the server's snake_case", () => {
    const result = lint(makeCapture({ tools: withNames('bookstoreAddReview', 'bookstore_list_books') }));
    expect(summary(result)).toEqual([`${RULE} notSnakeCase tool:bookstoreAddReview`]);
  });
});
