/**
 * How a name or a text splits into lower-case words: the one splitter the naming and annotation
 * rules, tool-description-quality, the probe policy's name rule and the secret-name test share
 * (their verdicts depend on it word for word). Lives in src/shared so the rules and src/ alike can
 * use it without src/ importing rules.
 */
// Module constants, not literals in words(): a literal is a new RegExp on every call, slow until V8 is warm.
const NAME_SEPARATOR = /[^\p{L}\p{N}]+/u;
// An upper-case run not followed by a lower-case letter (an acronym), a word with at most one
// capital first, or a number; digits after letters stay with them. Caseless letters (CJK, Arabic…)
// count as lower case, so a word in such a script is one word.
const NAME_WORD = /\p{Lu}+(?!\p{Ll})\p{N}*|\p{Lu}?[\p{Ll}\p{Lo}\p{Lm}\p{Lt}]+\p{N}*|\p{N}+/gu;
// The same two for ASCII, which nearly every name is: they split it identically, about twice as fast.
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_SEPARATOR = /[^A-Za-z0-9]+/;
const ASCII_WORD = /[A-Z]+(?![a-z])[0-9]*|[A-Z]?[a-z]+[0-9]*|[0-9]+/g;
const DIGITS = /\p{N}+/gu;

/** words() of every name seen: several rules split every tool name. */
const wordsCache = new Map<string, readonly string[]>();
/** Longer texts (descriptions) are split once per tool: caching them would only crowd out the names. */
const MAX_CACHED_LENGTH = 256;

/**
 * Lower-case words of a name or a text: split on anything that is not a letter or a digit (of any
 * script), and on camelCase / PascalCase boundaries (`getUserByID` → get, user, by, id;
 * `DATA_EXPORT_v2` → data, export, v2). Digits stay attached to the word they follow.
 */
export function words(name: string): readonly string[] {
  const cached = wordsCache.get(name);
  if (cached) return cached;
  const [separator, word] = ASCII.test(name) ? [ASCII_SEPARATOR, ASCII_WORD] : [NAME_SEPARATOR, NAME_WORD];
  const out: string[] = [];
  for (const piece of name.split(separator)) {
    for (const found of piece.match(word) ?? []) out.push(found.toLowerCase());
  }
  if (name.length > MAX_CACHED_LENGTH) return out;
  if (wordsCache.size > 50_000) wordsCache.clear();
  // Shared by every caller (several rules split every tool name), read-only by type rather than
  // copied; not frozen either, as V8 has no fast slice/join/some for frozen arrays.
  wordsCache.set(name, out);
  return out;
}

/** words() with digits as separators, so none is kept: `rm1File` → rm, file (the probe policy reads letters only). */
export function letterWords(name: string): readonly string[] {
  return words(name.replace(DIGITS, ' '));
}
