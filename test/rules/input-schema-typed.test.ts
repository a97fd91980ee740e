import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/input-schema-typed.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'input-schema-typed';
const withProps = (properties: Record<string, unknown>) => () =>
  makeCapture({
    tools: [
      { name: 'bookstore_get_book', description: 'Get a book.', inputSchema: { type: 'object', properties, additionalProperties: false } },
    ],
  });
const AT = 'tool:bookstore_get_book#/inputSchema/properties';
const untyped = (pointer: string) => ({ messageId: 'untypedProperty', subject: `${AT}/${pointer}` }) as const;
const deep = () => {
  let schema: Record<string, unknown> = { description: 'untyped leaf' };
  for (let i = 0; i < 20; i++) schema = { type: 'object', properties: { x: schema } };
  return schema;
};

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      ...[
        { type: ['string', 'null'] },
        { enum: ['markdown', 'json'] },
        { const: 'v1' },
        { $ref: '#/$defs/Book' },
        { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        { oneOf: [{ const: 'a' }, { const: 'b' }] },
        { allOf: [{ type: 'string' }, { minLength: 2 }] },
      ].map((schema) => ({ name: `accepts a property typed by ${JSON.stringify(schema)}`, capture: withProps({ p: schema }) })),
      { name: 'does not report an array without items', capture: withProps({ tags: { type: 'array', maxItems: 5 } }) },
      { name: 'stops at a sensible depth', capture: withProps({ root: deep() }) },
      {
        name: 'leaves schemas that are not object schemas to input-schema-valid',
        capture: () => makeCapture({ tools: [{ name: 'bookstore_get_book', inputSchema: { properties: { a: {} } } }] }),
      },
    ],
    invalid: [
      {
        name: 'reports a top-level property without a type',
        capture: withProps({ book_id: { description: 'The book id.' }, year: { type: 'integer' } }),
        findings: [{ ...untyped('book_id'), message: /parameter "book_id" declares no type/, evidence: '{"description":"The book id."}' }],
      },
      {
        name: 'reports an empty schema and a `true` schema, which accept anything',
        capture: withProps({ a: {}, b: true, c: false }),
        findings: [untyped('a'), untyped('b')],
      },
      {
        name: 'reports nested object properties with a dotted name',
        capture: withProps({
          filter: { type: 'object', properties: { author: { description: 'Author name.' }, year: { type: 'integer' } } },
        }),
        findings: [{ ...untyped('filter/properties/author'), message: /"filter\.author"/ }],
      },
      {
        name: 'reports untyped array items',
        capture: withProps({ tags: { type: 'array', items: { description: 'A tag.' } } }),
        findings: [{ messageId: 'untypedItems', subject: `${AT}/tags/items`, message: /parameter "tags" has array items/ }],
      },
      {
        name: 'follows objects inside arrays and tuple items',
        capture: withProps({
          lines: { type: 'array', items: { type: 'object', properties: { book_id: { type: 'string' }, qty: { minimum: 1 } } } },
          pair: { type: 'array', prefixItems: [{ type: 'string' }, { description: 'second' }] },
        }),
        findings: [
          { ...untyped('lines/items/properties/qty'), message: /"lines\[\]\.qty"/ },
          { messageId: 'untypedItems', subject: `${AT}/pair/prefixItems/1` },
        ],
      },
      { name: 'escapes property names in pointers', capture: withProps({ 'a/b~c': {} }), findings: [untyped('a~1b~0c')] },
    ],
  });
});
