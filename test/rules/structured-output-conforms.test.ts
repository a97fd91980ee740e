import { describe, expect } from 'vitest';
import rule from '../../rules/structured-output-conforms.js';
import { cleanTools, withTool } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture } from '../helpers/capture.js';
import { ran, text, toolCall, toolResult } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'structured-output-conforms';
const outputSchema = { type: 'object', properties: { id: { type: 'string' }, year: { type: 'integer' } }, required: ['id'] };
const tools = (schema: unknown = outputSchema) =>
  withTool(cleanTools(), 'bookstore_get_book', (t: Record<string, unknown>) => ({ ...t, outputSchema: schema }));
const capture =
  (answer: ProbeAnswer, schema?: unknown, protocolVersion = '2025-11-25') =>
  () =>
    makeCapture({
      protocolVersion,
      tools: tools(schema),
      probes: ran('valid-calls', [toolCall('bookstore_get_book', { book_id: 'bk_1' }, answer)]),
    });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts conforming structuredContent',
        capture: capture(toolResult({ content: [], structuredContent: { id: 'bk_1', year: 1974 } })),
      },
      { name: 'accepts isError results without it', capture: capture(text('Error: no such book', true)) },
      {
        name: 'leaves invalid output schemas to output-schema-valid',
        capture: capture(toolResult({ content: [], structuredContent: {} }), { type: 'object', properties: { id: { type: 'int' } } }),
      },
      {
        name: 'is skipped before 2025-06-18',
        capture: capture(text('x'), undefined, '2025-03-26'),
        skipped: /introduced in protocol 2025-06-18; the server negotiated 2025-03-26/,
      },
    ],
    invalid: [
      {
        name: 'reports missing structuredContent',
        capture: capture(text('{"id":"bk_1"}')),
        findings: [{ messageId: 'missing', subject: 'tool:bookstore_get_book#/outputSchema' }],
      },
      {
        name: 'reports structuredContent that does not validate, with the place',
        capture: capture(toolResult({ content: [], structuredContent: { year: 'old' } })),
        findings: [{ messageId: 'invalid', subject: 'tool:bookstore_get_book#/outputSchema', message: /\(and 1 more problem\)/ }],
        assert: ({ findings }) => expect(findings[0]!.message).toMatch(/must have required property 'id'|at \/year/),
      },
    ],
  });
});
