import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/input-schema-strict.js';
import { makeCapture, summary, type CaptureSpec } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'input-schema-strict';
const run = (spec: CaptureSpec) => runRule(rule, makeCapture(spec));
const lint = (spec: CaptureSpec) => summary(run(spec));
const withSchema = (inputSchema: unknown) => [{ name: 'bookstore_get_book', description: 'Get a book.', inputSchema }];
const PARAMS = { book_id: { type: 'string' } };

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint({ tools: cleanTools() })).toEqual([]);
  });

  it('reports a schema without additionalProperties: false', () => {
    const result = run({ tools: withSchema({ type: 'object', properties: PARAMS }) });
    expect(summary(result)).toEqual([`${RULE} open tool:bookstore_get_book#/inputSchema`]);
    expect(result.findings[0]?.message).toContain('"additionalProperties": false');
    expect(result.findings[0]?.evidence).toBeUndefined();
  });

  it.each([[true], [{}]])('reports additionalProperties %j, which allows anything', (extra) => {
    const result = run({ tools: withSchema({ type: 'object', properties: PARAMS, additionalProperties: extra }) });
    expect(summary(result)).toEqual([`${RULE} open tool:bookstore_get_book#/inputSchema`]);
    expect(result.findings[0]?.evidence).toBe(`"additionalProperties": ${JSON.stringify(extra)}`);
  });

  it('has its own message for a tool without parameters', () => {
    expect(lint({ tools: withSchema({ type: 'object' }) })).toEqual([`${RULE} openNoParameters tool:bookstore_get_book#/inputSchema`]);
    expect(lint({ tools: withSchema({ type: 'object', properties: {} }) })).toEqual([
      `${RULE} openNoParameters tool:bookstore_get_book#/inputSchema`,
    ]);
  });

  it('accepts the recommended no-parameter schema', () => {
    expect(lint({ tools: withSchema({ type: 'object', additionalProperties: false }) })).toEqual([]);
  });

  it('accepts unevaluatedProperties: false', () => {
    expect(lint({ tools: withSchema({ type: 'object', properties: PARAMS, unevaluatedProperties: false }) })).toEqual([]);
  });

  it('accepts a deliberate map of typed extra properties', () => {
    expect(lint({ tools: withSchema({ type: 'object', additionalProperties: { type: 'string' } }) })).toEqual([]);
  });

  it('does not second-guess a root built by composition', () => {
    const schema = {
      type: 'object',
      oneOf: [
        { properties: PARAMS, additionalProperties: false },
        { properties: { isbn: { type: 'string' } }, additionalProperties: false },
      ],
    };
    expect(lint({ tools: withSchema(schema) })).toEqual([]);
  });

  it.each([[undefined], [null], [{ properties: PARAMS }], [{ type: 'array' }]])(
    'leaves a schema that is not an object schema to input-schema-valid: %j',
    (schema) => {
      expect(lint({ tools: withSchema(schema) })).toEqual([]);
    },
  );

  it('only looks at the root', () => {
    const schema = { type: 'object', properties: { filter: { type: 'object', properties: PARAMS } }, additionalProperties: false };
    expect(lint({ tools: withSchema(schema) })).toEqual([]);
  });

  const open = (name: string) => ({ name, description: 'A tool.', inputSchema: { type: 'object', properties: PARAMS } });

  it('reports once for the server when most of its tools leave the schema open', () => {
    const result = run({ tools: [...cleanTools().slice(0, 1), open('bookstore_a'), open('bookstore_b')] });
    expect(summary(result)).toEqual([`${RULE} serverOpen server`]);
    expect(result.findings[0]!.message).toMatch(/^2 of 3 tools accept arguments their inputSchema does not declare/);
    expect(result.findings[0]!.evidence).toBe('bookstore_a\nbookstore_b');
  });

  it('caps the tools listed in the server-wide evidence', () => {
    const names = Array.from({ length: 25 }, (_, i) => `bookstore_tool_${i}`);
    const evidence = run({ tools: names.map(open) }).findings[0]!.evidence!.split('\n');
    expect(evidence).toEqual([...names.slice(0, 20), '… and 5 more']);
  });

  it('reports per tool the minority that deviates from the closed schemas of the rest', () => {
    expect(lint({ tools: [...cleanTools(), open('bookstore_a')] })).toEqual([`${RULE} open tool:bookstore_a#/inputSchema`]);
  });

  it('does not count the tools it leaves alone (maps, composition) when judging the server', () => {
    const map = { name: 'bookstore_map', inputSchema: { type: 'object', additionalProperties: { type: 'string' } } };
    expect(lint({ tools: [...cleanTools().slice(0, 1), open('bookstore_a'), open('bookstore_b'), map, map] })).toEqual([
      `${RULE} serverOpen server`,
    ]);
  });
});
