import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/input-schema-valid.js';
import { makeCapture, summary, type CaptureSpec } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'input-schema-valid';
const run = (spec: CaptureSpec) => runRule(rule, makeCapture(spec));
const lint = (spec: CaptureSpec) => summary(run(spec));
const tool = (inputSchema: unknown, extra: Record<string, unknown> = {}) => ({
  name: 'bookstore_get_book',
  description: 'Get a book.',
  inputSchema,
  ...extra,
});
const withSchema = (inputSchema: unknown) => [tool(inputSchema)];

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint({ tools: cleanTools() })).toEqual([]);
  });

  it('reports a tool without inputSchema', () => {
    expect(lint({ tools: [{ name: 'bookstore_get_book', description: 'Get a book.' }] })).toEqual([
      `${RULE} missing tool:bookstore_get_book`,
    ]);
  });

  it.each([[null], [[]], ['object'], [true], [42]])('reports an inputSchema that is not an object: %j', (schema) => {
    expect(lint({ tools: withSchema(schema) })).toEqual([`${RULE} notObject tool:bookstore_get_book#/inputSchema`]);
  });

  it('says what the inputSchema is instead of an object', () => {
    const [finding] = run({ tools: withSchema(null) }).findings;
    expect(finding?.message).toContain('is null, not a JSON Schema object');
  });

  it.each([{ type: 'array' }, { properties: {} }, { type: ['object', 'null'] }])(
    'reports a root that is not type "object": %j',
    (schema) => {
      expect(lint({ tools: withSchema(schema) })).toEqual([`${RULE} rootNotObject tool:bookstore_get_book#/inputSchema`]);
    },
  );

  it('reports a misspelt root type once, as rootNotObject, not again as invalid', () => {
    expect(lint({ tools: withSchema({ type: 'objetc' }) })).toEqual([`${RULE} rootNotObject tool:bookstore_get_book#/inputSchema`]);
  });

  it('reports a schema that is not valid in the default dialect, with the first problem and its pointer', () => {
    const result = run({ tools: withSchema({ type: 'object', properties: { q: { type: 'strin' } } }) });
    expect(summary(result)).toEqual([`${RULE} invalid tool:bookstore_get_book#/inputSchema/properties/q/type`]);
    const [finding] = result.findings;
    expect(finding?.message).toContain('JSON Schema 2020-12');
    expect(finding?.message).toContain(
      '/properties/q/type: "strin" is not a JSON Schema type (use one of array, boolean, integer, null, number, object, string)',
    );
    expect(finding?.message).not.toContain('{{');
    expect(finding?.evidence).toBe('"type": "strin"');
  });

  it('does not mistake a property named "type" for the type keyword', () => {
    const [finding] = run({ tools: withSchema({ type: 'object', properties: { type: 'strin' } }) }).findings;
    expect(finding?.subject).toEqual({ kind: 'tool', name: 'bookstore_get_book', pointer: '/inputSchema/properties/type' });
    expect(finding?.message).not.toContain('is not a JSON Schema type');
  });

  it('counts the other places with problems', () => {
    const [finding] = run({ tools: withSchema({ type: 'object', properties: { a: { type: 'strin' }, b: { minLength: -1 } } }) }).findings;
    expect(finding?.message).toContain('1 more place with problems');
  });

  it('reports an unresolvable $ref at the root of the schema', () => {
    const result = run({ tools: withSchema({ type: 'object', properties: { q: { $ref: '#/$defs/missing' } } }) });
    expect(summary(result)).toEqual([`${RULE} invalid tool:bookstore_get_book#/inputSchema`]);
    expect(result.findings[0]?.message).toContain('at the root');
  });

  it('reports a rootNotObject and an invalid property as two findings', () => {
    expect(lint({ tools: withSchema({ type: 'array', items: { type: 'strin' } }) })).toEqual([
      `${RULE} rootNotObject tool:bookstore_get_book#/inputSchema`,
      `${RULE} invalid tool:bookstore_get_book#/inputSchema/items/type`,
    ]);
  });

  it('reports a dialect it cannot check', () => {
    const schema = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' };
    expect(lint({ tools: withSchema(schema) })).toEqual([`${RULE} unsupportedDialect tool:bookstore_get_book#/inputSchema/$schema`]);
  });

  it('accepts a valid schema that declares draft-07', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { tags: { type: 'array', items: [{ type: 'string' }] } },
    };
    expect(lint({ tools: withSchema(schema) })).toEqual([]);
  });

  it('judges a schema without $schema in the dialect of the negotiated version', () => {
    // Array-form `items` is draft-07; under 2020-12 `items` must be a single schema.
    const schema = { type: 'object', properties: { tags: { type: 'array', items: [{ type: 'string' }] } } };
    expect(lint({ tools: withSchema(schema), protocolVersion: '2025-11-25' })).toEqual([
      `${RULE} invalid tool:bookstore_get_book#/inputSchema/properties/tags/items`,
    ]);
    expect(lint({ tools: withSchema(schema), protocolVersion: '2025-06-18' })).toEqual([]);
    const [finding] = run({
      tools: withSchema({ type: 'object', properties: { q: { type: 'strin' } } }),
      protocolVersion: '2025-03-26',
    }).findings;
    expect(finding?.message).toContain('JSON Schema draft-07');
  });

  it('accepts the recommended no-parameter schema and vendor keywords', () => {
    expect(lint({ tools: withSchema({ type: 'object', additionalProperties: false }) })).toEqual([]);
    expect(
      lint({ tools: withSchema({ type: 'object', 'x-internal': true, properties: { q: { type: 'string', 'x-mcp-header': 'Q' } } }) }),
    ).toEqual([]);
  });

  it('reports each broken tool separately', () => {
    const tools = [...cleanTools(), { ...tool({ type: 'string' }), name: 'bookstore_other' }, { name: 'bookstore_third' }];
    expect(lint({ tools })).toEqual([`${RULE} rootNotObject tool:bookstore_other#/inputSchema`, `${RULE} missing tool:bookstore_third`]);
  });
});
