/**
 * Whether a word of a tool name is an English verb: one of the action words tool names use most
 * (naming.ts VERBS), a WordNet verb that reads as a verb first (lexicon/wordnet-verbs.ts, derived by
 * scripts/verb-lexicon.ts), or un-/re-/de-/pre- before one of those (`unmerge`, `reauthorize`).
 * Prefix analysis keeps to naming.ts's list: WordNet also has service names as verbs (`zoom`).
 */
import { NOT_PREFIXED_VERBS, WORDNET_VERBS } from './lexicon/wordnet-verbs.js';
import { isVerb, QUALIFIERS } from './naming.js';
import { SHORTEST_PREFIXED_VERB, VERB_PREFIXES } from './verb-prefixes.js';

let lexicon: { readonly verbs: ReadonlySet<string>; readonly notPrefixed: ReadonlySet<string> } | undefined;

/** Built on first use: the rule may never run. */
function verbLexicon(): NonNullable<typeof lexicon> {
  const set = (text: string) => new Set(text.split(/\s+/).filter((word) => word !== ''));
  return (lexicon ??= { verbs: set(WORDNET_VERBS), notPrefixed: set(NOT_PREFIXED_VERBS) });
}

const isBaseVerb = (word: string): boolean => isVerb(word) || verbLexicon().verbs.has(word);

export function isEnglishVerb(word: string): boolean {
  if (isBaseVerb(word)) return true;
  if (verbLexicon().notPrefixed.has(word)) return false;
  return VERB_PREFIXES.some(
    (prefix) => word.startsWith(prefix) && word.length - prefix.length >= SHORTEST_PREFIXED_VERB && isBaseVerb(word.slice(prefix.length)),
  );
}

/** Like naming.ts verbIndex, with every English verb: the index of the verb after optional qualifiers, or -1. */
export function englishVerbIndex(rest: readonly string[]): number {
  let i = 0;
  while (i < rest.length - 1 && QUALIFIERS.has(rest[i]!)) i++;
  return rest[i] !== undefined && isEnglishVerb(rest[i]!) ? i : -1;
}
