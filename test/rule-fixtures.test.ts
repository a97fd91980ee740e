/**
 * Every rule against real servers over real stdio: each fixtures/rules/<id>/bad.mjs yields exactly
 * the findings its expected.json lists (so overlaps between rules show up), and the clean twin
 * (fixtures/clean-server.mjs, or the rule's own good.mjs) yields none.
 *
 * `UPDATE_FIXTURES=1 npx vitest run test/rule-fixtures.test.ts [-t <id>:]` writes the findings each
 * bad.mjs yields into its expected.json instead (test/helpers/expected-findings.ts): review the diff.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSourceIndex } from '../src/source/index.js';
import { buildPythonSourceIndex } from '../src/source/python/index.js';
import type { Level } from '../src/engine/rule.js';
import { fixturePath, lintAll, summary } from './helpers/capture.js';
import { sharedFixtureCapture } from './helpers/shared-capture.js';
import { recordFindings } from './helpers/expected-findings.js';
import { captureManifestFixture, capturePackedFixture, lintConfigFixture } from './helpers/targets.js';

const dirs = readdirSync(fixturePath('rules')).sort();

describe.concurrent('rule fixtures over stdio', () => {
  it('the clean raw server has no findings', async () => {
    expect(summary(lintAll(await sharedFixtureCapture('clean-server.mjs')))).toEqual([]);
  });

  for (const id of dirs) {
    const dir = fixturePath(join('rules', id));
    const expectedFile = join(dir, 'expected.json');
    const expected = JSON.parse(readFileSync(expectedFile, 'utf8')) as {
      findings: string[];
      options?: Record<string, unknown>;
      /** "python": bad.mjs launches bad.py, which is indexed with the Python index. */
      source?: boolean | 'python';
      /** Levels for rules that are off by default (e.g. unknown-tool-protocol-error), so their fixture can show them. */
      levels?: Record<string, Level>;
      /** "http": bad.mjs serves Streamable HTTP (prints `LISTENING <url>` first) and is captured over HTTP. */
      transport?: 'http';
      /** A client config beside bad.mjs: every server in it is captured and linted (with the others as peers). */
      config?: string;
      /**
       * A published manifest (docs/manifests.md), e.g. "server.json": the fixture directory is a project
       * whose bad.<manifest> and good.<manifest> are linted with --manifest, launching what each names.
       */
      manifest?: string;
      /** A project's script, e.g. "project/server.mjs": bad.<packed> and good.<packed> are linted with --packed. */
      packed?: string;
    };
    // "source": true — the fixture directory is a project: index it (entry = the script) so source rules run.
    const sourceOf = (script: string) =>
      expected.source === 'python'
        ? buildPythonSourceIndex(dir, { entry: join(dir, script.replace(/\.mjs$/, '.py')) })
        : expected.source
          ? buildSourceIndex(dir, { entry: join(dir, script) })
          : Promise.resolve(undefined);
    const lintManifest = async (variant: 'bad' | 'good') => {
      const capture = await captureManifestFixture(join(dir, `${variant}.${expected.manifest}`));
      return summary(lintAll(capture, await sourceOf('bad.mjs'), expected.levels));
    };
    const lintPacked = async (variant: 'bad' | 'good') =>
      summary(lintAll(await capturePackedFixture(join(dir, `${variant}.${expected.packed}`))));
    const findingsOfBad = async (): Promise<readonly string[]> => {
      if (expected.packed) return lintPacked('bad');
      if (expected.config) return (await lintConfigFixture(join(dir, expected.config))).summary;
      if (expected.manifest) return lintManifest('bad');
      // Over Streamable HTTP when expected.json says "transport": "http" (sharedFixtureCapture reads it).
      return summary(lintAll(await sharedFixtureCapture(join('rules', id, 'bad.mjs')), await sourceOf('bad.mjs'), expected.levels));
    };
    it(`${id}: bad.mjs yields exactly the expected findings`, async () => {
      const found = await findingsOfBad();
      const listed = recordFindings(expectedFile, found) ? found : expected.findings;
      expect([...found].sort()).toEqual([...listed].sort());
      expect(
        listed.some((f) => f.startsWith(`${id} `)),
        `bad.mjs shows no finding of ${id}`,
      ).toBe(true);
    });
    if (expected.packed) {
      it(`${id}: good.${expected.packed} has no findings`, async () => {
        expect(await lintPacked('good')).toEqual([]);
      });
    } else if (expected.manifest) {
      it(`${id}: good.${expected.manifest} has no findings`, async () => {
        expect(await lintManifest('good')).toEqual([]);
      });
    } else if (existsSync(join(dir, 'good.mjs'))) {
      it(`${id}: good.mjs has no findings`, async () => {
        expect(summary(lintAll(await sharedFixtureCapture(join('rules', id, 'good.mjs')), await sourceOf('good.mjs')))).toEqual([]);
      });
    }
  }
});
