import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/input-schema-closed-sets.js';
import { makeCapture, summary, type CaptureSpec } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'input-schema-closed-sets';
const run = (spec: CaptureSpec) => runRule(rule, makeCapture(spec));
const lint = (spec: CaptureSpec) => summary(run(spec));
const withProps = (properties: Record<string, unknown>) => [
  {
    name: 'bookstore_search_books',
    description: 'Search books.',
    inputSchema: { type: 'object', properties, additionalProperties: false },
  },
];
const AT = 'tool:bookstore_search_books#/inputSchema/properties';

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint({ tools: cleanTools() })).toEqual([]);
  });

  it('reports response_format as a free string', () => {
    const result = run({ tools: withProps({ response_format: { type: 'string', description: 'Output format.' } }) });
    expect(summary(result)).toEqual([`${RULE} freeString ${AT}/response_format`]);
    expect(result.findings[0]?.message).toContain('["markdown", "json"]');
  });

  it.each([['responseFormat'], ['output_format'], ['sort_order'], ['sortOrder'], ['sort_direction'], ['SortDirection']])(
    'recognises %s',
    (param) => {
      expect(lint({ tools: withProps({ [param]: { type: 'string' } }) })).toEqual([`${RULE} freeString ${AT}/${param}`]);
    },
  );

  it('suggests asc/desc for sort orders', () => {
    expect(run({ tools: withProps({ sort_order: { type: 'string' } }) }).findings[0]?.message).toContain('["asc", "desc"]');
  });

  it('reports format, order and direction only when the description names the closed set', () => {
    expect(lint({ tools: withProps({ format: { type: 'string', description: 'Date format, e.g. YYYY-MM-DD.' } }) })).toEqual([]);
    expect(lint({ tools: withProps({ order: { type: 'string', description: 'The order number.' } }) })).toEqual([]);
    expect(lint({ tools: withProps({ direction: { type: 'string' } }) })).toEqual([]);
    expect(lint({ tools: withProps({ format: { type: 'string', description: 'Either json or markdown.' } }) })).toEqual([
      `${RULE} freeString ${AT}/format`,
    ]);
    expect(lint({ tools: withProps({ order: { type: 'string', description: 'asc or desc' } }) })).toEqual([
      `${RULE} freeString ${AT}/order`,
    ]);
  });

  it.each([
    [{ type: 'string', enum: ['markdown', 'json'] }],
    [{ type: 'string', const: 'json' }],
    [{ oneOf: [{ const: 'markdown' }, { const: 'json' }] }],
    [{ type: 'string', anyOf: [{ const: 'asc' }, { const: 'desc' }] }],
    [{ type: 'string', pattern: '^(asc|desc)$' }],
    [{ $ref: '#/$defs/Format' }],
  ])('accepts a constrained value %j', (schema) => {
    expect(lint({ tools: withProps({ response_format: schema }) })).toEqual([]);
  });

  it('accepts a nullable string only when constrained', () => {
    expect(lint({ tools: withProps({ response_format: { type: ['string', 'null'] } }) })).toEqual([
      `${RULE} freeString ${AT}/response_format`,
    ]);
    expect(lint({ tools: withProps({ response_format: { type: ['string', 'null'], enum: ['json', 'markdown', null] } }) })).toEqual([]);
  });

  it('leaves untyped and non-string parameters alone', () => {
    expect(
      lint({
        tools: withProps({ response_format: { description: 'json or markdown' }, order: { type: 'integer' }, format: { type: 'object' } }),
      }),
    ).toEqual([]);
  });

  it('does not match names that merely contain a closed-set word', () => {
    expect(
      lint({ tools: withProps({ date_format: { type: 'string' }, order_id: { type: 'string' }, formatting: { type: 'string' } }) }),
    ).toEqual([]);
  });
});
