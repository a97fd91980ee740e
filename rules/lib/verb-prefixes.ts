/** The prefixes that make a verb of a verb (`unmerge`, `reauthorize`): shared by the lexicon's derivation and its lookup. */
export const VERB_PREFIXES = ['un', 're', 'de', 'pre'] as const;
/** Shortest verb a prefix may stand before (`re` + `set`, not `re` + `ad`). */
export const SHORTEST_PREFIXED_VERB = 3;
