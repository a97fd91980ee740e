/**
 * What `mcplint rules` and `mcplint explain` print: the rule list (text, markdown, json), the
 * rules a search finds (`mcplint rules --search`, rule-search.ts) and one rule's document (text,
 * markdown, json). The JSON carries each rule's document and message
 * templates, as `ruff rule --output-format json` does, so editors and bots need no second source.
 */
import { ruleStatus, type Rule } from '../engine/rule.js';
import { docsUrl, ruleMarkdown, rulesTable, ruleText } from './rule-docs.js';
import { didYouMean } from '../shared/did-you-mean.js';
import { searchRules, type RuleMatch, type WordFound } from './rule-search.js';
import { GRADE_BANDS, highestScoreOf, ruleScope, ruleWeight } from '../score/score.js';

export type ListFormat = 'text' | 'json' | 'markdown';
export type ExplainFormat = 'text' | 'markdown' | 'json';

/** One rule as JSON: the metadata keys `mcplint rules --format json` always had, then the rest. */
export function ruleJson(rule: Rule): Record<string, unknown> {
  return {
    id: rule.id,
    category: rule.category,
    severity: rule.severity,
    basis: rule.basis,
    precision: rule.precision,
    summary: rule.summary,
    since: rule.since ?? null,
    docs: docsUrl(rule.id),
    until: rule.until ?? null,
    status: ruleStatus(rule),
    replacedBy: rule.replacedBy ?? null,
    checklist: rule.checklist === undefined || rule.checklist === 'none' ? [] : [...rule.checklist],
    messages: { ...rule.messages },
    fix: rule.fix ? { safety: rule.fix.safety, summary: rule.fix.summary } : null,
    documentation: ruleMarkdown(rule),
  };
}

/** The fixable column, as Ruff marks fixable rules: `[*]` safe, `[~]` unsafe, blank without a fix. */
function fixColumn(rule: Rule): string {
  return rule.fix ? (rule.fix.safety === 'safe' ? '[*]' : '[~]') : '   ';
}

/** "(preview)", "(deprecated: use x)", or nothing for a stable rule. */
function statusNote(rule: Rule): string {
  const status = ruleStatus(rule);
  if (status === 'stable') return '';
  return status === 'deprecated' && rule.replacedBy ? ` (deprecated: use ${rule.replacedBy})` : ` (${status})`;
}

/** The output of `mcplint rules`. */
export function rulesListing(rules: readonly Rule[], format: ListFormat): string {
  if (format === 'markdown') return rulesTable(rules) + '\n';
  if (format === 'json') return JSON.stringify(rules.map(ruleJson), null, 2) + '\n';
  const width = Math.max(...rules.map((r) => r.id.length));
  const byCategory = new Map<string, Rule[]>();
  for (const r of rules) byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r]);
  const lines: string[] = [];
  for (const [category, list] of byCategory) {
    lines.push(category);
    for (const r of list) {
      const weight = `[weight ${ruleWeight(r)} · ${ruleScope(r)}]`;
      lines.push(`  ${r.id.padEnd(width)}  ${r.severity.padEnd(7)}  ${fixColumn(r)}  ${r.summary}${statusNote(r)}  ${weight}`);
    }
    lines.push('');
  }
  lines.push('Fix: [*] a safe fix (mcplint --fix), [~] an unsafe one (--fix --unsafe-fixes); see docs/fix.md.', '');
  lines.push(...scoreLegend());
  lines.push(`${rules.length} rules. mcplint explain <rule> prints one rule's documentation.`);
  return lines.join('\n') + '\n';
}

/** How many matches the text output shows; JSON has them all. */
const SHOWN_MATCHES = 10;

/** The output of `mcplint rules --search <words>`: the matching rules, best first, and where each matched. */
export function searchListing(rules: readonly Rule[], query: string, format: ListFormat): string {
  const search = searchRules(rules, query);
  if (format === 'json') {
    const matches = search.matches.map((m) => ({ ...ruleJson(m.rule), search: matchJson(m) }));
    return JSON.stringify({ query, words: search.words, matches, nearest: search.nearest }, null, 2) + '\n';
  }
  // Echoed as the words looked for (letters and digits only), so no control character in the query reaches the terminal.
  const quoted = `"${search.words.join(' ')}"`;
  if (search.matches.length === 0) {
    const nearest = search.nearest.length > 0 ? ` Nearest ids: ${search.nearest.join(', ')}.` : '';
    return `No rule matches ${quoted}.${nearest} mcplint rules lists them all.\n`;
  }
  if (format === 'markdown') return rulesTable(search.matches.map((m) => m.rule)) + '\n';
  const shown = search.matches.slice(0, SHOWN_MATCHES);
  const width = Math.max(...shown.map((m) => m.rule.id.length));
  const lines = [`Rules matching ${quoted}, best first:`];
  for (const m of shown) {
    lines.push(`  ${m.rule.id.padEnd(width)}  ${m.rule.severity.padEnd(7)}  ${m.rule.summary}${statusNote(m.rule)}`);
    lines.push(`  ${' '.repeat(width)}  ${matchedWhere(m)}`);
  }
  const more = search.matches.length - shown.length;
  if (more > 0) lines.push(`…and ${more} more (--format json lists every match).`);
  lines.push("mcplint explain <rule> prints one rule's documentation; extend a rule that already checks it before adding one.");
  return lines.join('\n') + '\n';
}

/** "description: id, summary, messages restatesName/placeholder; only: message restatesName". */
function matchedWhere(m: RuleMatch): string {
  const places = (f: WordFound): string =>
    f.fields
      .map((field) => (field === 'message' ? `message${f.messageIds.length > 1 ? 's' : ''} ${f.messageIds.join('/')}` : field))
      .join(', ');
  return m.found.map((f) => `${f.word}: ${places(f)}`).join('; ');
}

function matchJson(m: RuleMatch): Record<string, unknown> {
  return { score: m.score, found: m.found.map((f) => ({ word: f.word, fields: [...f.fields], messageIds: [...f.messageIds] })) };
}

/** How the weight column is read, and the grade bands (docs/scoring.md). */
function scoreLegend(): string[] {
  const bands = GRADE_BANDS.map(([grade, floor]) => (floor > 0 ? `${grade} ≥ ${floor}` : `${grade} below ${GRADE_BANDS.at(-2)![1]}`));
  return [
    'Score: [weight W · scope] — each rule weighs W (level weight × category weight) and scores the',
    'share of its subjects (the scope: server, tools, parameters, prompts or resources) that pass;',
    'the server score is the weighted mean.',
    `Grades: ${bands.join(', ')}. A spec error caps at C (${highestScoreOf('C')}), a security error at D (${highestScoreOf('D')});`,
    'a failed handshake scores 0.',
    '',
  ];
}

/** The output of `mcplint explain <id>`, or the usage error for an id that is not a rule. */
export type Explained = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

export function explainRule(rules: readonly Rule[], id: string, format: ExplainFormat): Explained {
  const rule = rules.find((r) => r.id === id);
  if (!rule) {
    const hint = didYouMean(
      id,
      rules.map((r) => r.id),
    );
    return { ok: false, error: `unknown rule "${id}"${hint}. mcplint rules lists them all.` };
  }
  if (format === 'json') return { ok: true, text: JSON.stringify(ruleJson(rule), null, 2) + '\n' };
  return { ok: true, text: format === 'markdown' ? ruleMarkdown(rule) : ruleText(rule) };
}
