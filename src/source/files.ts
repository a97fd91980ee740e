/**
 * Which files make up the server, found without the TypeScript compiler: the launched script and
 * what it imports through relative paths (scanned lexically), or the whole project. Built files
 * are replaced by the originals their source maps name, when those exist.
 */
import { existsSync, readdirSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { originalSources } from './sourcemap.js';
import { readTextIfReadable } from '../shared/read-bounded.js';

export const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const OUTPUT_DIRS = new Set(['dist', 'build', 'out']);
/** Folders never indexed, at any depth. */
export const SKIP_DIRS: ReadonlySet<string> = new Set(['node_modules', '.git', 'coverage']);
/** TypeScript twins of an imported JS file (`./x.js` in TS source means `./x.ts`). */
const TS_TWINS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'], '.jsx': ['.tsx'] };
/** Stop collecting past this many files (a safety net, not a tuning knob). */
const MAX_FILES = 5000;

/** `import … from './x'`, `export … from './x'`, `import './x'`. */
const STATIC_IMPORT = /(?:^|[^\w$.])(?:import|export)\s*(?:type\s+)?(?:[^'"`;]*?\bfrom\s*)?(['"])([^'"\n]+)\1/g;
/** `import('./x')`, `require('./x')` with a literal; anything else is a computed module path. */
const DYNAMIC_IMPORT = /(?:^|[^\w$.])(?:import|require)\s*\(\s*([^)]*?)\s*\)/g;

export interface CollectedFiles {
  /** Absolute path → text, for every file to index. */
  readonly texts: ReadonlyMap<string, string>;
  /** The indexed file standing for the entry (the entry itself, or its original source). */
  readonly entry?: string;
}

export interface CollectOptions {
  readonly entry?: string;
  /** The files of tsconfig.json when the whole project is indexed (absolute), if there is one. */
  readonly tsconfigFiles?: (root: string) => Promise<{ files: string[]; outDir?: string } | undefined>;
}

export function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A JS/TS file the index can read (declaration files are not). */
export function supported(path: string): boolean {
  return EXTENSIONS.includes(extname(path)) && !/\.d\.[cm]?ts$/.test(path);
}

export async function collectFiles(root: string, options: CollectOptions = {}): Promise<CollectedFiles> {
  const texts = new Map<string, string>();
  const queued = new Set<string>();
  const queue: string[] = [];
  const read = (path: string): string => readTextIfReadable(path, 'source file') ?? '';
  const inProject = (path: string): boolean => {
    const rel = relative(root, path);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return false;
    return !rel.split(sep).some((part) => SKIP_DIRS.has(part));
  };
  const push = (path: string): void => {
    if (queued.has(path)) return;
    queued.add(path);
    queue.push(path);
  };
  /** Add a file, or the originals it was built from. */
  const enqueue = (path: string): void => {
    if (queued.has(path) || !inProject(path) || !supported(path) || !isFile(path)) return;
    const originals = originalSources(path, read(path)).filter((p) => inProject(p) && supported(p));
    if (originals.length > 0) {
      queued.add(path);
      for (const original of originals) push(original);
    } else {
      push(path);
    }
  };
  const wholeProject = async (): Promise<void> => {
    for (const path of await projectFiles(root, options.tsconfigFiles)) enqueue(path);
  };

  const entry = options.entry ? resolve(options.entry) : undefined;
  const fromEntry = entry !== undefined && inProject(entry) && supported(entry) && isFile(entry);
  if (fromEntry) enqueue(entry);
  else await wholeProject();

  const widened = new Set<string>();
  while (queue.length > 0 && texts.size < MAX_FILES) {
    const path = queue.shift()!;
    const text = read(path);
    texts.set(path, text);
    const references = moduleReferences(text);
    for (const specifier of references.specifiers) {
      const target = resolveRelative(path, specifier);
      if (target) enqueue(target);
    }
    // Modules loaded from computed paths (a plugin folder): index the folder of the loader.
    if (references.computed && fromEntry) {
      const dir = dirname(path);
      if (!widened.has(dir)) {
        widened.add(dir);
        for (const other of await projectFiles(root, undefined, dir)) enqueue(other);
      }
    }
  }
  return { texts, ...(fromEntry ? { entry: indexedEntry(entry, texts) } : {}) };
}

