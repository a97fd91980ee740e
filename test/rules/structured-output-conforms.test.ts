import { describe, expect, it } from 'vitest';
import rule from '../../rules/structured-output-conforms.js';
import { cleanTools, withTool } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { ran, runRule, text, toolCall, toolResult } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';

const RULE = 'structured-output-conforms';
const outputSchema = { type: 'object', properties: { id: { type: 'string' }, year: { type: 'integer' } }, required: ['id'] };
const tools = (schema: unknown = outputSchema) =>
  withTool(cleanTools(), 'bookstore_get_book', (t: Record<string, unknown>) => ({ ...t, outputSchema: schema }));
const lint = (answer: ProbeAnswer, schema?: unknown, protocolVersion = '2025-11-25') =>
  runRule(
    rule,
    makeCapture({
      protocolVersion,
      tools: tools(schema),
      probes: ran('valid-calls', [toolCall('bookstore_get_book', { book_id: 'bk_1' }, answer)]),
    }),
  );

describe(RULE, () => {
  it('accepts conforming structuredContent, and isError results without it', () => {
    expect(summary(lint(toolResult({ content: [], structuredContent: { id: 'bk_1', year: 1974 } })))).toEqual([]);
    expect(summary(lint(text('Error: no such book', true)))).toEqual([]);
  });

  it('reports missing structuredContent', () => {
    expect(summary(lint(text('{"id":"bk_1"}')))).toEqual([`${RULE} missing tool:bookstore_get_book#/outputSchema`]);
  });

  it('reports structuredContent that does not validate, with the place', () => {
    const res = lint(toolResult({ content: [], structuredContent: { year: 'old' } }));
    expect(summary(res)).toEqual([`${RULE} invalid tool:bookstore_get_book#/outputSchema`]);
    expect(res.findings[0]!.message).toMatch(/must have required property 'id'|at \/year/);
    expect(res.findings[0]!.message).toContain('(and 1 more problem)');
  });

  it('leaves invalid output schemas to output-schema-valid, and is skipped before 2025-06-18', () => {
    expect(
      summary(lint(toolResult({ content: [], structuredContent: {} }), { type: 'object', properties: { id: { type: 'int' } } })),
    ).toEqual([]);
    expect(lint(text('x'), undefined, '2025-03-26').skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
