/**
 * Parity between the registry, the rule modules, their docs, their fixtures and the README:
 * ESLint's checkRuleFiles and typescript-eslint's docs test, in one place.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { firstParagraph, ruleProse, withRulesTable } from '../src/docs.js';
import { ROOT } from './helpers/capture.js';

const ids = rules.map((r) => r.id);
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

  it('keeps the README rule table generated from metadata (run `npm run docs`)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(withRulesTable(readme, rules)).toBe(readme);
  });
});
