import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/tool-name-portable.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'tool-name-portable';
const lint = (capture: Capture) => runRule(rule, capture);
const withNames = (...names: string[]) => [...cleanTools(), ...names.map((name) => ({ ...cleanTools()[1], name }))];

describe(RULE, () => {
  it('accepts the clean bookstore tools, hyphens and 64 characters', () => {
    expect(lint(makeCapture({ tools: withNames('get-user', 'GetUser', 'a'.repeat(64)) })).findings).toEqual([]);
  });

  it('reports a spec-valid name longer than 64 characters', () => {
    const name = 'bookstore_add_customer_review_with_star_rating_and_review_text_to_book';
    const result = lint(makeCapture({ tools: withNames(name) }));
    expect(summary(result)).toEqual([`${RULE} tooLong tool:${name}`]);
    expect(result.findings[0]!.message).toContain('has a name of 70 characters');
  });

  it('reports a dot, with a suggestion', () => {
    const result = lint(makeCapture({ tools: withNames('admin.tools.list') }));
    expect(summary(result)).toEqual([`${RULE} invalidChars tool:admin.tools.list`]);
    expect(result.findings[0]!.message).toBe(
      'Tool "admin.tools.list" contains "." (dot), which some clients and model APIs reject in tool names (they accept only A-Z, a-z, 0-9, "_" and "-"); use e.g. "admin_tools_list".',
    );
  });

  it('leaves spec-invalid names to tool-name-format', () => {
    expect(lint(makeCapture({ tools: withNames('a b', 'a/b', '', 'c'.repeat(129), 'd.'.repeat(65)) })).findings).toEqual([]);
  });

  it('reports spec-invalid names itself before 2025-11-25, when tool-name-format does not run', () => {
    const result = lint(makeCapture({ tools: withNames('a b'), protocolVersion: '2025-06-18' }));
    expect(summary(result)).toEqual([`${RULE} invalidChars tool:a b`]);
    expect(result.findings[0]!.message).toContain('contains space');
  });

  it('reports a long dotted name once per problem, and a duplicated name once', () => {
    const name = 'a.'.repeat(40);
    expect(summary(lint(makeCapture({ tools: withNames(name, name) }))).sort()).toEqual([
      `${RULE} invalidChars tool:${name}`,
      `${RULE} tooLong tool:${name}`,
    ]);
  });
});
