/**
 * Everything `npm run docs` generates is current: the published config schema, the flag table of
 * docs/usage.md and the fixture examples in every rule doc (the rule index of docs/rules.md is
 * checked in registry.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { CONFIG_SCHEMA_FILE, configSchemaText } from '../scripts/config-schema.js';
import { comparable, EXAMPLE_END, fixtureExample, splitHeader, withFixtureExample } from '../scripts/fixture-examples.js';
import { ruleMarkdown, ruleProse, ruleText } from '../src/report/rule-docs.js';
import { ROOT } from './helpers/capture.js';
import { DOC_SECTIONS, withSection } from '../scripts/doc-sections.js';
import { OPTIONS } from '../src/cli/options.js';
import { copyRepository } from './helpers/repository-copy.js';

const STALE = 'stale: run `npm run docs`';

describe('generated files', () => {
  it(`${CONFIG_SCHEMA_FILE} is the registry's config schema (${STALE})`, () => {
    expect(readFileSync(join(ROOT, CONFIG_SCHEMA_FILE), 'utf8'), STALE).toBe(configSchemaText(rules));
  });

  it(`docs/usage.md has the flag table of the option table, src/cli/options.ts (${STALE})`, () => {
    const section = DOC_SECTIONS.find((s) => s.name === 'flags')!;
    const doc = readFileSync(join(ROOT, section.file), 'utf8');
    expect(withSection(doc, section, rules), `${section.file}: the flag table is ${STALE}`).toBe(doc);
    for (const name of Object.keys(OPTIONS)) expect(doc).toMatch(new RegExp(`\\| \`--(no-)?${name}\``));
  });

  it('ships the schema and what users need in the package, nothing else', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.files).toEqual(
      expect.arrayContaining(['dist/src', 'dist/rules', 'rules/*.md', 'schemas/mcp', 'schema', 'README.md', 'LICENSE']),
    );
    expect(pkg.engines.node).toBeTruthy();
  });

  it('splits a fixture into its defect comment and code', () => {
    expect(splitHeader('// Defect: one\n// two.\nimport x;\n\nserve();\n')).toEqual({
      defect: 'Defect: one two.',
      code: 'import x;\n\nserve();',
    });
  });

  it('judges staleness without run-to-run noise (durations, session ids, local ports)', () => {
    expect(comparable('after 1063 ms, 6.9 s; id 690b35a1-93f6-4247-9aeb-bdd1a1048885 at http://127.0.0.1:41234/mcp; 25,000 tokens')).toBe(
      comparable('after 998 ms, 7 s; id b446477f-bb16-45e5-9061-12710dd87a32 at http://127.0.0.1:5000/mcp; 25,000 tokens'),
    );
    expect(comparable('maximum 100')).not.toBe(comparable('maximum 50'));
  });

  it("npm run docs -- <id> regenerates that rule's doc from source, without a build", () => {
    const copy = mkdtempSync(join(tmpdir(), 'mcplint-docs-'));
    try {
      copyRepository(copy, ['action']);
      const doc = join(copy, 'rules', 'tool-name-verb.md');
      const checkedIn = readFileSync(doc, 'utf8');
      writeFileSync(doc, checkedIn.slice(0, checkedIn.indexOf('<!-- fixture-example:start')));
      const docs = (...ids: string[]) => spawnSync('npm', ['run', '--silent', 'docs', '--', ...ids], { cwd: copy, encoding: 'utf8' });

      const one = docs('tool-name-verb');
      expect(one.stderr).toBe('');
      expect(one.stdout).toContain('rules/*.md fixture examples: 1 rules, 1 updated');
      expect(comparable(readFileSync(doc, 'utf8'))).toBe(comparable(checkedIn));
      expect(existsSync(join(copy, 'dist'))).toBe(false);

      const typo = docs('tool-name-verbs');
      expect(typo.status).toBe(2);
      expect(typo.stderr).toContain('unknown rule "tool-name-verbs" (did you mean tool-name-verb?)');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 180_000);

  it('replaces the generated section in place, or appends it', () => {
    const section = `<!-- fixture-example:start (x) -->\nnew\n${EXAMPLE_END}`;
    expect(withFixtureExample('Intro.\n\n## Why\n\nBecause.\n', section)).toBe(`Intro.\n\n## Why\n\nBecause.\n\n${section}\n`);
    expect(withFixtureExample(`Intro.\n\n<!-- fixture-example:start (old) -->\nold\n${EXAMPLE_END}\n`, section)).toBe(
      `Intro.\n\n${section}\n`,
    );
  });
});

describe.concurrent('rule docs: examples from the fixtures', () => {
  for (const rule of rules) {
    it(`${rule.id}: rules/${rule.id}.md has its current fixture example (${STALE})`, async () => {
      const doc = readFileSync(join(ROOT, 'rules', `${rule.id}.md`), 'utf8');
      expect(comparable(doc), STALE).toBe(comparable(withFixtureExample(doc, await fixtureExample(rules, rule))));
      // explain and SARIF help show it, without the generator's markers.
      expect(ruleProse(rule.id)).toContain('## Example from the test fixtures');
      expect(ruleMarkdown(rule)).not.toContain('<!--');
      // The bad file is bad.mjs, or for a --packed defect the bad project's package.json.
      expect(ruleText(rule)).toMatch(new RegExp(`Bad: \`fixtures/rules/${rule.id}/bad\\.(mjs|project/package\\.json)\``));
    }, 90_000);
  }
});
