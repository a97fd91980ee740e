/**
 * The modules a JS/TS file names, read lexically (no compiler): `import … from './x'`,
 * `export … from './x'`, `import './x'`, and `import(…)` / `require(…)`, whose argument is a
 * literal or makes the file a loader of computed paths. Comments are dropped first; strings are
 * not told from code, so an import written inside a string counts too (a superset: the compiler
 * later reads only real imports).
 *
 * The file is untrusted, so each step is one pass with no regular expression over the text: the
 * patterns these passes replace rescanned the rest of the file from every `import` word and every
 * unclosed comment (quadratic: a 540 KB template literal of `import` words took 41 s). Which
 * specifiers are found is what those patterns found; test/source-import-scan.test.ts compares them.
 */
import { builtinModules } from 'node:module';
import { isSpace, isWord, skipSpaces, trimmedSlice } from './chars.js';

export interface ModuleReferences {
  /** Relative specifiers (`./x`, `../x`, `.`, `..`), in the order found. */
  readonly specifiers: string[];
  /** Some import() or require() has an argument that is not a plain literal. */
  readonly computed: boolean;
}

export function moduleReferences(text: string): ModuleReferences {
  const code = withoutComments(text);
  const specifiers = staticSpecifiers(code);
  let computed = false;
  for (const argument of dynamicArguments(code)) {
    const literal = plainLiteral(argument);
    if (literal !== undefined) specifiers.push(literal);
    else if (argument !== '') computed = true;
  }
  return { specifiers: specifiers.filter((s) => s.startsWith('./') || s.startsWith('../') || s === '.' || s === '..'), computed };
}

/** Source text without comments (strings are kept; good enough to scan for imports). */
export function withoutComments(text: string): string {
  return withoutLineComments(withoutBlockComments(text));
}

