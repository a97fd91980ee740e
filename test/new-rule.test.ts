/**
 * `npm run new-rule`: scaffolding a rule in a copy of the repository (from source, without a
 * build) leaves a tree whose parity tests fail only with messages that say what to fill in.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scaffoldRule, TODO_MARKER, withRegistered } from '../scripts/new-rule.js';
import { ROOT } from './helpers/capture.js';
import { copyRepository } from './helpers/repository-copy.js';

const ID = 'tool-example-scaffolded';

interface VitestJson {
  testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

describe('new-rule scaffold', () => {
  const copy = mkdtempSync(join(tmpdir(), 'mcplint-new-rule-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('registers the rule in id order', () => {
    const head = "import type { Rule } from '../src/engine/rule.js';\n";
    const index =
      `${head}import aB from './a-b.js';\nimport cD from './c-d.js';\n\n` + 'export const rules: readonly Rule[] = [\n  aB,\n  cD,\n];\n';
    expect(withRegistered(index, 'b-c')).toBe(
      `${head}import aB from './a-b.js';\nimport bC from './b-c.js';\nimport cD from './c-d.js';\n\n` +
        'export const rules: readonly Rule[] = [\n  aB,\n  bC,\n  cD,\n];\n',
    );
    expect(() => withRegistered(index, 'a-b')).toThrow('already registers a-b');
  });

  it('refuses ids that are not kebab-case and unknown categories', () => {
    expect(() => scaffoldRule(copy, 'Tool_Name', 'naming')).toThrow('not kebab-case');
    expect(() => scaffoldRule(copy, 'tool-x', 'nonsense')).toThrow('category "nonsense" is not one of');
  });

  it('leaves a tree whose parity tests fail only with what to fill in', () => {
    copyRepository(copy);

    // The npm script itself, from source: the copy has no build, and running it makes none.
    const scaffold = spawnSync('npm', ['run', '--silent', 'new-rule', '--', ID, 'naming'], { cwd: copy, encoding: 'utf8' });
    expect(scaffold.stderr).toBe('');
    expect(scaffold.stdout).toContain(`wrote rules/${ID}.ts\n`);
    expect(existsSync(join(copy, 'dist'))).toBe(false);
    expect(readFileSync(join(copy, 'rules', 'index.ts'), 'utf8')).toContain(`import toolExampleScaffolded from './${ID}.js';`);

    // The scaffold type-checks: the failures below are the only thing left to do. Only the files
    // the scaffold writes or edits (and what they import): the rest of the tree is npm test's own
    // type-check, and checking all of it again took most of this test's time.
    const scaffolded = [`rules/${ID}.ts`, `test/rules/${ID}.test.ts`, 'rules/index.ts'];
    const tsconfig = { extends: './tsconfig.test.json', include: [], files: scaffolded };
    writeFileSync(join(copy, 'tsconfig.scaffold.json'), JSON.stringify(tsconfig));
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.scaffold.json'], {
      cwd: copy,
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');

    const report = join(copy, 'vitest.json');
    const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const args = [vitest, 'run', 'test/registry.test.ts', '--reporter=json', `--outputFile=${report}`];
    spawnSync(process.execPath, args, { cwd: copy, encoding: 'utf8' });
    const results = (JSON.parse(readFileSync(report, 'utf8')) as VitestJson).testResults.flatMap((r) => r.assertionResults);
    const failed = results.filter((r) => r.status === 'failed');
    expect(failed.map((r) => r.fullName).sort()).toEqual([
      "rule registry declares each rule's Quality Checklist items, or 'none'",
      'rule registry keeps the docs/rules.md rule count and table generated from metadata (run `npm run docs`)',
      `rule registry leaves no ${TODO_MARKER} marker in a rule's files`,
    ]);
    const messages = failed.map((r) => r.failureMessages.join('\n')).join('\n');
    expect(messages).toContain(`rules/${ID}.ts: declare checklist (item ids from src/model/checklist-items.ts, or 'none')`);
    expect(messages).toContain('docs/rules.md: the rule count or table is stale; run `npm run docs`');
    const marked = [
      `rules/${ID}.ts`,
      `rules/${ID}.md`,
      `test/rules/${ID}.test.ts`,
      ...['bad.mjs', 'expected.json'].map((f) => `fixtures/rules/${ID}/${f}`),
    ];
    for (const file of marked) expect(messages).toContain(`${file}:`);
    expect(messages).toMatch(new RegExp(`rules/${ID}\\.md:1: the summary paragraph`));
  }, 180_000);
});
