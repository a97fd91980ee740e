import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/input-schema-required-exist.js';
import { makeCapture, summary, type CaptureSpec } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'input-schema-required-exist';
const run = (spec: CaptureSpec) => runRule(rule, makeCapture(spec));
const lint = (spec: CaptureSpec) => summary(run(spec));
const withSchema = (inputSchema: unknown) => [{ name: 'bookstore_add_review', description: 'Add a review.', inputSchema }];
const PROPS = { book_id: { type: 'string' }, rating: { type: 'integer' } };
const AT = 'tool:bookstore_add_review#/inputSchema';

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint({ tools: cleanTools() })).toEqual([]);
  });

  it('reports a required name that is not a property (closed schema: unsatisfiable)', () => {
    const result = run({
      tools: withSchema({ type: 'object', properties: PROPS, required: ['book_id', 'bookId'], additionalProperties: false }),
    });
    expect(summary(result)).toEqual([`${RULE} unsatisfiable ${AT}/required/1`]);
    expect(result.findings[0]?.message).toContain('requires "bookId"');
    expect(result.findings[0]?.message).toContain('no call can ever be valid');
    expect(result.findings[0]?.evidence).toBe('"required": ["book_id","bookId"]');
  });

  it('reports a required name that is not a property (open schema: notDefined)', () => {
    expect(lint({ tools: withSchema({ type: 'object', properties: PROPS, required: ['text'] }) })).toEqual([
      `${RULE} notDefined ${AT}/required/0`,
    ]);
  });

  it('reports every missing name, each at its own pointer', () => {
    expect(lint({ tools: withSchema({ type: 'object', required: ['a', 'b'] }) })).toEqual([
      `${RULE} notDefined ${AT}/required/0`,
      `${RULE} notDefined ${AT}/required/1`,
    ]);
  });

  it('checks nested objects and array items', () => {
    const schema = {
      type: 'object',
      properties: {
        filter: { type: 'object', properties: { author: { type: 'string' } }, required: ['authr'], additionalProperties: false },
        lines: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' } }, required: ['qty', 'book_id'] } },
      },
      additionalProperties: false,
    };
    const result = run({ tools: withSchema(schema) });
    expect(summary(result)).toEqual([
      `${RULE} unsatisfiable ${AT}/properties/filter/required/0`,
      `${RULE} notDefined ${AT}/properties/lines/items/required/1`,
    ]);
    expect(result.findings[0]?.message).toContain('requires "authr" in "filter"');
    expect(result.findings[1]?.message).toContain('in "lines[]"');
  });

  it('accepts names matched by patternProperties', () => {
    expect(
      lint({ tools: withSchema({ type: 'object', patternProperties: { '^x_': { type: 'string' } }, required: ['x_trace'] }) }),
    ).toEqual([]);
  });

  it('does not judge objects that define properties through composition', () => {
    const schema = { type: 'object', allOf: [{ properties: { book_id: { type: 'string' } } }], required: ['book_id'] };
    expect(lint({ tools: withSchema(schema) })).toEqual([]);
  });

  it.each([['book_id'], [[1]], [['book_id', 'book_id']]])('leaves a malformed required (%j) to input-schema-valid', (required) => {
    expect(lint({ tools: withSchema({ type: 'object', properties: {}, required }) })).toEqual([]);
  });

  it('ignores required on a schema typed as something other than an object', () => {
    expect(lint({ tools: withSchema({ type: 'object', properties: { q: { type: 'string', required: ['x'] } } }) })).toEqual([]);
  });

  it('leaves schemas that are not object schemas to input-schema-valid', () => {
    expect(lint({ tools: withSchema({ properties: {}, required: ['a'] }) })).toEqual([]);
  });
});
