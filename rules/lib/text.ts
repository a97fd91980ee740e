/** Small text measures shared by rules. Pure functions. */

const SURROGATE = /[\uD800-\uDFFF]/;
const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/**
 * Length in code points, as `Array.from(text).length` counts it (a surrogate pair is one, a lone
 * surrogate too), without building the array; native scans, as most texts have no surrogate at all.
 */
export function codePointLength(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  return text.length - (text.match(SURROGATE_PAIR)?.length ?? 0);
}

const WHITESPACE = /\s+/g;
/** Whitespace that collapsing would change: a run of two, or one that is not a plain space. */
const UNCOLLAPSED = /\s\s|[^\S ]/;

/**
 * `text.replace(/\s+/g, ' ')`. Most texts have single spaces only, and the test is far cheaper
 * than a global replace while V8 is cold.
 */
export function collapseWhitespace(text: string): string {
  return UNCOLLAPSED.test(text) ? text.replace(WHITESPACE, ' ') : text;
}
