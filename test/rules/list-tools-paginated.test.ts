import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/list-tools-paginated.js';
import { makeCapture, summary, type CaptureSpec } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'list-tools-paginated';
const run = (spec: CaptureSpec) => runRule(rule, makeCapture(spec));
const lint = (spec: CaptureSpec) => summary(run(spec));
const tool = (name: string, properties: Record<string, unknown>) => ({
  name,
  description: 'A tool.',
  inputSchema: { type: 'object', properties, additionalProperties: false },
});
const Q = { query: { type: 'string' } };
const LIMIT = { limit: { type: 'integer', maximum: 100 } };
const OFFSET = { offset: { type: 'integer', minimum: 0 } };

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint({ tools: cleanTools() })).toEqual([]);
  });

  it('reports a search tool without limit and offset', () => {
    const result = run({ tools: [tool('bookstore_search_books', Q)] });
    expect(summary(result)).toEqual([
      `${RULE} missingLimit tool:bookstore_search_books#/inputSchema`,
      `${RULE} missingOffset tool:bookstore_search_books#/inputSchema`,
    ]);
    expect(result.findings[0]?.message).toContain('(its verb is "search")');
  });

  it('reports a missing offset alone', () => {
    expect(lint({ tools: [tool('bookstore_list_orders', LIMIT)] })).toEqual([
      `${RULE} missingOffset tool:bookstore_list_orders#/inputSchema`,
    ]);
  });

  it('reports a missing limit alone', () => {
    expect(lint({ tools: [tool('bookstore_list_orders', OFFSET)] })).toEqual([
      `${RULE} missingLimit tool:bookstore_list_orders#/inputSchema`,
    ]);
  });

  it.each([
    ['list_orders'],
    ['bookstore_find_authors'],
    ['bookstore_query_sales'],
    ['bookstore_browse_shelves'],
    ['bookstore_scan_inventory'],
    ['bookstore-list-orders'],
    ['bookstoreListOrders'],
  ])('treats %s as a listing tool', (name) => {
    expect(lint({ tools: [tool(name, LIMIT)] })).toEqual([`${RULE} missingOffset tool:${name}#/inputSchema`]);
  });

  it('ignores tools whose verb does not list', () => {
    expect(
      lint({
        tools: [
          tool('bookstore_get_book', {}),
          tool('bookstore_add_review', {}),
          tool('bookstore_books', {}),
          tool('bookstore_update_listing', {}),
        ],
      }),
    ).toEqual([]);
  });

  it.each([
    [{ page_size: {}, page_token: {} }],
    [{ pageSize: {}, pageToken: {} }],
    [{ per_page: {}, page: {} }],
    [{ max_results: {}, next_cursor: {} }],
    [{ first: {}, after: {} }],
    [{ count: {}, skip: {} }],
    [{ top: {}, start: {} }],
    [{ limit: {}, cursor: {} }],
  ])('accepts the parameter pair %j', (properties) => {
    expect(lint({ tools: [tool('bookstore_list_orders', properties)] })).toEqual([]);
  });

  it('does not count names that merely contain pagination words', () => {
    expect(lint({ tools: [tool('bookstore_list_orders', { rate_limit: {}, offset_hours: {} })] })).toEqual([
      `${RULE} missingLimit tool:bookstore_list_orders#/inputSchema`,
      `${RULE} missingOffset tool:bookstore_list_orders#/inputSchema`,
    ]);
  });

  it('does not judge schemas whose parameters are defined elsewhere', () => {
    const inputSchema = {
      type: 'object',
      $ref: '#/$defs/Args',
      $defs: { Args: { type: 'object', properties: { limit: {}, offset: {} } } },
    };
    expect(lint({ tools: [{ name: 'bookstore_list_orders', inputSchema }] })).toEqual([]);
  });

  it('leaves schemas that are not object schemas to input-schema-valid', () => {
    expect(lint({ tools: [{ name: 'bookstore_list_orders' }, { name: 'bookstore_search_books', inputSchema: null }] })).toEqual([]);
  });
});
