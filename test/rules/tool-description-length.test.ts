import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/tool-description-length.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'tool-description-length';
const lint = (capture: Capture, options: Record<string, unknown> = {}) => runRule(rule, capture, { level: 'warning', options });
const withDescription = (description: unknown) => cleanTools().map((t, i) => (i === 1 ? { ...t, description } : t));

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint(makeCapture({ tools: cleanTools() })).findings).toEqual([]);
  });

  it('reports a description shorter than 40 characters, with its length', () => {
    const result = lint(makeCapture({ tools: withDescription("Returns one book's full record by id.") }));
    expect(summary(result)).toEqual([`${RULE} tooShort tool:bookstore_get_book#/description`]);
    expect(result.findings[0]!.message).toBe(
      'Tool "bookstore_get_book" has a description of only 37 characters (minimum 40); say what the tool does, when to use it and what it returns.',
    );
    expect(result.findings[0]!.evidence).toBe("Returns one book's full record by id.");
  });

  it('accepts exactly the minimum and exactly the maximum', () => {
    expect(lint(makeCapture({ tools: withDescription('x'.repeat(40)) })).findings).toEqual([]);
    expect(lint(makeCapture({ tools: withDescription('x'.repeat(2000)) })).findings).toEqual([]);
  });

  it('reports a description longer than 2000 characters, without quoting it', () => {
    const result = lint(makeCapture({ tools: withDescription('Returns a book. '.repeat(200)) }));
    expect(summary(result)).toEqual([`${RULE} tooLong tool:bookstore_get_book#/description`]);
    expect(result.findings[0]!.message).toContain('has a description of 3199 characters (maximum 2000)');
    expect(result.findings[0]!.evidence).toBeUndefined();
  });

  it('ignores surrounding whitespace and counts code points, not UTF-16 units', () => {
    expect(summary(lint(makeCapture({ tools: withDescription(`   ${'x'.repeat(39)}   \n`) })))).toEqual([
      `${RULE} tooShort tool:bookstore_get_book#/description`,
    ]);
    expect(summary(lint(makeCapture({ tools: withDescription('📚'.repeat(39)) })))).toEqual([
      `${RULE} tooShort tool:bookstore_get_book#/description`,
    ]);
  });

  it('honours minLength and maxLength options', () => {
    expect(lint(makeCapture({ tools: cleanTools() }), { minLength: 200 }).findings.map((f) => f.subject)).toEqual([
      { kind: 'tool', name: 'bookstore_add_review', pointer: '/description' },
      { kind: 'tool', name: 'bookstore_get_book', pointer: '/description' },
    ]);
    expect(summary(lint(makeCapture({ tools: cleanTools() }), { maxLength: 200 }))).toEqual([
      `${RULE} tooLong tool:bookstore_search_books#/description`,
    ]);
    expect(lint(makeCapture({ tools: withDescription('Short.') }), { minLength: 0 }).findings).toEqual([]);
  });

  it('leaves missing and blank descriptions to tool-description-present', () => {
    expect(lint(makeCapture({ tools: withDescription(undefined) })).findings).toEqual([]);
    expect(lint(makeCapture({ tools: withDescription('   ') })).findings).toEqual([]);
    expect(lint(makeCapture({ tools: withDescription(7) })).findings).toEqual([]);
  });
});
