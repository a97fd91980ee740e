/**
 * Every rule against real servers over real stdio: each fixtures/rules/<id>/bad.mjs yields exactly
 * the findings its expected.json lists (so overlaps between rules show up), and the clean twin
 * (fixtures/clean-server.mjs, or the rule's own good.mjs) yields none.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureFixture, fixturePath, lintAll, summary } from './helpers/capture.js';

const dirs = readdirSync(fixturePath('rules')).sort();

describe.concurrent('rule fixtures over stdio', () => {
  it('the clean raw server has no findings', async () => {
    expect(summary(lintAll(await captureFixture('clean-server.mjs')))).toEqual([]);
  });

  for (const id of dirs) {
    const dir = fixturePath(join('rules', id));
    const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { findings: string[]; options?: Record<string, unknown> };
    it(`${id}: bad.mjs yields exactly the expected findings`, async () => {
      const capture = await captureFixture(join('rules', id, 'bad.mjs'));
      expect(summary(lintAll(capture)).sort()).toEqual([...expected.findings].sort());
      expect(expected.findings.some((f) => f.startsWith(`${id} `))).toBe(true);
    });
    if (existsSync(join(dir, 'good.mjs'))) {
      it(`${id}: good.mjs has no findings`, async () => {
        expect(summary(lintAll(await captureFixture(join('rules', id, 'good.mjs'))))).toEqual([]);
      });
    }
  }
});
