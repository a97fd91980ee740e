/**
 * `mcplint rules --search <words>`: which existing rules already check something, found from
 * the words a contributor would use for it. Each word of the query is looked for in every rule's
 * id, summary, message templates and hand-written document (rules/<id>.md without its generated
 * fixture example, whose server output would match nearly any word). A word counts by where it is
 * found (the id most, the document least) and by how few rules have it, so "tool" weighs little
 * and "paginated" a lot; a rule's sum is scaled by the share of the query's words it has, and
 * rules are ranked by it.
 */
import type { Rule } from '../engine/rule.js';
import { editDistance } from '../shared/edit-distance.js';
import { words } from '../shared/name-words.js';
import { ruleProse } from './rule-docs.js';

export type SearchField = 'id' | 'summary' | 'message' | 'documentation';

/** Where a word found in several places counts: its best place. */
const FIELD_WEIGHT: Readonly<Record<SearchField, number>> = { id: 4, summary: 3, message: 2, documentation: 1 };

/** Words that say nothing about what a rule checks; dropped from a query unless it has no others. */
const QUERY_FILLER: ReadonlySet<string> = new Set(
  'a an the of to in on at by for and or is are be it its this that with as from when does do'.split(' '),
);

/** The heading of the generated section of a rule document (scripts/fixture-examples.ts). */
const GENERATED_HEADING = '## Example from the test fixtures';

/** One query word in one rule: where it is, and for messages which ones (by message id). */
export interface WordFound {
  readonly word: string;
  readonly fields: readonly SearchField[];
  readonly messageIds: readonly string[];
}

export interface RuleMatch {
  readonly rule: Rule;
  readonly score: number;
  /** The query words this rule has, in query order. */
  readonly found: readonly WordFound[];
}

export interface RuleSearch {
  /** The query words that were looked for (filler dropped). */
  readonly words: readonly string[];
  /** Best first. */
  readonly matches: readonly RuleMatch[];
  /** When nothing matches: the ids closest to the query's words, closest first. */
  readonly nearest: readonly string[];
}

/**
 * A word reduced so that its inflections meet (`echoes`, `echo`; `restated`, `restates`,
 * `restate`): a few English endings off, then a final e. Crude, and the same on both sides.
 */
export function searchStem(word: string): string {
  let stem = word;
  for (const ending of ['ing', 'ed', 'es', 's']) {
    if (stem.endsWith(ending) && !stem.endsWith('ss') && stem.length - ending.length >= 3) {
      stem = stem.slice(0, -ending.length);
      break;
    }
  }
  return stem.length > 3 && stem.endsWith('e') ? stem.slice(0, -1) : stem;
}

const stems = (text: string): Set<string> => new Set(words(text).map(searchStem));

/** A rule's words, field by field. */
interface Indexed {
  readonly rule: Rule;
  readonly id: Set<string>;
  readonly summary: Set<string>;
  readonly messages: readonly (readonly [string, Set<string>])[];
  readonly documentation: Set<string>;
}

function indexRule(rule: Rule): Indexed {
  const prose = ruleProse(rule.id);
  const at = prose.indexOf(GENERATED_HEADING);
  return {
    rule,
    id: stems(rule.id),
    summary: stems(rule.summary),
    messages: Object.entries(rule.messages).map(([messageId, text]) => [messageId, stems(text)] as const),
    documentation: stems(at === -1 ? prose : prose.slice(0, at)),
  };
}

function fieldsWith(indexed: Indexed, stem: string): { fields: SearchField[]; messageIds: string[] } {
  const messageIds = indexed.messages.filter(([, set]) => set.has(stem)).map(([id]) => id);
  const fields: SearchField[] = [];
  if (indexed.id.has(stem)) fields.push('id');
  if (indexed.summary.has(stem)) fields.push('summary');
  if (messageIds.length > 0) fields.push('message');
  if (indexed.documentation.has(stem)) fields.push('documentation');
  return { fields, messageIds };
}

/** The rules whose words include the query's, best first. */
export function searchRules(rules: readonly Rule[], query: string): RuleSearch {
  const typed = [...new Set(words(query))];
  const meaningful = typed.filter((w) => !QUERY_FILLER.has(w));
  const queryWords = meaningful.length > 0 ? meaningful : typed;
  const indexed = rules.map(indexRule);

  const found = queryWords.map((word) => {
    const stem = searchStem(word);
    const perRule = indexed.map((entry) => fieldsWith(entry, stem));
    const having = perRule.filter((r) => r.fields.length > 0).length;
    // Rarer words tell more: a word every rule has still counts, a little.
    return { word, perRule, weight: having === 0 ? 0 : Math.log(1 + rules.length / having) };
  });

  const matches: RuleMatch[] = [];
  indexed.forEach((entry, i) => {
    let score = 0;
    const foundHere: WordFound[] = [];
    for (const { word, perRule, weight } of found) {
      const here = perRule[i]!;
      if (here.fields.length === 0) continue;
      foundHere.push({ word, ...here });
      score += weight * Math.max(...here.fields.map((f) => FIELD_WEIGHT[f]));
    }
    if (foundHere.length === 0) return;
    // Scaled by the share of the query's words the rule has: one rare word in an id does not beat
    // most of the words in a summary and a message.
    const scaled = (score * foundHere.length) / found.length;
    matches.push({ rule: entry.rule, score: Math.round(scaled * 100) / 100, found: foundHere });
  });
  matches.sort((a, b) => b.score - a.score || a.rule.id.localeCompare(b.rule.id));

  return { words: queryWords, matches, nearest: matches.length > 0 ? [] : nearestIds(rules, queryWords) };
}

/** Ids with a word a few edits from one of the query's (a typo, another spelling), closest first. */
function nearestIds(rules: readonly Rule[], queryWords: readonly string[]): string[] {
  const scored = rules
    .map((rule) => {
      const distances = words(rule.id).flatMap((idWord) => queryWords.map((q) => editDistance(idWord, q) / Math.max(q.length, 1)));
      return { id: rule.id, distance: Math.min(...distances) };
    })
    .filter(({ distance }) => distance <= 0.4)
    .sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id));
  return scored.slice(0, 3).map(({ id }) => id);
}
