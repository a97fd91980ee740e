import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/tool-name-format.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'tool-name-format';
const lint = (capture: Capture) => runRule(rule, capture);
const withNames = (...names: string[]) => [...cleanTools(), ...names.map((name) => ({ ...cleanTools()[1], name }))];

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint(makeCapture({ tools: cleanTools() })).findings).toEqual([]);
  });

  it('accepts the spec examples and the full character set', () => {
    expect(lint(makeCapture({ tools: withNames('getUser', 'DATA_EXPORT_v2', 'admin.tools.list', 'a-b_c.d9', 'x') })).findings).toEqual([]);
  });

  it('reports a slash and a space, naming the characters', () => {
    const result = lint(makeCapture({ tools: withNames('bookstore/add review') }));
    expect(summary(result)).toEqual([`${RULE} invalidChars tool:bookstore/add review`]);
    expect(result.findings[0]!.message).toBe(
      'Tool "bookstore/add review" contains "/" (slash) and space, which tool names should not; use only A-Z, a-z, 0-9, "_", "-" and "." (e.g. "bookstore_add_review").',
    );
  });

  it('names commas, non-ASCII letters and invisible characters', () => {
    const result = lint(makeCapture({ tools: withNames('a,b', 'bøok', 'zero\u200bwidth') }));
    expect(result.findings.map((f) => f.message.match(/contains (.*), which/)?.[1])).toEqual(['"," (comma)', '"ø"', 'U+200B']);
  });

  it('accepts 128 characters and reports 129', () => {
    const ok = 'a'.repeat(128);
    const long = 'b'.repeat(129);
    const result = lint(makeCapture({ tools: withNames(ok, long) }));
    expect(summary(result)).toEqual([`${RULE} tooLong tool:${long}`]);
    expect(result.findings[0]!.message).toContain('129 characters');
  });

  it('reports an empty name', () => {
    expect(summary(lint(makeCapture({ tools: withNames('') })))).toEqual([`${RULE} empty tool:`]);
  });

  it('reports a name that is both too long and has bad characters twice, once per problem', () => {
    const name = 'x '.repeat(70);
    expect(summary(lint(makeCapture({ tools: withNames(name) }))).sort()).toEqual([
      `${RULE} invalidChars tool:${name}`,
      `${RULE} tooLong tool:${name}`,
    ]);
  });

  it('reports a duplicated bad name once', () => {
    expect(summary(lint(makeCapture({ tools: withNames('a b', 'a b') })))).toEqual([`${RULE} invalidChars tool:a b`]);
  });

  it('is skipped before protocol 2025-11-25, which had no Tool Names guidance', () => {
    const result = lint(makeCapture({ tools: withNames('a b'), protocolVersion: '2025-06-18' }));
    expect(result.findings).toEqual([]);
    expect(result.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