/** Each `/* … *\/` becomes one space; an unclosed one stays (no later one can close either). */
function withoutBlockComments(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const start = text.indexOf('/*', at);
    if (start < 0) break;
    const end = text.indexOf('*/', start + 2);
    if (end < 0) break;
    parts.push(text.slice(at, start), ' ');
    at = end + 2;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Characters after which `//` does not start a comment (`https://`, a string, an escape). */
const NOT_BEFORE_LINE_COMMENT = new Set([':', "'", '"', '`', '\\'].map((c) => c.charCodeAt(0)));

/** `// …` to the end of the line is dropped, unless right after a character above. */
function withoutLineComments(text: string): string {
  const parts: string[] = [];
  let at = 0;
  let start = text.indexOf('//');
  while (start >= 0) {
    if (start > 0 && NOT_BEFORE_LINE_COMMENT.has(text.charCodeAt(start - 1))) {
      start = text.indexOf('//', start + 1);
      continue;
    }
    const end = text.indexOf('\n', start + 2);
    parts.push(text.slice(at, start));
    if (end < 0) return parts.join('');
    at = end;
    start = text.indexOf('//', end);
  }
  parts.push(text.slice(at));
  return parts.join('');
}

const QUOTE = new Set([0x27, 0x22]); // ' "
const STATIC_STOP = new Set([0x27, 0x22, 0x60, 0x3b]); // ' " ` ;
const STRING_END = new Set([0x27, 0x22, 0x0a]); // ' " \n

/** A keyword starts at `at` when nothing of an identifier or a member access comes right before it (nor the previous match). */
function keywordStart(code: string, at: number, matchedUpTo: number): boolean {
  if (at === 0) return true;
  if (at - 1 < matchedUpTo) return false;
  const before = code.charCodeAt(at - 1);
  return !isWord(before) && before !== 0x24 && before !== 0x2e; // $ .
}

/** The first index at or after `from` whose character is in `set`, or code.length. */
function indexOfAny(code: string, from: number, set: ReadonlySet<number>): number {
  let i = from;
  while (i < code.length && !set.has(code.charCodeAt(i))) i++;
  return i;
}

/**
 * `import`/`export` followed by a quoted specifier, either directly (`import './x'`, `import type
 * './x'`) or after a clause ending in `from` (`import { a } from './x'`). The clause holds no quote,
 * backtick or semicolon, so the specifier's opening quote is the first of those after the keyword:
 * found once and shared by every keyword before it, which keeps the pass linear.
 */
function staticSpecifiers(code: string): string[] {
  const found: string[] = [];
  const keyword = /import|export/g;
  let matchedUpTo = 0;
  let stop = -1;
  let quoteInfo: { at: number; fromEnds: number; specifierEnd: number } | undefined;
  for (let m = keyword.exec(code); m; m = keyword.exec(code)) {
    const end = m.index + 6;
    if (!keywordStart(code, m.index, matchedUpTo)) continue;
    if (stop < end) stop = indexOfAny(code, end, STATIC_STOP);
    if (stop >= code.length || !QUOTE.has(code.charCodeAt(stop))) continue;
    if (quoteInfo?.at !== stop) {
      let fromEnds = stop;
      while (fromEnds > end && isSpace(code.charCodeAt(fromEnds - 1))) fromEnds--;
      quoteInfo = { at: stop, fromEnds, specifierEnd: indexOfAny(code, stop + 1, STRING_END) };
    }
    const { fromEnds, specifierEnd } = quoteInfo;
    const from = fromEnds - 4;
    const afterFrom = from >= end && code.startsWith('from', from) && !isWord(code.charCodeAt(from - 1));
    if (!afterFrom && !directlyQuoted(code, end, stop)) continue;
    if (specifierEnd >= code.length || specifierEnd === stop + 1 || code.charCodeAt(specifierEnd) !== code.charCodeAt(stop)) continue;
    found.push(code.slice(stop + 1, specifierEnd));
    matchedUpTo = specifierEnd + 1;
    keyword.lastIndex = matchedUpTo;
  }
  return found;
}

/** Only spaces, optionally around `type`, between the keyword's end and the quote. */
function directlyQuoted(code: string, end: number, quote: number): boolean {
  const next = skipSpaces(code, end, quote);
  if (next === quote) return true;
  return (
    code.startsWith('type', next) && next + 4 < quote && isSpace(code.charCodeAt(next + 4)) && skipSpaces(code, next + 4, quote) === quote
  );
}

/** The trimmed argument of each `import(…)` / `require(…)`: everything up to the first `)`. */
function dynamicArguments(code: string): string[] {
  const found: string[] = [];
  const keyword = /import|require/g;
  let matchedUpTo = 0;
  let close = -1;
  for (let m = keyword.exec(code); m; m = keyword.exec(code)) {
    if (!keywordStart(code, m.index, matchedUpTo)) continue;
    const open = skipSpaces(code, m.index + m[0].length);
    if (code.charCodeAt(open) !== 0x28) continue; // (
    if (close <= open) close = code.indexOf(')', open + 1);
    if (close < 0) {
      close = code.length; // no `)` anywhere after: none of the later keywords can match either
      continue;
    }
    if (close >= code.length) continue;
    found.push(trimmedSlice(code, open + 1, close));
    matchedUpTo = close + 1;
    keyword.lastIndex = matchedUpTo;
  }
  return found;
}

/** The text of `'x'`, `"x"` or `` `x` `` with no quote or `$` inside, else undefined. */
function plainLiteral(argument: string): string | undefined {
  if (argument.length < 2) return undefined;
  const quote = argument[0]!;
  if ((quote !== "'" && quote !== '"' && quote !== '`') || argument[argument.length - 1] !== quote) return undefined;
  const inner = argument.slice(1, -1);
  for (const c of ["'", '"', '`', '$']) if (inner.includes(c)) return undefined;
  return inner;
}

/**
 * The packages a file imports: its bare specifiers (static, and `import()`/`require()` of a
 * literal) as package names (`@scope/name/sub` → `@scope/name`), without Node's own modules.
 * For the packed-package check: what the published code needs installed.
 */
export function packageSpecifiers(text: string): string[] {
  const code = withoutComments(text);
  const literals = [...staticSpecifiers(code), ...dynamicArguments(code).flatMap((a) => plainLiteral(a) ?? [])];
  const names = new Set<string>();
  for (const specifier of literals) {
    if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || specifier.startsWith('#')) continue;
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
    if (!/^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name) || NODE_BUILTINS.has(name)) continue;
    names.add(name);
  }
  return [...names];
}

const NODE_BUILTINS: ReadonlySet<string> = new Set(builtinModules);
