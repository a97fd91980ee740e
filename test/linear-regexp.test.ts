/**
 * Server-supplied regular expressions never run on a backtracking engine: a catastrophic pattern
 * in an outputSchema is judged promptly (a backtracking engine needs about 75 s for this one), and
 * a pattern only a backtracking engine can run is reported instead of run.
 */
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { checkUserSchema, validateAgainstUserSchema } from '../src/schema/json-schema.js';
import { runRules } from '../src/engine/run.js';
import { linearRegExp, patternProblem } from '../src/shared/linear-regexp.js';
import { captureFixture } from './helpers/capture.js';

describe('linear-time patterns', () => {
  it('matches with JavaScript search semantics', () => {
    expect(linearRegExp('b').test('abc')).toBe(true);
    expect(linearRegExp('^b').test('abc')).toBe(false);
    expect(linearRegExp('^[a-z]+_[a-z]+$').test('get_book')).toBe(true);
    expect(linearRegExp('^\\d{3}-\\w+$').test('123-ab')).toBe(true);
  });

  it('runs a catastrophic pattern in linear time: ^(a+)+$ against 40 a\'s and a "!"', () => {
    // A backtracking engine would take minutes here; vitest's timeout would end the test.
    expect(linearRegExp('^(a+)+$').test(`${'a'.repeat(40)}!`)).toBe(false);
    const verdict = validateAgainstUserSchema({ type: 'string', pattern: '^(a+)+$' }, '2020-12', `${'a'.repeat(5000)}!`);
    expect(verdict.ok).toBe(false);
  });

  it('reports lookaround and backreferences instead of running them', () => {
    expect(patternProblem('^(?=.*\\d).+$')).toMatch(/cannot run in linear time/);
    expect(patternProblem('(a)\\1')).toMatch(/cannot run in linear time/);
    expect(patternProblem('^[a-z]+$')).toBeUndefined();
    const verdict = checkUserSchema(
      { type: 'object', properties: { p: { type: 'string', pattern: '(?<=x)y' } }, patternProperties: { '^(?!x)': {} } },
      '2020-12',
    );
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.problems.map((p) => p.pointer)).toEqual(['/properties/p/pattern', '/patternProperties/^(?!x)']);
    // Nested, in arrays, and under names that need escaping in a JSON pointer.
    const nested = checkUserSchema(
      { type: 'object', properties: { 'a/b~c': { anyOf: [{ type: 'string' }, { items: { pattern: '(a)\\1' } }] } } },
      '2020-12',
    );
    if (nested.ok) throw new Error('expected a pattern problem');
    expect(nested.problems.map((p) => p.pointer)).toEqual(['/properties/a~1b~0c/anyOf/1/items/pattern']);
  });

  it('treats a property named "pattern" as data, not as a keyword', () => {
    expect(checkUserSchema({ type: 'object', properties: { pattern: { type: 'string' } } }, '2020-12').ok).toBe(true);
    expect(
      checkUserSchema({ type: 'object', properties: { q: { type: 'string', default: '(?=x)', enum: ['(?=x)'] } } }, '2020-12').ok,
    ).toBe(true);
  });

  it('a live server with both patterns: judged promptly, both reported', async () => {
    const capture = await captureFixture('hostile/redos-pattern.mjs', { exitGraceMs: 3000 });
    const result = runRules(capture, { rules, settings: new Map() });
    const conforms = result.findings.find((f) => f.ruleId === 'structured-output-conforms');
    expect(conforms?.subject).toMatchObject({ kind: 'tool', name: 'bookstore_get_code' });
    const invalid = result.findings.find((f) => f.ruleId === 'input-schema-valid');
    expect(invalid?.subject).toMatchObject({ kind: 'tool', name: 'bookstore_check_password' });
    expect(invalid?.message).toMatch(/cannot run in linear time/);
  }, 60_000);
});
