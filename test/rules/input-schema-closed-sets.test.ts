import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/input-schema-closed-sets.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'input-schema-closed-sets';
const withProps = (properties: Record<string, unknown>) => () =>
  makeCapture({
    tools: [
      {
        name: 'bookstore_search_books',
        description: 'Search books.',
        inputSchema: { type: 'object', properties, additionalProperties: false },
      },
    ],
  });
const AT = 'tool:bookstore_search_books#/inputSchema/properties';

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      {
        name: 'does not report format when the description does not name a closed set',
        capture: withProps({ format: { type: 'string', description: 'Date format, e.g. YYYY-MM-DD.' } }),
      },
      {
        name: 'does not report order when the description does not name a closed set',
        capture: withProps({ order: { type: 'string', description: 'The order number.' } }),
      },
      { name: 'does not report direction without a description', capture: withProps({ direction: { type: 'string' } }) },
      ...[
        { type: 'string', enum: ['markdown', 'json'] },
        { type: 'string', const: 'json' },
        { oneOf: [{ const: 'markdown' }, { const: 'json' }] },
        { type: 'string', anyOf: [{ const: 'asc' }, { const: 'desc' }] },
        { type: 'string', pattern: '^(asc|desc)$' },
        { $ref: '#/$defs/Format' },
      ].map((schema) => ({
        name: `accepts a constrained value ${JSON.stringify(schema)}`,
        capture: withProps({ response_format: schema }),
      })),
      {
        name: 'accepts a nullable string when constrained',
        capture: withProps({ response_format: { type: ['string', 'null'], enum: ['json', 'markdown', null] } }),
      },
      {
        name: 'leaves untyped and non-string parameters alone',
        capture: withProps({
          response_format: { description: 'json or markdown' },
          order: { type: 'integer' },
          format: { type: 'object' },
        }),
      },
      {
        name: 'does not match names that merely contain a closed-set word',
        capture: withProps({ date_format: { type: 'string' }, order_id: { type: 'string' }, formatting: { type: 'string' } }),
      },
    ],
    invalid: [
      {
        name: 'reports response_format as a free string',
        capture: withProps({ response_format: { type: 'string', description: 'Output format.' } }),
        findings: [{ messageId: 'freeString', subject: `${AT}/response_format`, message: /\["markdown", "json"\]/ }],
      },
      // sort_order is the next case, which also checks the suggestion.
      ...['responseFormat', 'output_format', 'sortOrder', 'sort_direction', 'SortDirection'].map((param) => ({
        name: `recognises ${param}`,
        capture: withProps({ [param]: { type: 'string' } }),
        findings: [{ messageId: 'freeString' as const, subject: `${AT}/${param}` }],
      })),
      {
        name: 'recognises sort_order, and suggests asc/desc for sort orders',
        capture: withProps({ sort_order: { type: 'string' } }),
        findings: [{ messageId: 'freeString', subject: `${AT}/sort_order`, message: /\["asc", "desc"\]/ }],
      },
      {
        name: 'reports format when the description names the closed set',
        capture: withProps({ format: { type: 'string', description: 'Either json or markdown.' } }),
        findings: [{ messageId: 'freeString', subject: `${AT}/format` }],
      },
      {
        name: 'reports order when the description names the closed set',
        capture: withProps({ order: { type: 'string', description: 'asc or desc' } }),
        findings: [{ messageId: 'freeString', subject: `${AT}/order` }],
      },
      {
        name: 'reports a nullable string that is not constrained',
        capture: withProps({ response_format: { type: ['string', 'null'] } }),
        findings: [{ messageId: 'freeString', subject: `${AT}/response_format` }],
      },
    ],
  });
});
