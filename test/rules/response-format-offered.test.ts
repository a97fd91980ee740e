import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/response-format-offered.js';
import { makeCapture, summary, type CaptureSpec } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'response-format-offered';
const run = (spec: CaptureSpec) => runRule(rule, makeCapture(spec));
const lint = (spec: CaptureSpec) => summary(run(spec));
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const tool = (name: string, properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'A tool.',
  inputSchema: { type: 'object', properties, additionalProperties: false },
  annotations: READ_ONLY,
  ...extra,
});
const ID = { book_id: { type: 'string' } };

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint({ tools: cleanTools() })).toEqual([]);
  });

  it('reports a read-only data tool without response_format', () => {
    const result = run({ tools: [tool('bookstore_get_book', ID)] });
    expect(summary(result)).toEqual([`${RULE} missing tool:bookstore_get_book#/inputSchema`]);
    expect(result.findings[0]?.level).toBe('note');
    expect(result.findings[0]?.message).toContain('response_format: "markdown" | "json"');
  });

  it.each([['get'], ['list'], ['search'], ['find'], ['query'], ['read'], ['fetch'], ['describe'], ['show']])(
    'covers the verb %s',
    (verb) => {
      expect(lint({ tools: [tool(`bookstore_${verb}_things`, {})] })).toEqual([
        `${RULE} missing tool:bookstore_${verb}_things#/inputSchema`,
      ]);
    },
  );

  it.each([['response_format'], ['responseFormat'], ['format'], ['output_format']])('accepts a %s parameter', (param) => {
    expect(lint({ tools: [tool('bookstore_get_book', { ...ID, [param]: { type: 'string', enum: ['markdown', 'json'] } })] })).toEqual([]);
  });

  it('ignores tools that are not annotated read-only', () => {
    expect(lint({ tools: [tool('bookstore_get_book', ID, { annotations: undefined })] })).toEqual([]);
    expect(lint({ tools: [tool('bookstore_get_book', ID, { annotations: { ...READ_ONLY, readOnlyHint: false } })] })).toEqual([]);
  });

  it('ignores tools whose verb does not return data', () => {
    expect(lint({ tools: [tool('bookstore_validate_isbn', ID), tool('bookstore_ping', {}), tool('bookstore_add_review', ID)] })).toEqual(
      [],
    );
  });

  it('ignores tools that declare an outputSchema (structured output is the machine-readable form)', () => {
    expect(lint({ tools: [tool('bookstore_get_book', ID, { outputSchema: { type: 'object' } })] })).toEqual([]);
  });

  it('leaves schemas that are not object schemas to input-schema-valid', () => {
    expect(lint({ tools: [tool('bookstore_get_book', ID, { inputSchema: { type: 'array' } })] })).toEqual([]);
  });
});
