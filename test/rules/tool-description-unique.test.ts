import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/capture.js';
import rule from '../../rules/tool-description-unique.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'tool-description-unique';
const lint = (capture: Capture) => runRule(rule, capture);
const tool = (name: string, description: unknown) => ({ ...cleanTools()[1], name, description });

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint(makeCapture({ tools: cleanTools() })).findings).toEqual([]);
  });

  it('reports every tool after the first that shares a description, naming the first', () => {
    const text = 'Search the bookstore catalogue. Returns matching books.';
    const tools = [tool('bookstore_a', text), tool('bookstore_b', 'Something else entirely, returns a number.'), tool('bookstore_c', text), tool('bookstore_d', text)];
    const result = lint(makeCapture({ tools }));
    expect(summary(result)).toEqual([`${RULE} duplicate tool:bookstore_c#/description`, `${RULE} duplicate tool:bookstore_d#/description`]);
    expect(result.findings.map((f) => f.message)).toEqual([
      'Tool "bookstore_c" has the same description as tool "bookstore_a", so the model cannot tell them apart; describe what this tool does differently and when to use it instead.',
      'Tool "bookstore_d" has the same description as tool "bookstore_a", so the model cannot tell them apart; describe what this tool does differently and when to use it instead.',
    ]);
  });

  it('compares trimmed, whitespace-collapsed and case-insensitive', () => {
    const tools = [tool('bookstore_a', 'Returns the  Book record.'), tool('bookstore_b', '  returns the book\nrecord. ')];
    expect(summary(lint(makeCapture({ tools })))).toEqual([`${RULE} duplicate tool:bookstore_b#/description`]);
  });

  it('accepts descriptions that differ in any word', () => {
    const tools = [tool('bookstore_a', 'Returns the book record.'), tool('bookstore_b', 'Returns the author record.')];
    expect(lint(makeCapture({ tools })).findings).toEqual([]);
  });

  it('ignores missing and blank descriptions (tool-description-present reports them)', () => {
    const tools = [tool('bookstore_a', undefined), tool('bookstore_b', undefined), tool('bookstore_c', ' '), tool('bookstore_d', '')];
    expect(lint(makeCapture({ tools })).findings).toEqual([]);
  });

  it('leaves repeated tool names to tool-name-unique', () => {
    const tools = [tool('bookstore_a', 'Returns the book record.'), tool('bookstore_a', 'Returns the book record.')];
    expect(lint(makeCapture({ tools })).findings).toEqual([]);
  });
});
