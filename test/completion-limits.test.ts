/**
 * A completion result is judged on what its JSON Schema leaves out (#27 item 4): at most 100
 * values, and a total and hasMore that agree with the values returned.
 */
import { describe, expect, it } from 'vitest';
import { resultProblems } from '../rules/lib/result-schema.js';

const complete = (completion: Record<string, unknown>) => resultProblems('2025-11-25', 'CompleteResult', { completion });
const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);

describe('completion results', () => {
  it('pass with up to 100 values and a consistent total', () => {
    expect(complete({ values: values(100) })).toEqual([]);
    expect(complete({ values: values(3), total: 250, hasMore: true })).toEqual([]);
    expect(complete({ values: values(3), total: 3, hasMore: false })).toEqual([]);
  });

  it('report more than 100 values', () => {
    expect(complete({ values: values(101) })).toEqual([
      { pointer: '/completion/values', message: 'has 101 values, more than the 100 a response may carry', limit: true },
    ]);
  });

  it('report a total below the values returned, or above them without hasMore', () => {
    expect(complete({ values: values(5), total: 2 })).toEqual([
      { pointer: '/completion/total', message: 'is 2, fewer than the 5 values returned', limit: true },
    ]);
    expect(complete({ values: values(5), total: 40, hasMore: false })).toEqual([
      { pointer: '/completion/hasMore', message: 'is false, although total says 40 matches and 5 were returned', limit: true },
    ]);
    expect(complete({ values: values(5), total: 40 }).map((p) => p.pointer)).toEqual(['/completion/hasMore']);
  });
});
