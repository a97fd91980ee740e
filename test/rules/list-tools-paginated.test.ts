import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/list-tools-paginated.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'list-tools-paginated';
const tool = (name: string, properties: Record<string, unknown>) => ({
  name,
  description: 'A tool.',
  inputSchema: { type: 'object', properties, additionalProperties: false },
});
const withTools = (tools: unknown[]) => () => makeCapture({ tools });
const Q = { query: { type: 'string' } };
const LIMIT = { limit: { type: 'integer', maximum: 100 } };
const OFFSET = { offset: { type: 'integer', minimum: 0 } };
const missingLimit = (name: string) => ({ messageId: 'missingLimit', subject: `tool:${name}#/inputSchema` }) as const;
const missingOffset = (name: string) => ({ messageId: 'missingOffset', subject: `tool:${name}#/inputSchema` }) as const;

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: withTools(cleanTools()) },
      {
        name: 'ignores tools whose verb does not list',
        capture: withTools([
          tool('bookstore_get_book', {}),
          tool('bookstore_add_review', {}),
          tool('bookstore_books', {}),
          tool('bookstore_update_listing', {}),
        ]),
      },
      ...[
        { page_size: {}, page_token: {} },
        { pageSize: {}, pageToken: {} },
        { per_page: {}, page: {} },
        { max_results: {}, next_cursor: {} },
        { first: {}, after: {} },
        { count: {}, skip: {} },
        { top: {}, start: {} },
        { limit: {}, cursor: {} },
      ].map((properties) => ({
        name: `accepts the parameter pair ${JSON.stringify(properties)}`,
        capture: withTools([tool('bookstore_list_orders', properties)]),
      })),
      {
        name: 'does not judge schemas whose parameters are defined elsewhere',
        capture: withTools([
          {
            name: 'bookstore_list_orders',
            inputSchema: {
              type: 'object',
              $ref: '#/$defs/Args',
              $defs: { Args: { type: 'object', properties: { limit: {}, offset: {} } } },
            },
          },
        ]),
      },
      {
        name: 'leaves schemas that are not object schemas to input-schema-valid',
        capture: withTools([{ name: 'bookstore_list_orders' }, { name: 'bookstore_search_books', inputSchema: null }]),
      },
    ],
    invalid: [
      {
        name: 'reports a search tool without limit and offset',
        capture: withTools([tool('bookstore_search_books', Q)]),
        findings: [
          { ...missingLimit('bookstore_search_books'), message: /\(its verb is "search"\)/ },
          missingOffset('bookstore_search_books'),
        ],
      },
      {
        name: 'reports a missing offset alone',
        capture: withTools([tool('bookstore_list_orders', LIMIT)]),
        findings: [missingOffset('bookstore_list_orders')],
      },
      {
        name: 'reports a missing limit alone',
        capture: withTools([tool('bookstore_list_orders', OFFSET)]),
        findings: [missingLimit('bookstore_list_orders')],
      },
      ...[
        'list_orders',
        'bookstore_find_authors',
        'bookstore_query_sales',
        'bookstore_browse_shelves',
        'bookstore_scan_inventory',
        'bookstore-list-orders',
        'bookstoreListOrders',
      ].map((name) => ({
        name: `treats ${name} as a listing tool`,
        capture: withTools([tool(name, LIMIT)]),
        findings: [missingOffset(name)],
      })),
      {
        name: 'does not count names that merely contain pagination words',
        capture: withTools([tool('bookstore_list_orders', { rate_limit: {}, offset_hours: {} })]),
        findings: [missingLimit('bookstore_list_orders'), missingOffset('bookstore_list_orders')],
      },
    ],
  });
});
