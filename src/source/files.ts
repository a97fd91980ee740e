/**
 * Which files make up the server, found without the TypeScript compiler: the launched script and
 * what it imports through relative paths (scanned lexically), or the whole project. Built files
 * are replaced by the originals their source maps name, when those exist.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { SourceLeftOut } from '../model/source-index.js';
import { FileLookup } from './file-lookup.js';
import { moduleReferences } from './import-scan.js';
import { SOURCE_LIMITS } from './limits.js';
import { ReadBudget } from './read-budget.js';
import { sourceText } from './read-source.js';
import { originalSources } from './sourcemap.js';
import { isFile } from '../shared/file-kind.js';

export const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const OUTPUT_DIRS = new Set(['dist', 'build', 'out']);
/** Folders never indexed, at any depth. */
export const SKIP_DIRS: ReadonlySet<string> = new Set(['node_modules', '.git', 'coverage']);
/** TypeScript twins of an imported JS file (`./x.js` in TS source means `./x.ts`). */
const TS_TWINS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'], '.jsx': ['.tsx'] };
/** Files read between two turns of the event loop, so a caller on the main thread stays responsive to signals. */
const FILES_PER_TURN = 64;

export interface CollectedFiles {
  /** Absolute path → text, for every file to index. */
  readonly texts: ReadonlyMap<string, string>;
  /** The indexed file standing for the entry (the entry itself, or its original source). */
  readonly entry?: string;
  /** What the limits (limits.ts) kept out of `texts`. */
  readonly leftOut?: SourceLeftOut;
}

export interface CollectOptions {
  readonly entry?: string;
  /** The files of tsconfig.json when the whole project is indexed (absolute), if there is one. */
  readonly tsconfigFiles?: (root: string) => Promise<{ files: string[]; outDir?: string } | undefined>;
}

/** A JS/TS file the index can read (declaration files are not). */
export function supported(path: string): boolean {
  return EXTENSIONS.includes(extname(path)) && !/\.d\.[cm]?ts$/.test(path);
}

export async function collectFiles(root: string, options: CollectOptions = {}): Promise<CollectedFiles> {
  const texts = new Map<string, string>();
  const lookup = new FileLookup(root);
  const exists = (path: string) => lookup.isFile(path);
  const budget = new ReadBudget((path) => relative(root, path).split(sep).join('/'));
  const queued = new Set<string>();
  const queue: string[] = [];
  /** Texts read when the file was enqueued (to look for its source map), kept for its turn. */
  const early = new Map<string, string>();
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
    if (queued.has(path) || !inProject(path) || !supported(path) || !exists(path)) return;
    queued.add(path);
    const read = budget.read(path);
    if (read === 'left out') return;
    const text = read?.text ?? '';
    const originals = originalSources(path, text, exists).filter((p) => inProject(p) && supported(p));
    if (originals.length > 0) {
      for (const original of originals) push(original);
    } else {
      queue.push(path);
      early.set(path, text);
    }
  };
  const listingStopped = () => budget.stopListing();
  const wholeProject = async (): Promise<void> => {
    for (const path of await projectFiles(root, options.tsconfigFiles, root, listingStopped)) enqueue(path);
  };

  const entry = options.entry ? resolve(options.entry) : undefined;
  const fromEntry = entry !== undefined && inProject(entry) && supported(entry) && isFile(entry);
  if (fromEntry) enqueue(entry);
  else await wholeProject();

  const widened = new Set<string>();
  for (let next = 0; next < queue.length; next++) {
    if (next > 0 && next % FILES_PER_TURN === 0) await new Promise((turn) => setImmediate(turn));
    const path = queue[next]!;
    let text = early.get(path);
    early.delete(path);
    if (text === undefined) {
      const read = budget.read(path);
      if (read === 'left out') continue;
      text = read?.text ?? '';
    }
    texts.set(path, text);
    const references = moduleReferences(text);
    for (const specifier of new Set(references.specifiers)) {
      const target = resolveRelative(path, specifier, exists);
      if (target) enqueue(target);
    }
    // Modules loaded from computed paths (a plugin folder): index the folder of the loader.
    if (references.computed && fromEntry) {
      const dir = dirname(path);
      if (!widened.has(dir)) {
        widened.add(dir);
        for (const other of await projectFiles(root, undefined, dir, listingStopped)) enqueue(other);
      }
    }
  }
  const leftOut = budget.leftOut;
  return { texts, ...(fromEntry ? { entry: indexedEntry(entry, texts) } : {}), ...(leftOut ? { leftOut } : {}) };
}

/** The file standing for the entry in the index (the entry, or its original source). */
function indexedEntry(entry: string, texts: ReadonlyMap<string, string>): string | undefined {
  if (texts.has(entry)) return entry;
  const originals = originalSources(entry, sourceText(entry)).filter((o) => texts.has(o));
  return originals.find((o) => sameModuleName(o, entry)) ?? originals[0];
}

/** `src/index.ts` and `dist/index.js` name the same module. */
export function sameModuleName(a: string, b: string): boolean {
  const name = (path: string) => basename(path).replace(/\.[cm]?[jt]sx?$/, '');
  return name(a) === name(b);
}

/**
 * Resolve `./x.js`, `./x`, `./dir` from a file to an existing file (TS twins first for TS
 * importers). `exists` answers whether a path is a file (a collector passes its cached lookup).
 */
export function resolveRelative(from: string, specifier: string, exists: (path: string) => boolean = isFile): string | undefined {
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
  return candidates.find(exists);
}

/**
 * Every source file of the project (or of one folder of it): tsconfig.json's files when there is
 * one, plus all JS files; no node_modules, no build output at the root.
 */
async function projectFiles(
  root: string,
  tsconfigFiles: CollectOptions['tsconfigFiles'],
  under: string,
  listingStopped: () => void,
): Promise<string[]> {
  const out = new Set<string>();
  const excluded = new Set<string>();
  const fromTsconfig = under === root && tsconfigFiles ? await tsconfigFiles(root) : undefined;
  if (fromTsconfig) {
    if (fromTsconfig.outDir) excluded.add(resolve(fromTsconfig.outDir));
    for (const file of fromTsconfig.files) if (!isInside(file, excluded)) out.add(resolve(file));
  }
  let seen = 0;
  const walk = (dir: string, depth: number): void => {
    if (depth > 20) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (++seen > SOURCE_LIMITS.walkEntries) {
        listingStopped();
        return;
      }
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
