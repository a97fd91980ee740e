import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/input-schema-bounded.js';
import { makeCapture, summary, type CaptureSpec } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'input-schema-bounded';
const run = (spec: CaptureSpec, options: Record<string, unknown> = {}) => runRule(rule, makeCapture(spec), { level: 'warning', options });
const lint = (spec: CaptureSpec, options: Record<string, unknown> = {}) => summary(run(spec, options));
const tool = (name: string, properties: Record<string, unknown>) => ({
  name,
  description: 'A tool.',
  inputSchema: { type: 'object', properties, additionalProperties: false },
});
const search = (properties: Record<string, unknown>) => [tool('bookstore_search_books', { query: { type: 'string' }, ...properties })];
const P = (tool: string, param: string) => `tool:${tool}#/inputSchema/properties/${param}`;
const S = (param: string) => P('bookstore_search_books', param);

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint({ tools: cleanTools() })).toEqual([]);
  });

  it('reports a limit without a maximum', () => {
    const result = run({ tools: search({ limit: { type: 'integer', minimum: 1, default: 20 } }) });
    expect(summary(result)).toEqual([`${RULE} unboundedLimit ${S('limit')}`]);
    expect(result.findings[0]?.message).toContain('"maximum": 100');
  });

  it('reports a limit whose maximum is above maxLimit', () => {
    const result = run({ tools: search({ limit: { type: 'integer', minimum: 1, maximum: 1000, default: 20 } }) });
    expect(summary(result)).toEqual([`${RULE} limitTooHigh ${S('limit')}`]);
    expect(result.findings[0]?.message).toContain('up to 1000 results');
  });

  it('honours exclusiveMaximum', () => {
    expect(lint({ tools: search({ limit: { type: 'integer', exclusiveMaximum: 101 } }) })).toEqual([]);
    expect(lint({ tools: search({ limit: { type: 'integer', exclusiveMaximum: 500 } }) })).toEqual([`${RULE} limitTooHigh ${S('limit')}`]);
  });

  it.each([[0], [-1], [500]])('reports a default of %j, outside 1..maxLimit', (value) => {
    expect(lint({ tools: search({ limit: { type: 'integer', minimum: 0, maximum: 100, default: value } }) })).toEqual([
      `${RULE} defaultOutOfRange ${S('limit')}`,
    ]);
  });

  it('reports both an unbounded maximum and a bad default', () => {
    expect(lint({ tools: search({ limit: { type: 'integer', default: 1000 } }) }).sort()).toEqual([
      `${RULE} defaultOutOfRange ${S('limit')}`,
      `${RULE} unboundedLimit ${S('limit')}`,
    ]);
  });

  it.each([['max_results'], ['maxResults'], ['page_size'], ['pageSize'], ['PER_PAGE'], ['perPage'], ['num_results'], ['Limit']])(
    'recognises the limit name %s',
    (param) => {
      expect(lint({ tools: [tool('bookstore_get_report', { [param]: { type: 'number' } })] })).toEqual([
        `${RULE} unboundedLimit ${P('bookstore_get_report', param)}`,
      ]);
    },
  );

  it('does not take names that merely contain a limit word', () => {
    expect(
      lint({ tools: search({ limited: { type: 'integer' }, rate_limit: { type: 'integer' }, account_count: { type: 'integer' } }) }),
    ).toEqual([]);
  });

  it('takes ambiguous names (count, max, n, size, top, first, last) as limits only in context', () => {
    const props = { count: { type: 'integer' }, max: { type: 'number' }, n: { type: 'integer' } };
    // A random-number or maths tool: not result counts.
    expect(lint({ tools: [tool('bookstore_generate_code', props)] })).toEqual([]);
    // A listing tool: result counts.
    expect(lint({ tools: [tool('bookstore_list_orders', { top: { type: 'integer' } })] })).toEqual([
      `${RULE} unboundedLimit ${P('bookstore_list_orders', 'top')}`,
    ]);
    // Next to a pagination parameter.
    expect(lint({ tools: [tool('bookstore_get_reviews', { first: { type: 'integer' }, after: { type: 'string' } })] })).toEqual([
      `${RULE} unboundedLimit ${P('bookstore_get_reviews', 'first')}`,
    ]);
    // Described as a number of results.
    expect(lint({ tools: [tool('bookstore_get_links', { count: { type: 'number', description: 'Number of links to return' } })] })).toEqual(
      [`${RULE} unboundedLimit ${P('bookstore_get_links', 'count')}`],
    );
  });

  it('only judges numeric limits', () => {
    expect(lint({ tools: search({ limit: { type: 'string' }, count: { type: 'boolean' } }) })).toEqual([]);
  });

  it('reports an array parameter without maxItems', () => {
    const tools = [tool('bookstore_tag_book', { tags: { type: 'array', items: { type: 'string' } } })];
    const result = run({ tools });
    expect(summary(result)).toEqual([`${RULE} unboundedArray ${P('bookstore_tag_book', 'tags')}`]);
    expect(result.findings[0]?.message).toContain('"tags" is an array without "maxItems"');
  });

  it('accepts arrays with maxItems, closed tuples and nullable bounded arrays', () => {
    const props = {
      tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string' }], items: false },
      old: { type: 'array', items: [{ type: 'string' }], additionalItems: false },
      maybe: { type: ['array', 'null'], items: { type: 'string' }, maxItems: 3 },
    };
    expect(lint({ tools: [tool('bookstore_tag_book', props)] })).toEqual([]);
  });

  it('does not look at plain strings and numbers', () => {
    expect(lint({ tools: [tool('bookstore_add_note', { text: { type: 'string' }, price: { type: 'number' } })] })).toEqual([]);
  });

  it('uses the maxLimit option', () => {
    const tools = search({ limit: { type: 'integer', minimum: 1, maximum: 100, default: 80 } });
    expect(lint({ tools }, { maxLimit: 50 }).sort()).toEqual([
      `${RULE} defaultOutOfRange ${S('limit')}`,
      `${RULE} limitTooHigh ${S('limit')}`,
    ]);
    const finding = run({ tools }, { maxLimit: 50 }).findings.find((f) => f.messageId === 'defaultOutOfRange');
    expect(finding?.message).toContain('between 1 and 50');
  });

  it('leaves schemas that are not object schemas to input-schema-valid', () => {
    expect(lint({ tools: [{ name: 'bookstore_search_books', inputSchema: { properties: { limit: { type: 'integer' } } } }] })).toEqual([]);
  });
});
