import { describe, expect } from 'vitest';
import { cleanTools, withTool } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-annotations-complete.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-annotations-complete';
const withAnnotations = (name: string, annotations: unknown, protocolVersion?: string) => () =>
  makeCapture({
    tools: withTool(cleanTools(), name, (tool: Record<string, unknown>) => ({ ...tool, annotations })),
    ...(protocolVersion ? { protocolVersion } : {}),
  });
const missing = (tool: string) => ({ messageId: 'missing', subject: `tool:${tool}#/annotations` }) as const;

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      {
        name: 'accepts hints set to false explicitly, and a title-less annotations object',
        capture: withAnnotations('bookstore_add_review', {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: false,
          openWorldHint: false,
        }),
      },
      { name: 'leaves tools without annotations to tool-annotations-present', capture: withAnnotations('bookstore_get_book', undefined) },
      {
        name: 'leaves non-boolean hints to the schema rules',
        capture: withAnnotations('bookstore_get_book', {
          readOnlyHint: 'yes',
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        }),
      },
    ],
    invalid: [
      {
        name: 'reports one finding per tool naming every missing hint and its default',
        capture: withAnnotations('bookstore_search_books', { title: 'Search Books', readOnlyHint: true }),
        findings: [
          {
            ...missing('bookstore_search_books'),
            message:
              'Tool "bookstore_search_books" leaves destructiveHint, idempotentHint, openWorldHint unset in its annotations, so clients fall back to the pessimistic defaults (destructiveHint: true, idempotentHint: false, openWorldHint: true); set every hint to true or false explicitly.',
          },
        ],
      },
      {
        name: 'requires all four hints on a read-only tool too',
        capture: withAnnotations('bookstore_get_book', { readOnlyHint: true, openWorldHint: false }),
        findings: [{ ...missing('bookstore_get_book'), message: /leaves destructiveHint, idempotentHint unset/ }],
      },
      {
        name: 'reports an empty annotations object',
        capture: withAnnotations('bookstore_add_review', {}),
        findings: [
          { ...missing('bookstore_add_review'), message: /leaves readOnlyHint, destructiveHint, idempotentHint, openWorldHint unset/ },
        ],
      },
      {
        name: 'judges the annotations a 2024-11-05 server sends anyway: a guideline applies on every version',
        capture: withAnnotations('bookstore_get_book', {}, '2024-11-05'),
        findings: [missing('bookstore_get_book')],
        assert: (result) => expect(result.skipped).toEqual([]),
      },
    ],
  });
});
