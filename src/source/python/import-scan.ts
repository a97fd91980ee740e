/**
 * The import statements of a Python module, read line by line without a parser: `from m import a,
 * b as c`, `from m import (a, b)` (the list may span lines), `import a.b, c as d`; backslash
 * continuations are joined first. A statement starts a line (after spaces or tabs); what a string
 * or a comment holds at the start of a line counts too (a superset: harmless, the files found are
 * parsed anyway).
 *
 * The module is untrusted, so each line is read once with no regular expression: the patterns this
 * replaces rescanned the rest of the file from every `from m import (` without its `)` (a 320 KB
 * module took 12 s, one under 1 MB minutes), and the rest of a line from every space of a name
 * list. What is found is what those patterns found; test/python/python-import-scan.test.ts compares them.
 */
import { isSpace, isWord } from '../chars.js';

export interface ImportStatement {
  /** `pkg.mod`, `.mod`, `..`, …; for `import a, b` one statement each. */
  readonly module: string;
  /** The names of a `from … import names` (not for `import …`). */
  readonly names: readonly string[];
}

/** Every `from … import …` statement in order, then every `import …` statement in order. */
export function imports(text: string): ImportStatement[] {
  const source = text.replace(/\\\r?\n/g, ' ');
  return [...fromStatements(source), ...importStatements(source)];
}

const isBlank = (code: number) => code === 0x20 || code === 0x09;
const isDotted = (code: number) => isWord(code) || code === 0x2e;
const isLineEnd = (code: number) => code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;

/** Where a line starts at or after `from` (lines end at \n, \r, U+2028 and U+2029), or -1. */
function lineStart(source: string, from: number): number {
  if (from === 0 || (from <= source.length && isLineEnd(source.charCodeAt(from - 1)))) return from;
  for (let i = from; i < source.length; i++) if (isLineEnd(source.charCodeAt(i))) return i + 1;
  return -1;
}

function skip(source: string, from: number, what: (code: number) => boolean): number {
  let i = from;
  while (i < source.length && what(source.charCodeAt(i))) i++;
  return i;
}

/** Where `import` and at least one space or tab end, when they start at `at`; else -1. */
function importKeyword(source: string, at: number): number {
  if (!source.startsWith('import', at) || !isBlank(source.charCodeAt(at + 6))) return -1;
  return skip(source, at + 6, isBlank);
}

/** The first index at or after `from` holding \n, # or ;, or source.length. */
function clauseEnd(source: string, from: number): number {
  let i = from;
  for (; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (code === 0x0a || code === 0x23 || code === 0x3b) break;
  }
  return i;
}

function fromStatements(source: string): ImportStatement[] {
  const found: ImportStatement[] = [];
  // The first `)` after the last parenthesised list looked at (lists come in order, so it is found once).
  let close = -1;
  for (let at = lineStart(source, 0); at >= 0 && at < source.length; ) {
    const keyword = skip(source, at, isBlank);
    const next = (to: number) => lineStart(source, Math.max(to, at + 1));
    if (!source.startsWith('from', keyword) || !isBlank(source.charCodeAt(keyword + 4))) {
      at = next(keyword);
      continue;
    }
    const moduleStart = skip(source, keyword + 4, isBlank);
    const moduleEnd = skip(source, moduleStart, isDotted);
    let module = source.slice(moduleStart, moduleEnd);
    let names =
      moduleEnd > moduleStart && isBlank(source.charCodeAt(moduleEnd)) ? importKeyword(source, skip(source, moduleEnd, isBlank)) : -1;
    // `from  import x`: an empty module name between two runs of spaces (not Python, but what the line says).
    if (names < 0 && moduleStart - (keyword + 4) >= 2) {
      names = importKeyword(source, moduleStart);
      module = '';
    }
    if (names < 0) {
      at = next(moduleEnd);
      continue;
    }
    if (source.charCodeAt(names) === 0x28) {
      if (close <= names) close = source.indexOf(')', names + 1);
      if (close < 0) close = source.length;
      if (close < source.length) {
        found.push({ module, names: importedNames(withoutParentheses(source.slice(names, close + 1)), isWord) });
        at = next(close + 1);
        continue;
      }
    }
    const end = clauseEnd(source, names);
    found.push({ module, names: importedNames(withoutParentheses(source.slice(names, end)), isWord) });
    at = next(end);
  }
  return found;
}

function importStatements(source: string): ImportStatement[] {
  const found: ImportStatement[] = [];
  for (let at = lineStart(source, 0); at >= 0 && at < source.length; ) {
    const keyword = skip(source, at, isBlank);
    const names = importKeyword(source, keyword);
    if (names < 0) {
      at = lineStart(source, Math.max(keyword, at + 1));
      continue;
    }
    const end = clauseEnd(source, names);
    for (const module of importedNames(source.slice(names, end), isDotted)) {
      const first = module.charCodeAt(0);
      if (isWord(first) && !(first >= 0x30 && first <= 0x39)) found.push({ module, names: [] }); // not a digit, not a dot
    }
    at = lineStart(source, Math.max(end, at + 1));
  }
  return found;
}

/** A `from` statement's name list reads `(a, b)` as ` a, b `. */
const withoutParentheses = (list: string) => list.replace(/[()]/g, ' ');

/**
 * The names of a comma-separated list, each the name before an `as` alias: `a, b as c` → a, b.
 * An item that is not one name (of `nameChar`s), alone or before `as`, is dropped.
 */
function importedNames(list: string, nameChar: (code: number) => boolean): string[] {
  const out: string[] = [];
  for (const part of list.split(',')) {
    const item = part.trim();
    let end = 0;
    while (end < item.length && nameChar(item.charCodeAt(end))) end++;
    if (end === 0) continue;
    if (end === item.length) {
      out.push(item);
      continue;
    }
    let alias = end;
    while (alias < item.length && isSpace(item.charCodeAt(alias))) alias++;
    if (alias > end && item.startsWith('as', alias) && alias + 2 < item.length && isSpace(item.charCodeAt(alias + 2))) {
      out.push(item.slice(0, end));
    }
  }
  return out;
}
