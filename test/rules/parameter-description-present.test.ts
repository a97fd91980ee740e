import { describe, expect } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/parameter-description-present.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'parameter-description-present';
const withSchema = (inputSchema: unknown) => () => makeCapture({ tools: [{ ...cleanTools()[1], inputSchema }] });
const missing = (pointer: string) =>
  ({ messageId: 'missing', subject: `tool:bookstore_get_book#/inputSchema/properties/${pointer}` }) as const;

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      { name: 'ignores a schema without properties', capture: withSchema({ type: 'object' }) },
      { name: 'ignores malformed property schemas', capture: withSchema({ type: 'object', properties: { anything: true, broken: 'x' } }) },
      { name: 'ignores a null schema', capture: withSchema(null) },
      { name: 'ignores properties that are an array', capture: withSchema({ type: 'object', properties: [] }) },
    ],
    invalid: [
      {
        name: 'reports each undescribed parameter at its pointer',
        capture: () => {
          const tools = cleanTools();
          delete tools[0]!.inputSchema.properties.offset.description;
          tools[0]!.inputSchema.properties.limit.description = '   ';
          return makeCapture({ tools });
        },
        findings: [
          { messageId: 'missing', subject: 'tool:bookstore_search_books#/inputSchema/properties/limit' },
          {
            messageId: 'missing',
            subject: 'tool:bookstore_search_books#/inputSchema/properties/offset',
            message:
              'Tool "bookstore_search_books" has a parameter "offset" without a description; say what it means, its format and an example value, so the model can fill it in correctly.',
          },
        ],
        assert: (result) => expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(2),
      },
      {
        name: 'checks the fields of an object parameter one level down',
        capture: withSchema({
          type: 'object',
          properties: {
            filter: {
              type: 'object',
              description: 'Which books to include.',
              properties: {
                author: { type: 'string', description: 'Author name.' },
                year: { type: 'integer' },
                range: { type: 'object', description: 'Price range.', properties: { min: { type: 'number' } } },
              },
            },
          },
        }),
        findings: [missing('filter/properties/year')],
      },
      {
        name: 'reports an undescribed object parameter and its undescribed fields separately',
        capture: withSchema({ type: 'object', properties: { filter: { type: 'object', properties: { year: { type: 'integer' } } } } }),
        findings: [missing('filter'), missing('filter/properties/year')],
      },
      {
        name: 'accepts a description on a referenced definition',
        capture: withSchema({
          type: 'object',
          $defs: { Filter: { type: 'object', description: 'Which books to include.', properties: {} } },
          definitions: { Sort: { type: 'string', enum: ['title', 'year'], description: 'Sort order.' } },
          properties: {
            filter: { $ref: '#/$defs/Filter' },
            sort: { allOf: [{ $ref: '#/definitions/Sort' }] },
            other: { $ref: '#/$defs/Missing' },
          },
        }),
        findings: [missing('other')],
      },
      {
        name: 'escapes parameter names in the pointer',
        capture: withSchema({ type: 'object', properties: { 'a/b~c': { type: 'string' } } }),
        findings: [missing('a~1b~0c')],
      },
    ],
  });
});
