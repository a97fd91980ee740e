import { describe, expect, it } from 'vitest';
import { cleanTools, withTool } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/tool-annotations-complete.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'tool-annotations-complete';
const lint = (capture: Capture) => runRule(rule, capture);
const withAnnotations = (name: string, annotations: unknown) =>
  withTool(cleanTools(), name, (tool: Record<string, unknown>) => ({ ...tool, annotations }));

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint(makeCapture({ tools: cleanTools() })).findings).toEqual([]);
  });

  it('reports one finding per tool naming every missing hint and its default', () => {
    const tools = withAnnotations('bookstore_search_books', { title: 'Search Books', readOnlyHint: true });
    const result = lint(makeCapture({ tools }));
    expect(summary(result)).toEqual([`${RULE} missing tool:bookstore_search_books#/annotations`]);
    expect(result.findings[0]!.message).toBe(
      'Tool "bookstore_search_books" leaves destructiveHint, idempotentHint, openWorldHint unset in its annotations, so clients fall back to the pessimistic defaults (destructiveHint: true, idempotentHint: false, openWorldHint: true); set every hint to true or false explicitly.',
    );
  });

  it('requires all four hints on a read-only tool too', () => {
    const tools = withAnnotations('bookstore_get_book', { readOnlyHint: true, openWorldHint: false });
    const result = lint(makeCapture({ tools }));
    expect(summary(result)).toEqual([`${RULE} missing tool:bookstore_get_book#/annotations`]);
    expect(result.findings[0]!.message).toContain('leaves destructiveHint, idempotentHint unset');
  });

  it('reports an empty annotations object', () => {
    const result = lint(makeCapture({ tools: withAnnotations('bookstore_add_review', {}) }));
    expect(result.findings.map((f) => f.message)).toEqual([
      expect.stringContaining('leaves readOnlyHint, destructiveHint, idempotentHint, openWorldHint unset'),
    ]);
  });

  it('accepts hints set to false explicitly, and a title-less annotations object', () => {
    const annotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
    expect(lint(makeCapture({ tools: withAnnotations('bookstore_add_review', annotations) })).findings).toEqual([]);
  });

  it('leaves tools without annotations to tool-annotations-present', () => {
    expect(lint(makeCapture({ tools: withAnnotations('bookstore_get_book', undefined) })).findings).toEqual([]);
  });

  it('leaves non-boolean hints to the schema rules', () => {
    const annotations = { readOnlyHint: 'yes', destructiveHint: false, idempotentHint: true, openWorldHint: false };
    expect(lint(makeCapture({ tools: withAnnotations('bookstore_get_book', annotations) })).findings).toEqual([]);
  });

  it('judges the annotations a 2024-11-05 server sends anyway: a guideline applies on every version', () => {
    const result = lint(makeCapture({ tools: withAnnotations('bookstore_get_book', {}), protocolVersion: '2024-11-05' }));
    expect(result.skipped).toEqual([]);
    expect(result.findings.map((f) => `${f.messageId} ${f.subject.kind === 'tool' ? f.subject.name : ''}`)).toEqual([
      'missing bookstore_get_book',
    ]);
  });
});
