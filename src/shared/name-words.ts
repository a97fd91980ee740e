/**
 * How a name splits into lower-case words: the one splitter the naming and annotation rules share
 * (their verdicts depend on it word for word). Lives in src/shared so the rules and src/ alike can
 * use it without src/ importing rules.
 */
// Module constants, not literals in words(): a literal is a new RegExp on every call, slow until V8 is warm.
const NAME_SEPARATOR = /[^A-Za-z0-9]+/;
const NAME_WORD = /[A-Z]+(?![a-z])[0-9]*|[A-Z]?[a-z]+[0-9]*|[0-9]+/g;

/** words() of every name seen: several rules split every tool name. */
const wordsCache = new Map<string, readonly string[]>();

/**
 * Lower-case words of a name: split on anything that is not an ASCII letter or digit, and on
 * camelCase / PascalCase boundaries (`getUserByID` → get, user, by, id; `DATA_EXPORT_v2` → data,
 * export, v2). Digits stay attached to the word they follow.
 */
export function words(name: string): readonly string[] {
  const cached = wordsCache.get(name);
  if (cached) return cached;
  const out: string[] = [];
  for (const piece of name.split(NAME_SEPARATOR)) {
    for (const word of piece.match(NAME_WORD) ?? []) out.push(word.toLowerCase());
  }
  if (wordsCache.size > 50_000) wordsCache.clear();
  // Shared by every caller (several rules split every tool name), read-only by type rather than
  // copied; not frozen either, as V8 has no fast slice/join/some for frozen arrays.
  wordsCache.set(name, out);
  return out;
}
