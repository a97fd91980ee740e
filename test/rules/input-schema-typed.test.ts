import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/input-schema-typed.js';
import { makeCapture, summary, type CaptureSpec } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'input-schema-typed';
const run = (spec: CaptureSpec) => runRule(rule, makeCapture(spec));
const lint = (spec: CaptureSpec) => summary(run(spec));
const withProps = (properties: Record<string, unknown>) => [
  { name: 'bookstore_get_book', description: 'Get a book.', inputSchema: { type: 'object', properties, additionalProperties: false } },
];
const T = `${RULE} untypedProperty tool:bookstore_get_book#/inputSchema/properties`;

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint({ tools: cleanTools() })).toEqual([]);
  });

  it('reports a top-level property without a type', () => {
    const result = run({ tools: withProps({ book_id: { description: 'The book id.' }, year: { type: 'integer' } }) });
    expect(summary(result)).toEqual([`${T}/book_id`]);
    expect(result.findings[0]?.message).toContain('parameter "book_id" declares no type');
    expect(result.findings[0]?.evidence).toBe('{"description":"The book id."}');
  });

  it('reports an empty schema and a `true` schema, which accept anything', () => {
    expect(lint({ tools: withProps({ a: {}, b: true, c: false }) })).toEqual([`${T}/a`, `${T}/b`]);
  });

  it.each([
    [{ type: ['string', 'null'] }],
    [{ enum: ['markdown', 'json'] }],
    [{ const: 'v1' }],
    [{ $ref: '#/$defs/Book' }],
    [{ anyOf: [{ type: 'string' }, { type: 'integer' }] }],
    [{ oneOf: [{ const: 'a' }, { const: 'b' }] }],
    [{ allOf: [{ type: 'string' }, { minLength: 2 }] }],
  ])('accepts a property typed by %j', (schema) => {
    expect(lint({ tools: withProps({ p: schema }) })).toEqual([]);
  });

  it('reports nested object properties with a dotted name', () => {
    const result = run({
      tools: withProps({ filter: { type: 'object', properties: { author: { description: 'Author name.' }, year: { type: 'integer' } } } }),
    });
    expect(summary(result)).toEqual([`${T}/filter/properties/author`]);
    expect(result.findings[0]?.message).toContain('"filter.author"');
  });

  it('reports untyped array items', () => {
    const result = run({ tools: withProps({ tags: { type: 'array', items: { description: 'A tag.' } } }) });
    expect(summary(result)).toEqual([`${RULE} untypedItems tool:bookstore_get_book#/inputSchema/properties/tags/items`]);
    expect(result.findings[0]?.message).toContain('parameter "tags" has array items');
  });

  it('does not report an array without items', () => {
    expect(lint({ tools: withProps({ tags: { type: 'array', maxItems: 5 } }) })).toEqual([]);
  });

  it('follows objects inside arrays and tuple items', () => {
    const props = {
      lines: { type: 'array', items: { type: 'object', properties: { book_id: { type: 'string' }, qty: { minimum: 1 } } } },
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { description: 'second' }] },
    };
    expect(lint({ tools: withProps(props) })).toEqual([
      `${T}/lines/items/properties/qty`,
      `${RULE} untypedItems tool:bookstore_get_book#/inputSchema/properties/pair/prefixItems/1`,
    ]);
    expect(run({ tools: withProps(props) }).findings[0]?.message).toContain('"lines[].qty"');
  });

  it('escapes property names in pointers', () => {
    expect(lint({ tools: withProps({ 'a/b~c': {} }) })).toEqual([`${T}/a~1b~0c`]);
  });

  it('stops at a sensible depth', () => {
    let deep: Record<string, unknown> = { description: 'untyped leaf' };
    for (let i = 0; i < 20; i++) deep = { type: 'object', properties: { x: deep } };
    expect(lint({ tools: withProps({ root: deep }) })).toEqual([]);
  });

  it('leaves schemas that are not object schemas to input-schema-valid', () => {
    expect(lint({ tools: [{ name: 'bookstore_get_book', inputSchema: { properties: { a: {} } } }] })).toEqual([]);
  });
});
