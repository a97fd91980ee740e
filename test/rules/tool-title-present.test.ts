import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/capture.js';
import { runRules } from '../../src/engine/run.js';
import rule from '../../rules/tool-title-present.js';
import { makeCapture, summary } from '../helpers/capture.js';

const RULE = 'tool-title-present';
const lint = (capture: Capture) => runRules(capture, { rules: [rule], settings: new Map() });

type Tool = Record<string, any>;
/** The clean get_book tool with its titles replaced. */
function tool(title: unknown, annotationsTitle: unknown, annotations = true): Tool {
  const t: Tool = structuredClone(cleanTools()[1]!);
  delete t.title;
  delete t.annotations.title;
  if (title !== undefined) t.title = title;
  if (annotationsTitle !== undefined) t.annotations.title = annotationsTitle;
  if (!annotations) delete t.annotations;
  return t;
}

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint(makeCapture({ tools: cleanTools() })).findings).toEqual([]);
  });

  it('reports a tool with neither title nor annotations.title', () => {
    const result = lint(makeCapture({ tools: [tool(undefined, undefined)] }));
    expect(summary(result)).toEqual([`${RULE} missing tool:bookstore_get_book`]);
    expect(result.findings[0]!.message).toBe(
      'Tool "bookstore_get_book" has no human-readable title, so clients display its programmatic name; add a short, human-friendly "title".',
    );
  });

  it('accepts either field alone', () => {
    expect(lint(makeCapture({ tools: [tool('Get Book', undefined)] })).findings).toEqual([]);
    expect(lint(makeCapture({ tools: [tool(undefined, 'Get Book')] })).findings).toEqual([]);
  });

  it('treats blank titles as missing', () => {
    expect(summary(lint(makeCapture({ tools: [tool('  ', '')] })))).toEqual([`${RULE} missing tool:bookstore_get_book`]);
  });

  it('reports a tool without annotations and without a title on 2025-06-18 and later', () => {
    expect(summary(lint(makeCapture({ tools: [tool(undefined, undefined, false)], protocolVersion: '2025-06-18' })))).toEqual([
      `${RULE} missing tool:bookstore_get_book`,
    ]);
  });

  it('on 2025-03-26 asks for annotations.title, and leaves tools without annotations to tool-annotations-present', () => {
    const result = lint(makeCapture({ tools: [tool(undefined, undefined), { ...tool(undefined, undefined, false), name: 'bookstore_list_authors' }], protocolVersion: '2025-03-26' }));
    expect(summary(result)).toEqual([`${RULE} missing tool:bookstore_get_book`]);
    expect(result.findings[0]!.message).toContain('add a short, human-friendly "annotations.title"');
  });

  it('leaves titles of the wrong type to list-entries-valid', () => {
    expect(lint(makeCapture({ tools: [tool(null, undefined)] })).findings).toEqual([]);
    expect(lint(makeCapture({ tools: [tool(undefined, 42)] })).findings).toEqual([]);
  });

  it('is skipped for 2024-11-05 servers', () => {
    const result = lint(makeCapture({ tools: [tool(undefined, undefined)], protocolVersion: '2024-11-05' }));
    expect(result.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
