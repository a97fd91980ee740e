/** jsonText and jsonDepth: the same answers as the native functions where those work, and answers where they overflow. */
import { describe, expect, it } from 'vitest';
import { jsonDepth, nestsDeeperThan } from '../src/shared/json-depth.js';
import { jsonText } from '../src/shared/json-text.js';

/** `[[[…0…]]]`, `levels` arrays deep, built without recursion. */
function nestedArrays(levels: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe('jsonText', () => {
  it('writes what JSON.stringify writes', () => {
    const value = { a: [1, 'two', null, { b: undefined, c: '\u2028"' }], d: { e: [] }, f: undefined };
    expect(jsonText(value)).toBe(JSON.stringify(value));
    expect(jsonText(undefined)).toBeUndefined();
  });

  it('writes values too deep for JSON.stringify', () => {
    const levels = 200_000;
    expect(() => JSON.stringify(nestedArrays(levels))).toThrow(RangeError);
    expect(jsonText(nestedArrays(levels))).toBe(`${'['.repeat(levels)}0${']'.repeat(levels)}`);
  });
});

describe('jsonDepth', () => {
  it('counts containers, and stops past the limit', () => {
    expect(jsonDepth('x')).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [] })).toBe(2);
    expect(jsonDepth({ a: [1, { b: { c: [] } }], d: [] })).toBe(5);
    expect(jsonDepth(nestedArrays(100_000))).toBe(100_000);
    expect(jsonDepth(nestedArrays(100_000), 10)).toBe(11);
    expect(nestsDeeperThan(nestedArrays(64), 64)).toBe(false);
    expect(nestsDeeperThan(nestedArrays(65), 64)).toBe(true);
  });

  it('remembers the depth of a frozen value, whatever limit is asked after', () => {
    const deepFrozen = (depth: number): unknown => {
      let value: unknown = Object.freeze([]);
      for (let i = 1; i < depth; i++) value = Object.freeze({ a: value });
      return value;
    };
    const five = deepFrozen(5);
    expect([3, 10, 4, 5, 0, -1].map((limit) => nestsDeeperThan(five, limit))).toEqual([true, false, true, false, true, true]);
    // First measured past a small limit (the walk stopped early), then asked about larger ones.
    const seven = deepFrozen(7);
    expect([2, 1, 6, 7, 2].map((limit) => nestsDeeperThan(seven, limit))).toEqual([true, true, true, false, true]);
    // A value that can still change is measured every time.
    const open: Record<string, unknown> = { a: {} };
    expect(nestsDeeperThan(open, 2)).toBe(false);
    open.a = { b: { c: {} } };
    expect(nestsDeeperThan(open, 2)).toBe(true);
    expect(nestsDeeperThan('x', 0)).toBe(false);
  });
});
