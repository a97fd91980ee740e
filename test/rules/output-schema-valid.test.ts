import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/output-schema-valid.js';
import { makeCapture, summary, type CaptureSpec } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'output-schema-valid';
const run = (spec: CaptureSpec) => runRule(rule, makeCapture(spec));
const lint = (spec: CaptureSpec) => summary(run(spec));
const withOutput = (outputSchema: unknown) => cleanTools().map((t, i) => (i === 1 ? { ...t, outputSchema } : t));
const BOOK = {
  type: 'object',
  properties: { id: { type: 'string' }, title: { type: 'string' }, year: { type: 'integer' } },
  required: ['id', 'title'],
};

describe(RULE, () => {
  it('accepts tools without an outputSchema', () => {
    expect(lint({ tools: cleanTools() })).toEqual([]);
  });

  it('accepts a valid object outputSchema', () => {
    expect(lint({ tools: withOutput(BOOK) })).toEqual([]);
    expect(lint({ tools: withOutput({ $schema: 'http://json-schema.org/draft-07/schema#', ...BOOK }) })).toEqual([]);
  });

  it.each([[null], [[]], ['object'], [false]])('reports an outputSchema that is not an object: %j', (schema) => {
    expect(lint({ tools: withOutput(schema) })).toEqual([`${RULE} notObject tool:bookstore_get_book#/outputSchema`]);
  });

  it('reports a root that is not type "object" up to 2025-11-25', () => {
    const schema = { type: 'array', items: BOOK };
    expect(lint({ tools: withOutput(schema) })).toEqual([`${RULE} rootNotObject tool:bookstore_get_book#/outputSchema`]);
    expect(lint({ tools: withOutput(schema), protocolVersion: '2025-06-18' })).toEqual([
      `${RULE} rootNotObject tool:bookstore_get_book#/outputSchema`,
    ]);
    const [finding] = run({ tools: withOutput({ properties: {} }) }).findings;
    expect(finding?.message).toContain('root type is not declared');
  });

  it('allows any root type from 2026-07-28', () => {
    expect(lint({ tools: withOutput({ type: 'array', items: BOOK }), protocolVersion: '2026-07-28' })).toEqual([]);
  });

  it('reports an invalid outputSchema with its pointer', () => {
    const result = run({ tools: withOutput({ ...BOOK, properties: { ...BOOK.properties, year: { type: 'int' } } }) });
    expect(summary(result)).toEqual([`${RULE} invalid tool:bookstore_get_book#/outputSchema/properties/year/type`]);
    expect(result.findings[0]?.message).toContain('outputSchema that is not valid JSON Schema 2020-12');
    expect(result.findings[0]?.evidence).toBe('"type": "int"');
  });

  it('uses draft-07 as the default dialect before 2025-11-25', () => {
    const schema = { ...BOOK, properties: { ...BOOK.properties, tags: { type: 'array', items: [{ type: 'string' }] } } };
    expect(lint({ tools: withOutput(schema), protocolVersion: '2025-06-18' })).toEqual([]);
    expect(lint({ tools: withOutput(schema) })).toEqual([`${RULE} invalid tool:bookstore_get_book#/outputSchema/properties/tags/items`]);
  });

  it('reports a dialect it cannot check', () => {
    expect(lint({ tools: withOutput({ $schema: 'https://example.com/my-dialect', ...BOOK }) })).toEqual([
      `${RULE} unsupportedDialect tool:bookstore_get_book#/outputSchema/$schema`,
    ]);
  });

  it('is skipped before 2025-06-18, which had no outputSchema', () => {
    const result = run({ tools: withOutput(null), protocolVersion: '2025-03-26' });
    expect(result.findings).toEqual([]);
    expect(result.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
