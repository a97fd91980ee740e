import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/parameter-description-present.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'parameter-description-present';
const lint = (capture: Capture) => runRule(rule, capture);
const withSchema = (inputSchema: unknown) => [{ ...cleanTools()[1], inputSchema }];
const judge = (inputSchema: unknown) => summary(lint(makeCapture({ tools: withSchema(inputSchema) })));

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint(makeCapture({ tools: cleanTools() })).findings).toEqual([]);
  });

  it('reports each undescribed parameter at its pointer', () => {
    const tools = cleanTools();
    delete tools[0]!.inputSchema.properties.offset.description;
    tools[0]!.inputSchema.properties.limit.description = '   ';
    const result = lint(makeCapture({ tools }));
    expect(summary(result)).toEqual([
      `${RULE} missing tool:bookstore_search_books#/inputSchema/properties/limit`,
      `${RULE} missing tool:bookstore_search_books#/inputSchema/properties/offset`,
    ]);
    expect(result.findings[1]!.message).toBe(
      'Tool "bookstore_search_books" has a parameter "offset" without a description; say what it means, its format and an example value, so the model can fill it in correctly.',
    );
    expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(2);
  });

  it('checks the fields of an object parameter one level down', () => {
    const inputSchema = {
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
    };
    expect(judge(inputSchema)).toEqual([`${RULE} missing tool:bookstore_get_book#/inputSchema/properties/filter/properties/year`]);
  });

  it('reports an undescribed object parameter and its undescribed fields separately', () => {
    const inputSchema = { type: 'object', properties: { filter: { type: 'object', properties: { year: { type: 'integer' } } } } };
    expect(judge(inputSchema)).toEqual([
      `${RULE} missing tool:bookstore_get_book#/inputSchema/properties/filter`,
      `${RULE} missing tool:bookstore_get_book#/inputSchema/properties/filter/properties/year`,
    ]);
  });

  it('accepts a description on a referenced definition', () => {
    const inputSchema = {
      type: 'object',
      $defs: { Filter: { type: 'object', description: 'Which books to include.', properties: {} } },
      definitions: { Sort: { type: 'string', enum: ['title', 'year'], description: 'Sort order.' } },
      properties: {
        filter: { $ref: '#/$defs/Filter' },
        sort: { allOf: [{ $ref: '#/definitions/Sort' }] },
        other: { $ref: '#/$defs/Missing' },
      },
    };
    expect(judge(inputSchema)).toEqual([`${RULE} missing tool:bookstore_get_book#/inputSchema/properties/other`]);
  });

  it('escapes parameter names in the pointer', () => {
    expect(judge({ type: 'object', properties: { 'a/b~c': { type: 'string' } } })).toEqual([
      `${RULE} missing tool:bookstore_get_book#/inputSchema/properties/a~1b~0c`,
    ]);
  });

  it('ignores schemas without properties and malformed property schemas', () => {
    expect(judge({ type: 'object' })).toEqual([]);
    expect(judge({ type: 'object', properties: { anything: true, broken: 'x' } })).toEqual([]);
    expect(judge(null)).toEqual([]);
    expect(judge({ type: 'object', properties: [] })).toEqual([]);
  });
});
