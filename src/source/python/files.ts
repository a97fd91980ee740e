/**
 * Which Python files make up the server, found without the parser: the entry module and every
 * project module it imports, transitively — relative imports (`from .tools import x`) and
 * absolute ones that resolve inside the project (`import pkg.tools`, `from pkg import tools`),
 * with the `__init__.py` of every package on the way (Python runs those too). Without an entry,
 * every .py file of the project outside virtual environments and caches.
 */
import { type Dirent, readdirSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { importRoots, inSkippedDir, isFile, moduleFile, moduleFileIn, SKIP_PYTHON_DIRS } from './project.js';
import { readTextIfReadable } from '../../shared/read-bounded.js';

/** Beyond this many files the rest is not indexed (a guard against walking a huge tree). */
const MAX_FILES = 5_000;

export interface CollectedPythonFiles {
  /** Absolute path → text, in discovery order (entry first). */
  readonly texts: Map<string, string>;
  readonly entry?: string;
}

export function collectPythonFiles(root: string, entry?: string): CollectedPythonFiles {
  const texts = new Map<string, string>();
  const inProject = (path: string) => !relative(root, path).startsWith('..') && !inSkippedDir(relative(root, path));
  if (!entry || !isFile(entry) || !inProject(entry)) {
    for (const file of walk(root)) {
      const text = readText(file);
      if (text !== undefined) texts.set(file, text);
    }
    return { texts };
  }
  const roots = importRoots(root, entry);
  const queue = [resolve(entry)];
  while (queue.length > 0 && texts.size < MAX_FILES) {
    const file = queue.shift()!;
    if (texts.has(file)) continue;
    const text = readText(file);
    if (text === undefined) continue;
    texts.set(file, text);
    for (const target of importedFiles(file, text, roots)) {
      if (!texts.has(target) && inProject(target)) queue.push(target);
    }
  }
  return { texts, entry: resolve(entry) };
}

/** The project files one module imports (with the packages' __init__.py on the way). */
export function importedFiles(file: string, text: string, roots: readonly string[]): string[] {
  const found: string[] = [];
  const add = (path: string | undefined) => {
    if (path && !found.includes(path)) found.push(path);
  };
  for (const { module, names } of imports(text)) {
    const dots = /^\.*/.exec(module)![0].length;
    const dotted = module.slice(dots);
    if (dots > 0) {
      let base = dirname(file);
      for (let i = 1; i < dots; i++) base = dirname(base);
      const target = dotted ? join(base, ...dotted.split('.')) : base;
      add(moduleFileIn(target));
      for (const name of names) add(moduleFileIn(join(target, name)));
      continue;
    }
    const parts = dotted.split('.');
    for (let i = 1; i <= parts.length; i++) add(moduleFile(parts.slice(0, i).join('.'), roots));
    // `from pkg import tools` may name a submodule.
    for (const name of names) add(moduleFile(`${dotted}.${name}`, roots));
  }
  return found;
}

interface ImportStatement {
  /** `pkg.mod`, `.mod`, `..`, …; for `import a, b` one statement each. */
  readonly module: string;
  /** The names of a `from … import names` (not for `import …`). */
  readonly names: readonly string[];
}

/** The import statements of a module, read line by line (parenthesised name lists included). */
export function imports(text: string): ImportStatement[] {
  const out: ImportStatement[] = [];
  const source = text.replace(/\\\r?\n/g, ' ');
  for (const match of source.matchAll(/^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]*)/gm)) {
    const names = match[2]!
      .replace(/[()]/g, ' ')
      .split(',')
      .map((n) =>
        n
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter((n) => /^\w+$/.test(n));
    out.push({ module: match[1]!, names });
  }
  for (const match of source.matchAll(/^[ \t]*import[ \t]+([^\n#;]*)/gm)) {
    for (const part of match[1]!.split(',')) {
      const module = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (/^[A-Za-z_][\w.]*$/.test(module)) out.push({ module, names: [] });
    }
  }
  return out;
}

function* walk(dir: string, depth = 0): Generator<string> {
  if (depth > 30) return;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_PYTHON_DIRS.has(entry.name) && !entry.name.startsWith('.')) yield* walk(path, depth + 1);
    } else if (entry.isFile() && entry.name.endsWith('.py')) yield path;
  }
}

function readText(path: string): string | undefined {
  try {
    return readTextIfReadable(realpathSync(path), 'source file');
  } catch {
    return undefined;
  }
}

/** A path relative to the root with `/` separators (how the index names files). */
export const relativeTo = (root: string) => (path: string) => relative(root, path).split(sep).join('/');
