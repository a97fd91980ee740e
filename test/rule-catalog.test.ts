/** `mcplint rules` and `mcplint explain` output: JSON with docs and messages, status, did-you-mean. */
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import type { Rule } from '../src/engine/rule.js';
import { describeRule } from '../src/report/formatters/sarif.js';
import { ruleMarkdown } from '../src/report/rule-docs.js';
import { explainRule, ruleJson, rulesListing } from '../src/report/rule-catalog.js';
import { closeNames } from '../src/shared/did-you-mean.js';

const verb = rules.find((r) => r.id === 'tool-name-verb')!;
/** A registered rule dressed as a deprecated one, to show how a non-stable status is rendered. */
const deprecated: Rule = { ...verb, status: 'deprecated', replacedBy: 'tool-name-format' };

describe('rules --format json', () => {
  const list = JSON.parse(rulesListing(rules, 'json')) as Record<string, unknown>[];

  it('lists every rule with the keys it always had first, then status, checklist, messages and documentation', () => {
    expect(list.map((r) => r.id)).toEqual(rules.map((r) => r.id));
    expect(Object.keys(list[0]!)).toEqual([
      'id',
      'category',
      'severity',
      'basis',
      'precision',
      'summary',
      'since',
      'docs',
      'until',
      'status',
      'replacedBy',
      'checklist',
      'messages',
      'fix',
      'documentation',
    ]);
  });

  it('carries fix: { safety } for every fixable rule and null for the others', () => {
    const fixes = Object.fromEntries(list.filter((r) => r.fix !== null).map((r) => [r.id, (r.fix as { safety: string }).safety]));
    expect(fixes).toEqual({
      'input-schema-bounded': 'unsafe',
      'input-schema-strict': 'unsafe',
      'source-loose-zod': 'unsafe',
      'source-stdout-write': 'safe',
      'tool-annotations-complete': 'safe',
      'tool-annotations-present': 'unsafe',
      'tool-title-present': 'safe',
    });
    expect(list.find((r) => r.id === 'ping-responds')!.fix).toBeNull();
  });

  it('marks fixable rules in the text listing and their documents', () => {
    const text = rulesListing(rules, 'text');
    expect(text).toMatch(/ tool-title-present +note +\[\*\] /);
    expect(text).toMatch(/ input-schema-strict +warning +\[~\] /);
    const ping = text.split('\n').find((line) => line.trimStart().startsWith('ping-responds '))!;
    expect(ping).not.toMatch(/\[[*~]\]/);
    const title = rules.find((r) => r.id === 'tool-title-present')!;
    expect(ruleMarkdown(title)).toContain('- Fixable: yes, safe (`mcplint --fix`)');
    expect(ruleMarkdown(rules.find((r) => r.id === 'ping-responds')!)).toContain('- Fixable: no');
  });

  it("carries each rule's message templates and its markdown document", () => {
    const entry = list.find((r) => r.id === verb.id)!;
    expect(entry.messages).toEqual(verb.messages);
    expect(entry.documentation).toBe(ruleMarkdown(verb));
    expect(entry.status).toBe('stable');
    expect(entry.checklist).toEqual(['task-subdivision-names']);
  });

  it('gives a rule of no checklist item an empty list', () => {
    expect(list.find((r) => r.id === 'ping-responds')!.checklist).toEqual([]);
  });
});

describe('rule status', () => {
  it('is shown for non-stable rules in the text list, explain and JSON; SARIF carries it as a property', () => {
    expect(rulesListing([deprecated], 'text')).toContain(`${verb.summary} (deprecated: use tool-name-format)`);
    expect(rulesListing([{ ...verb, status: 'preview' }], 'text')).toContain(`${verb.summary} (preview)`);
    expect(rulesListing([verb], 'text')).not.toMatch(/\((preview|stable|deprecated)/);
    expect(ruleMarkdown(deprecated)).toContain('- Status: deprecated (replaced by `tool-name-format`)');
    expect(ruleMarkdown(verb)).not.toContain('- Status:');
    expect(ruleJson(deprecated)).toMatchObject({ status: 'deprecated', replacedBy: 'tool-name-format' });
    expect(describeRule(verb).properties?.status).toBe('stable');
    expect(describeRule(deprecated).properties?.status).toBe('deprecated');
  });
});

describe('explain', () => {
  it('prints one rule as JSON', () => {
    const explained = explainRule(rules, verb.id, 'json');
    expect(explained.ok && JSON.parse(explained.text)).toEqual(ruleJson(verb));
  });

  it('suggests close ids for an unknown one, closest first', () => {
    expect(explainRule(rules, 'tool-name-verbs', 'text')).toEqual({
      ok: false,
      error: 'unknown rule "tool-name-verbs" (did you mean "tool-name-verb"?). mcplint rules lists them all.',
    });
    expect(
      closeNames(
        'handshak',
        rules.map((r) => r.id),
      )[0],
    ).toBe('handshake');
    expect(explainRule(rules, 'nope', 'text')).toEqual({ ok: false, error: 'unknown rule "nope". mcplint rules lists them all.' });
  });
});