/** The file standing for the entry in the index (the entry, or its original source). */
function indexedEntry(entry: string, texts: ReadonlyMap<string, string>): string | undefined {
  if (texts.has(entry)) return entry;
  const originals = originalSources(entry, readTextIfReadable(entry, 'source file') ?? '').filter((o) => texts.has(o));
  return originals.find((o) => sameModuleName(o, entry)) ?? originals[0];
}

/** `src/index.ts` and `dist/index.js` name the same module. */
export function sameModuleName(a: string, b: string): boolean {
  const name = (path: string) => basename(path).replace(/\.[cm]?[jt]sx?$/, '');
  return name(a) === name(b);
}

/** Source text without comments (strings are kept; good enough to scan for imports). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

/** Relative module specifiers a file imports, exports from, requires or import()s. */
export function moduleReferences(text: string): { specifiers: string[]; computed: boolean } {
  const code = withoutComments(text);
  const specifiers: string[] = [];
  let computed = false;
  for (const match of code.matchAll(STATIC_IMPORT)) specifiers.push(match[2]!);
  for (const match of code.matchAll(DYNAMIC_IMPORT)) {
    const arg = match[1]!;
    const literal = /^(['"`])([^'"`$]*)\1$/.exec(arg);
    if (literal) specifiers.push(literal[2]!);
    else if (arg !== '') computed = true;
  }
  return { specifiers: specifiers.filter((s) => s.startsWith('./') || s.startsWith('../') || s === '.' || s === '..'), computed };
}

/** Resolve `./x.js`, `./x`, `./dir` from a file to an existing file (TS twins first for TS importers). */
export function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const ext = extname(base);
  const fromTs = /\.[cm]?tsx?$/.test(from);
  const candidates: string[] = [];
  if (EXTENSIONS.includes(ext)) {
    const twins = (TS_TWINS[ext] ?? []).map((t) => base.slice(0, -ext.length) + t);
    candidates.push(...(fromTs ? [...twins, base] : [base, ...twins]));
  } else {
    for (const e of EXTENSIONS) candidates.push(base + e);
    for (const e of EXTENSIONS) candidates.push(join(base, `index${e}`));
  }
  return candidates.find(isFile);
}

/**
 * Every source file of the project (or of one folder of it): tsconfig.json's files when there is
 * one, plus all JS files; no node_modules, no build output at the root.
 */
async function projectFiles(root: string, tsconfigFiles: CollectOptions['tsconfigFiles'], under = root): Promise<string[]> {
  const out = new Set<string>();
  const excluded = new Set<string>();
  const fromTsconfig = under === root && tsconfigFiles ? await tsconfigFiles(root) : undefined;
  if (fromTsconfig) {
    if (fromTsconfig.outDir) excluded.add(resolve(fromTsconfig.outDir));
    for (const file of fromTsconfig.files) if (!isInside(file, excluded)) out.add(resolve(file));
  }
  const walk = (dir: string, depth: number): void => {
    if (depth > 20) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
        if (dir === root && OUTPUT_DIRS.has(entry.name)) continue;
        if (excluded.has(path)) continue;
        walk(path, depth + 1);
      } else if (entry.isFile()) {
        const ext = extname(entry.name);
        const isJs = ext === '.js' || ext === '.mjs' || ext === '.cjs' || ext === '.jsx';
        // With a tsconfig.json its file list decides the TypeScript files; JS files are always added.
        if (isJs || (!fromTsconfig && supported(path))) out.add(path);
      }
    }
  };
  walk(under, 0);
  return [...out].sort();
}

function isInside(path: string, dirs: ReadonlySet<string>): boolean {
  for (const dir of dirs) if (path === dir || path.startsWith(dir + sep)) return true;
  return false;
}
