import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/input-schema-bounded.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'input-schema-bounded';
const tool = (name: string, properties: Record<string, unknown>) => ({
  name,
  description: 'A tool.',
  inputSchema: { type: 'object', properties, additionalProperties: false },
});
const search = (properties: Record<string, unknown>) => [tool('bookstore_search_books', { query: { type: 'string' }, ...properties })];
const withTools = (tools: unknown[]) => () => makeCapture({ tools });
const P = (tool: string, param: string) => `tool:${tool}#/inputSchema/properties/${param}`;
const S = (param: string) => P('bookstore_search_books', param);

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: withTools(cleanTools()) },
      { name: 'honours exclusiveMaximum', capture: withTools(search({ limit: { type: 'integer', exclusiveMaximum: 101 } })) },
      {
        name: 'does not take names that merely contain a limit word',
        capture: withTools(search({ limited: { type: 'integer' }, rate_limit: { type: 'integer' }, account_count: { type: 'integer' } })),
      },
      {
        // A random-number or maths tool: not result counts.
        name: 'takes ambiguous names (count, max, n, size, top, first, last) as limits only in context: not in a maths tool',
        capture: withTools([
          tool('bookstore_generate_code', { count: { type: 'integer' }, max: { type: 'number' }, n: { type: 'integer' } }),
        ]),
      },
      { name: 'only judges numeric limits', capture: withTools(search({ limit: { type: 'string' }, count: { type: 'boolean' } })) },
      {
        name: 'accepts arrays with maxItems, closed tuples and nullable bounded arrays',
        capture: withTools([
          tool('bookstore_tag_book', {
            tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
            pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string' }], items: false },
            old: { type: 'array', items: [{ type: 'string' }], additionalItems: false },
            maybe: { type: ['array', 'null'], items: { type: 'string' }, maxItems: 3 },
          }),
        ]),
      },
      {
        name: 'does not look at plain strings and numbers',
        capture: withTools([tool('bookstore_add_note', { text: { type: 'string' }, price: { type: 'number' } })]),
      },
      {
        name: 'leaves schemas that are not object schemas to input-schema-valid',
        capture: withTools([{ name: 'bookstore_search_books', inputSchema: { properties: { limit: { type: 'integer' } } } }]),
      },
    ],
    invalid: [
      {
        name: 'reports a limit without a maximum',
        capture: withTools(search({ limit: { type: 'integer', minimum: 1, default: 20 } })),
        findings: [{ messageId: 'unboundedLimit', subject: S('limit'), message: /"maximum": 100/ }],
      },
      {
        name: 'reports a limit whose maximum is above maxLimit',
        capture: withTools(search({ limit: { type: 'integer', minimum: 1, maximum: 1000, default: 20 } })),
        findings: [{ messageId: 'limitTooHigh', subject: S('limit'), message: /up to 1000 results/ }],
      },
      {
        name: 'honours exclusiveMaximum above maxLimit',
        capture: withTools(search({ limit: { type: 'integer', exclusiveMaximum: 500 } })),
        findings: [{ messageId: 'limitTooHigh', subject: S('limit') }],
      },
      ...[0, -1, 500].map((value) => ({
        name: `reports a default of ${value}, outside 1..maxLimit`,
        capture: withTools(search({ limit: { type: 'integer', minimum: 0, maximum: 100, default: value } })),
        findings: [{ messageId: 'defaultOutOfRange' as const, subject: S('limit') }],
      })),
      {
        name: 'reports both an unbounded maximum and a bad default',
        capture: withTools(search({ limit: { type: 'integer', default: 1000 } })),
        findings: [
          { messageId: 'defaultOutOfRange', subject: S('limit') },
          { messageId: 'unboundedLimit', subject: S('limit') },
        ],
      },
      ...['max_results', 'maxResults', 'page_size', 'pageSize', 'PER_PAGE', 'perPage', 'num_results', 'Limit'].map((param) => ({
        name: `recognises the limit name ${param}`,
        capture: withTools([tool('bookstore_get_report', { [param]: { type: 'number' } })]),
        findings: [{ messageId: 'unboundedLimit' as const, subject: P('bookstore_get_report', param) }],
      })),
      {
        // A listing tool: result counts.
        name: 'takes ambiguous names as limits in a listing tool',
        capture: withTools([tool('bookstore_list_orders', { top: { type: 'integer' } })]),
        findings: [{ messageId: 'unboundedLimit', subject: P('bookstore_list_orders', 'top') }],
      },
      {
        name: 'takes ambiguous names as limits next to a pagination parameter',
        capture: withTools([tool('bookstore_get_reviews', { first: { type: 'integer' }, after: { type: 'string' } })]),
        findings: [{ messageId: 'unboundedLimit', subject: P('bookstore_get_reviews', 'first') }],
      },
      {
        name: 'takes ambiguous names as limits when described as a number of results',
        capture: withTools([tool('bookstore_get_links', { count: { type: 'number', description: 'Number of links to return' } })]),
        findings: [{ messageId: 'unboundedLimit', subject: P('bookstore_get_links', 'count') }],
      },
      {
        name: 'reports an array parameter without maxItems',
        capture: withTools([tool('bookstore_tag_book', { tags: { type: 'array', items: { type: 'string' } } })]),
        findings: [
          { messageId: 'unboundedArray', subject: P('bookstore_tag_book', 'tags'), message: /"tags" is an array without "maxItems"/ },
        ],
      },
      {
        name: 'uses the maxLimit option',
        capture: withTools(search({ limit: { type: 'integer', minimum: 1, maximum: 100, default: 80 } })),
        options: { maxLimit: 50 },
        findings: [
          { messageId: 'limitTooHigh', subject: S('limit') },
          { messageId: 'defaultOutOfRange', subject: S('limit'), message: /between 1 and 50/ },
        ],
      },
    ],
  });
});
