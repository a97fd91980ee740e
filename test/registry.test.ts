/**
 * Parity between the registry, the rule modules, their docs, fixtures, unit tests, checklist
 * membership and the rule index in docs/rules.md: ESLint's checkRuleFiles and typescript-eslint's docs test, in one
 * place. A rule fresh from `npm run new-rule` fails here only with what is left to fill in.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { CHECKLIST_ITEM_IDS } from '../src/model/checklist-items.js';
import { firstParagraph, ruleProse } from '../src/report/rule-docs.js';
import { ROOT } from './helpers/capture.js';
import { TODO_MARKER } from '../scripts/new-rule.js';
import { DOC_SECTIONS, withSection } from '../scripts/doc-sections.js';

const ids = rules.map((r) => r.id);
/** What a TODO(new-rule) marker asks for: the text after it. */
const afterMarker = (line: string): string => line.slice(line.indexOf(TODO_MARKER) + TODO_MARKER.length).replace(/^:?\s*/, '');
const ruleFiles = readdirSync(join(ROOT, 'rules')).filter((f) => f.endsWith('.ts') && f !== 'index.ts');

describe('rule registry', () => {
  it('is sorted, unique and kebab-case', () => {
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
  });

  it('registers every rule module, and every module is named after its id', () => {
    expect(ruleFiles.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual(ids);
  });

  it('has a doc per rule, with the required sections', () => {
    const docs = readdirSync(join(ROOT, 'rules')).filter((f) => f.endsWith('.md'));
    expect(docs.map((f) => f.replace(/\.md$/, '')).sort()).toEqual(ids);
    for (const rule of rules) {
      const prose = ruleProse(rule.id);
      expect(firstParagraph(rule.id).length, rule.id).toBeGreaterThan(20);
      expect(prose, rule.id).not.toMatch(/^#/);
      for (const section of ['## Why', '## Bad', '## Good']) expect(prose, `${rule.id} lacks ${section}`).toContain(section);
      expect(prose.includes('## Options'), `${rule.id}: "## Options" iff the rule has options`).toBe(rule.options !== undefined);
    }
  });

  it('has a triggering fixture per rule', () => {
    for (const id of ids) {
      expect(existsSync(join(ROOT, 'fixtures', 'rules', id, 'bad.mjs')), `${id} bad.mjs`).toBe(true);
      expect(existsSync(join(ROOT, 'fixtures', 'rules', id, 'expected.json')), `${id} expected.json`).toBe(true);
    }
    expect(readdirSync(join(ROOT, 'fixtures', 'rules')).sort()).toEqual(ids);
  });

  it('gives every rule a summary, references and messages', () => {
    for (const rule of rules) {
      expect(rule.summary.length, rule.id).toBeGreaterThan(10);
      expect(rule.summary.length, rule.id).toBeLessThanOrEqual(1024);
      expect(rule.references.length, rule.id).toBeGreaterThan(0);
      expect(Object.keys(rule.messages).length, rule.id).toBeGreaterThan(0);
      for (const template of Object.values(rule.messages)) expect(template.trim().length, rule.id).toBeGreaterThan(0);
    }
  });

  it('has option defaults that satisfy their own schema', () => {
    const require = createRequire(import.meta.url);
    const Ajv2020 = require('ajv/dist/2020').default;
    for (const rule of rules.filter((r) => r.options)) {
      const validate = new Ajv2020({ strict: false }).compile(rule.options!.schema);
      expect(validate(rule.options!.defaults), rule.id).toBe(true);
    }
  });

  it('keeps the docs/rules.md rule count and table generated from metadata (run `npm run docs`)', () => {
    const section = DOC_SECTIONS.find((s) => s.name === 'rules')!;
    const doc = readFileSync(join(ROOT, section.file), 'utf8');
    expect(withSection(doc, section, rules), `${section.file}: the rule count or table is stale; run \`npm run docs\``).toBe(doc);
  });

  it('has a unit test per rule', () => {
    const missing = ids
      .filter((id) => !existsSync(join(ROOT, 'test', 'rules', `${id}.test.ts`)))
      .map((id) => `test/rules/${id}.test.ts: write the rule's unit test`);
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it("declares each rule's Quality Checklist items, or 'none'", () => {
    const undeclared = rules
      .filter((r) => r.checklist === undefined)
      .map((r) => `rules/${r.id}.ts: declare checklist (item ids from src/model/checklist-items.ts, or 'none')`);
    expect(undeclared, undeclared.join('\n')).toEqual([]);
    for (const rule of rules) {
      if (rule.checklist === undefined || rule.checklist === 'none') continue;
      expect(rule.checklist.length, `${rule.id}: an empty checklist is written 'none'`).toBeGreaterThan(0);
      for (const item of rule.checklist) expect(CHECKLIST_ITEM_IDS, rule.id).toContain(item);
    }
  });

  it('names a registered replacement only for deprecated rules', () => {
    for (const rule of rules.filter((r) => r.replacedBy !== undefined)) {
      expect(rule.status, `${rule.id}: replacedBy is for deprecated rules`).toBe('deprecated');
      expect(ids, `${rule.id}: replacedBy names no registered rule`).toContain(rule.replacedBy);
    }
  });

  it('imports shared helpers from rules/lib/, never from another rule', () => {
    const crossImports = ruleFiles.flatMap((file) =>
      [...readFileSync(join(ROOT, 'rules', file), 'utf8').matchAll(/from '\.\/(?!lib\/)([^']+)'/g)].map(
        (m) => `rules/${file} imports ./${m[1]}`,
      ),
    );
    expect(crossImports, `move the helpers to rules/lib/:\n${crossImports.join('\n')}`).toEqual([]);
  });

  it(`leaves no ${TODO_MARKER} marker in a rule's files`, () => {
    const files = ids.flatMap((id) => [
      `rules/${id}.ts`,
      `rules/${id}.md`,
      `test/rules/${id}.test.ts`,
      ...readdirSync(join(ROOT, 'fixtures', 'rules', id)).map((f) => `fixtures/rules/${id}/${f}`),
    ]);
    const todos = files
      .filter((file) => existsSync(join(ROOT, file)) && statSync(join(ROOT, file)).isFile())
      .flatMap((file) =>
        readFileSync(join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (line.includes(TODO_MARKER) ? [`${file}:${i + 1}: ${afterMarker(line)}`] : [])),
      );
    expect(todos, `fill these in:\n${todos.join('\n')}`).toEqual([]);
  });
});
