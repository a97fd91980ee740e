/** src/session/warm-up.ts: the rules judged over a made-up listing while a server starts, and thrown away. */
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { coreToSpare, judgeWarmUpListing } from '../src/session/warm-up.js';

describe('warming the rules up', () => {
  it('judges the listing-phase rules over its listing without a crash', async () => {
    // Every rule that reads only a listing runs; a crash rejects instead of counting.
    const judged = await judgeWarmUpListing({ rules, settings: new Map() }, () => false);
    expect(judged).toBeGreaterThan(40);
    expect(judged).toBeLessThan(rules.length);
  });

  it('stops as soon as the real judging begins', async () => {
    let asked = 0;
    expect(await judgeWarmUpListing({ rules, settings: new Map() }, () => ++asked > 3)).toBe(3);
    expect(await judgeWarmUpListing({ rules, settings: new Map() }, () => true)).toBe(0);
  });

  it('runs only with a core the starting servers leave free', () => {
    expect(coreToSpare(1, 2)).toBe(true);
    expect(coreToSpare(2, 2)).toBe(false);
    expect(coreToSpare(2, 4)).toBe(true);
  });
});
