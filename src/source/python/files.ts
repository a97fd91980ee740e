/**
 * Which Python files make up the server, found without the parser: the entry module and every
 * project module it imports, transitively — relative imports (`from .tools import x`) and
 * absolute ones that resolve inside the project (`import pkg.tools`, `from pkg import tools`),
 * with the `__init__.py` of every package on the way (Python runs those too). Without an entry,
 * every .py file of the project outside virtual environments and caches.
 */
import { type Dirent, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { SourceLeftOut } from '../../model/source-index.js';
import { FileLookup } from '../file-lookup.js';
import { SOURCE_LIMITS } from '../limits.js';
import { ReadBudget } from '../read-budget.js';
import { imports } from './import-scan.js';
import { importRoots, inSkippedDir, moduleFile, moduleFileIn, SKIP_PYTHON_DIRS } from './project.js';
import { isFile } from '../../shared/file-kind.js';

export interface CollectedPythonFiles {
  /** Absolute path → text, in discovery order (entry first). */
  readonly texts: Map<string, string>;
  readonly entry?: string;
  /** What the limits (../limits.ts) kept out of `texts`. */
  readonly leftOut?: SourceLeftOut;
}

export function collectPythonFiles(root: string, entry?: string): CollectedPythonFiles {
  const texts = new Map<string, string>();
  const budget = new ReadBudget(relativeTo(root));
  const done = (more: { entry?: string } = {}): CollectedPythonFiles => {
    const leftOut = budget.leftOut;
    return { texts, ...more, ...(leftOut ? { leftOut } : {}) };
  };
  const inProject = (path: string) => !relative(root, path).startsWith('..') && !inSkippedDir(relative(root, path));
  if (!entry || !isFile(entry) || !inProject(entry)) {
    for (const file of walk(root, budget)) {
      const text = budget.text(file);
      if (text !== undefined) texts.set(file, text);
    }
    return done();
  }
  const lookup = new FileLookup(root);
  const exists = (path: string) => lookup.isFile(path);
  const roots = importRoots(root, entry);
  const queued = new Set<string>([resolve(entry)]);
  const queue = [resolve(entry)];
  for (let next = 0; next < queue.length; next++) {
    const file = queue[next]!;
    const text = budget.text(file);
    if (text === undefined) continue;
    texts.set(file, text);
    for (const target of importedFiles(file, text, roots, exists)) {
      if (queued.has(target) || !inProject(target)) continue;
      queued.add(target);
      queue.push(target);
    }
  }
  return done({ entry: resolve(entry) });
}

/** The project files one module imports (with the packages' __init__.py on the way), each once. */
export function importedFiles(file: string, text: string, roots: readonly string[], exists: (path: string) => boolean = isFile): string[] {
  const found = new Set<string>();
  const add = (path: string | undefined) => {
    if (path) found.add(path);
  };
  for (const { module, names } of imports(text)) {
    const dots = leadingDots(module);
    const dotted = module.slice(dots);
    const unique = new Set(names);
    if (dots > 0) {
      let base = dirname(file);
      for (let i = 1; i < dots; i++) base = dirname(base);
      const target = dotted ? join(base, ...dotted.split('.')) : base;
      add(moduleFileIn(target, exists));
      for (const name of unique) add(moduleFileIn(join(target, name), exists));
      continue;
    }
    const parts = dotted.split('.');
    for (let i = 1; i <= parts.length; i++) add(moduleFile(parts.slice(0, i).join('.'), roots, exists));
    // `from pkg import tools` may name a submodule.
    for (const name of unique) add(moduleFile(`${dotted}.${name}`, roots, exists));
  }
  return [...found];
}

function leadingDots(module: string): number {
  let dots = 0;
  while (module.charCodeAt(dots) === 0x2e) dots++;
  return dots;
}

/** The project's .py files in a stable order; stops listing after SOURCE_LIMITS.walkEntries entries. */
function* walk(root: string, budget: ReadBudget): Generator<string> {
  let seen = 0;
  function* within(dir: string, depth: number): Generator<string> {
    if (depth > 30) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    } catch {
      return;
    }
    for (const entry of entries) {
      if (++seen > SOURCE_LIMITS.walkEntries) {
        budget.stopListing();
        return;
      }
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_PYTHON_DIRS.has(entry.name) && !entry.name.startsWith('.')) yield* within(path, depth + 1);
      } else if (entry.isFile() && entry.name.endsWith('.py')) yield path;
    }
  }
  yield* within(root, 0);
}

/** A path relative to the root with `/` separators (how the index names files). */
export const relativeTo = (root: string) => (path: string) => relative(root, path).split(sep).join('/');
