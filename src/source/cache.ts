/**
 * An on-disk cache of the source index, so linting the same server again does not load the
 * TypeScript compiler (about 1 s of CPU). Like ESLint's and Ruff's caches it is keyed by content:
 * collectFiles (no compiler) runs every time, and the index is reused when the files it collected,
 * and everything else the extractor reads from disk, hash to the key it was stored under.
 *
 * Where: `node_modules/.cache/mcplint/` (the find-cache-dir convention) of the project root, or
 * of the nearest directory above it that has node_modules (a workspace with hoisted
 * dependencies), or `$MCPLINT_CACHE_DIR`; without any nothing is cached, so no file is ever
 * created elsewhere in the user's project. One file per root, holding the indexes of its last few
 * entry scripts (a repository may hold several servers). Any failure to read or write it is a
 * miss: a broken cache costs time, never a wrong result or a crash.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync, type Dirent } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from '../shared/version.js';
import { FileLookup } from './file-lookup.js';
import { resolveRelative, SKIP_DIRS, supported, type CollectedFiles } from './files.js';
import { SOURCE_LIMITS } from './limits.js';
import { readSource, sourceText } from './read-source.js';
import { originalSources } from './sourcemap.js';
import type { SourceIndex } from '../model/source-index.js';
import { isDirectory } from '../shared/file-kind.js';

/** Bump when the stored layout changes. Changes to the indexer's code are caught by codeStamp(). */
const FORMAT = 3;
/** Indexes kept per project root: one per entry script linted lately (a repository with several servers). */
const MAX_INDEXES = 8;
/** The modules whose code decides the index (hashed, see codeStamp). */
const INDEXER_MODULES = [
  'index',
  'files',
  'import-scan',
  'chars',
  'file-lookup',
  'limits',
  'read-budget',
  'read-source',
  'sourcemap',
  'extract',
  'cache',
];
/** The folder of extract's parts: all its modules decide the index too. */
const INDEXER_FOLDER = 'extract';
/** The largest cache file read: a few indexes of positions, far below this. */
const MAX_STORED_BYTES = 64 * 1024 * 1024;
/** Past this many files the project listing is not worth hashing: tsconfig.json is parsed every time. */
const MAX_LISTING = 20_000;

/** tsconfig.json's file list, as index.ts reads it. */
export interface TsconfigList {
  readonly files: string[];
  readonly outDir?: string;
}

/** Reads tsconfig.json (loading the compiler), reporting every path it reads or probes. */
export type TsconfigParse = (root: string, probed: (path: string) => void) => Promise<TsconfigList | undefined>;

export interface SourceIndexCache {
  /** `parse`, unless tsconfig.json, the files it extends and the project's file names are unchanged since it last ran. */
  tsconfigFiles(root: string, parse: TsconfigParse): Promise<TsconfigList | undefined>;
  /** The stored index, when it was built from exactly these files (and the same surroundings). */
  get(collected: CollectedFiles, entry: string | undefined): SourceIndex | undefined;
  /** Store the index built after a get() that missed. */
  set(index: SourceIndex): void;
}

interface TsconfigMemo {
  readonly fingerprint: string;
  /** Every path the parse read or probed (the config, what it extends, where it looked for them). */
  readonly probed: readonly string[];
  readonly list: TsconfigList | null;
}

interface StoredIndex {
  readonly key: string;
  readonly index: SourceIndex;
}

interface Stored {
  readonly format: number;
  /** Most recently stored first. */
  readonly indexes: readonly StoredIndex[];
  readonly tsconfig?: TsconfigMemo;
}

/** Where the index of `root` is kept, or undefined when it has no place to go. */
export function cacheFile(root: string): string | undefined {
  const override = process.env.MCPLINT_CACHE_DIR;
  const modules = override ? undefined : nearestNodeModules(root);
  const dir = override ? resolve(override) : modules ? join(modules, '.cache', 'mcplint') : undefined;
  return dir ? join(dir, `source-index-${sha256(root).slice(0, 16)}.json`) : undefined;
}

/**
 * The node_modules the project's own dependencies resolve from: the root's, or in a workspace
 * (dependencies hoisted to the repository root) the nearest one above it.
 */
function nearestNodeModules(root: string): string | undefined {
  for (let dir = root; ; dir = dirname(dir)) {
    if (isDirectory(join(dir, 'node_modules'))) return join(dir, 'node_modules');
    if (dirname(dir) === dir) return undefined;
  }
}

/** The cache of one project root, or undefined when there is nowhere to keep it. */
export function openSourceIndexCache(root: string): SourceIndexCache | undefined {
  const file = cacheFile(root);
  if (!file) return undefined;
  const stored = readStored(file);
  let tsconfig = stored?.tsconfig;
  let tsconfigChanged = false;
  let key: string | undefined;
  const save = (index: SourceIndex) => {
    if (!key) return;
    const kept = [{ key, index }, ...(stored?.indexes ?? []).filter((s) => s.key !== key)].slice(0, MAX_INDEXES);
    writeAtomically(file, JSON.stringify({ format: FORMAT, indexes: kept, ...(tsconfig ? { tsconfig } : {}) } satisfies Stored));
  };
  return {
    async tsconfigFiles(projectRoot, parse) {
      const listing = guard(() => projectListing(projectRoot));
      if (tsconfig && listing !== undefined && guard(() => tsconfigFingerprint(tsconfig!.probed, listing)) === tsconfig.fingerprint) {
        return tsconfig.list ?? undefined;
      }
      const probed = new Set<string>();
      const list = await parse(projectRoot, (path) => probed.add(resolve(path)));
      const fingerprint = listing === undefined ? undefined : guard(() => tsconfigFingerprint([...probed], listing));
      if (fingerprint !== undefined) {
        tsconfig = { fingerprint, probed: [...probed], list: list ?? null };
        tsconfigChanged = true;
      }
      return list;
    },
    get(collected, entry) {
      key = guard(() => indexKey(root, entry, collected));
      const hit = key ? stored?.indexes.find((s) => s.key === key) : undefined;
      if (!hit) return undefined;
      if (tsconfigChanged) save(hit.index);
      return hit.index;
    },
    set: save,
  };
}

/**
 * What the index is a function of. parseAndExtract sees the collected texts and the root, and
 * reads the disk in one place: resolving a relative import (which candidate file exists) and, when
 * the target is not indexed itself (a built file), the originals its source map names. So the key
 * holds, besides the texts, where every string literal starting with `.` resolves from its file (a
 * superset of the import specifiers) and those originals.
 */
function indexKey(root: string, entry: string | undefined, collected: CollectedFiles): string {
  const hash = createHash('sha256');
  const field = (value: string) => hash.update(`${value.length}:`).update(value);
  field(codeStamp());
  field(root);
  field(entry ?? '');
  field(collected.entry ?? '');
  for (const [path, text] of collected.texts) {
    field(path);
    field(text);
  }
  // What the limits left out is part of the index (a new oversized file changes its notes).
  field(JSON.stringify(collected.leftOut ?? null));
  const lookup = new FileLookup(root);
  const exists = (path: string) => lookup.isFile(path);
  const originals = new Map<string, string>();
  for (const [path, text] of collected.texts) {
    for (const specifier of new Set(dotStrings(text))) {
      const target = resolveRelative(path, specifier, exists);
      field(specifier);
      field(target ?? '');
      if (!target || collected.texts.has(target)) continue;
      if (!originals.has(target)) originals.set(target, originalSources(target, sourceText(target), exists).join('\n'));
      field(originals.get(target)!);
    }
  }
  return hash.digest('hex');
}

/** Every quoted string starting with `.` (overlapping matches, so a stray quote cannot hide one). */
function dotStrings(text: string): string[] {
  return [...text.matchAll(/(?=(['"])(\.[^\r\n]*?)\1)/g)].map((m) => m[2]!);
}

/**
 * mcplint's version and the indexer's own source: while mcplint itself is being developed the
 * version stays the same, and an edited extractor must not be served indexes of the old one.
 * In the bundled bin (dist/bin) the indexer's modules are merged into chunks, so there every
 * script of the bundle counts (≈1 MB, a few ms to hash, once per process).
 */
let stamp: string | undefined;
function codeStamp(): string {
  const self = fileURLToPath(import.meta.url);
  return (stamp ??= indexerCodeStamp(dirname(self), extname(self)));
}

/** The stamp of the indexer's code in `dir` (its modules, or every script of a bundle). */
export function indexerCodeStamp(dir: string, ext: string): string {
  const hash = createHash('sha256').update(`mcplint source index ${FORMAT} ${VERSION}`);
  const parts = folderModules(join(dir, INDEXER_FOLDER), ext).map((file) => join(INDEXER_FOLDER, file));
  const modules = [...INDEXER_MODULES.map((name) => name + ext), ...parts].map((file) => readText(join(dir, file)));
  const bundled = modules.every((text) => text === undefined);
  // A bundle's chunks are named by a hash of their content (scripts/bundle.ts): their names stand
  // for their text, so only the entry scripts are read, not all 1.4 MB on every run.
  const sources = bundled ? bundleScripts(dir).map((file) => (CONTENT_NAMED.test(file) ? file : readText(join(dir, file)))) : modules;
  for (const text of sources) hash.update('\0').update(text ?? '');
  return hash.digest('hex');
}

/** A bundle chunk's name, `[name]-[hash].js`: the hash is rolldown's, of the chunk's content. */
const CONTENT_NAMED = /-[A-Za-z0-9_-]{8}\.[cm]?js$/;

/** The modules (not declaration files) of a folder, in a stable order. */
function folderModules(dir: string, ext: string): string[] {
  try {
    return readdirSync(dir)
      .filter((file) => file.endsWith(ext) && !file.endsWith('.d.ts'))
      .sort();
  } catch {
    return [];
  }
}

/** The scripts of a bundle's folder, in a stable order. */
function bundleScripts(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((file) => /\.[cm]?js$/.test(file))
      .sort();
  } catch {
    return [];
  }
}

/**
 * The tsconfig.json list is a function of the files the parse read or probed (the config, what it
 * `extends`) and of which files exist (its `include` globs); only indexable files inside the
 * project, outside node_modules, can matter (collectFiles drops the rest).
 */
function tsconfigFingerprint(probed: readonly string[], listing: string): string {
  const hash = createHash('sha256').update(codeStamp()).update('\0').update(listing);
  for (const path of probed) {
    const read = readSource(path);
    const kind =
      read && 'tooLarge' in read ? `large ${read.tooLarge}` : read ? `file ${sha256(read.text)}` : isDirectory(path) ? 'dir' : 'none';
    hash.update(`\0${path}\0${kind}`);
  }
  return hash.digest('hex');
}

/** Names of the project's indexable files, sorted; undefined when there are too many (or too many entries to look at). */
function projectListing(root: string): string | undefined {
  const names: string[] = [];
  const seen = new Set<string>();
  let entriesSeen = 0;
  const walk = (dir: string, depth: number): boolean => {
    if (depth > 40) return true;
    let real: string;
    try {
      real = realpathSync(dir);
    } catch {
      return true;
    }
    if (seen.has(real)) return true;
    seen.add(real);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return true;
    }
    for (const entry of entries) {
      if (++entriesSeen > SOURCE_LIMITS.walkEntries) return false;
      const path = join(dir, entry.name);
      // Symbolic links are followed, as the compiler follows them.
      const kind = entry.isSymbolicLink() ? (isDirectory(path) ? 'dir' : 'file') : entry.isDirectory() ? 'dir' : 'file';
      if (kind === 'dir') {
        if (!SKIP_DIRS.has(entry.name) && !walk(path, depth + 1)) return false;
      } else if (supported(path)) {
        names.push(relative(root, path));
        if (names.length > MAX_LISTING) return false;
      }
    }
    return true;
  };
  return walk(root, 0) ? names.sort().join('\n') : undefined;
}

function readStored(file: string): Stored | undefined {
  try {
    const text = readStoredText(file);
    if (text === undefined) return undefined;
    const value = JSON.parse(text) as Partial<Stored> | null;
    if (!value || value.format !== FORMAT || !Array.isArray(value.indexes)) return undefined;
    const indexes = value.indexes.filter((s: Partial<StoredIndex> | null) => typeof s?.key === 'string' && isIndex(s.index));
    return { format: value.format, indexes, ...(isTsconfigMemo(value.tsconfig) ? { tsconfig: value.tsconfig } : {}) };
  } catch {
    return undefined; // unreadable or not JSON: a miss
  }
}

function isIndex(value: unknown): value is SourceIndex {
  if (typeof value !== 'object' || value === null) return false;
  const index = value as Record<string, unknown>;
  return (
    typeof index.root === 'string' &&
    typeof index.filesIndexed === 'number' &&
    ['registrations', 'unresolved', 'stdoutWrites', 'throwingHandlers', 'looseZodObjects'].every((k) => Array.isArray(index[k]))
  );
}

function isTsconfigMemo(value: unknown): value is TsconfigMemo {
  if (typeof value !== 'object' || value === null) return false;
  const memo = value as Record<string, unknown>;
  const list = memo.list as Record<string, unknown> | null | undefined;
  return (
    typeof memo.fingerprint === 'string' &&
    Array.isArray(memo.probed) &&
    memo.probed.every((p) => typeof p === 'string') &&
    (list === null || (typeof list === 'object' && list !== undefined && Array.isArray(list.files)))
  );
}

/** Write to a temporary file and rename it over the old one, so readers never see half a file. */
export function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // nothing more to do: the cache only saves time
    }
  }
}

/** fn(), or undefined when it throws: the cache never fails a run. */
function guard<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/**
 * A cache file's text, or undefined when it cannot be read or is larger than any cache mcplint
 * writes (it sits in the linted project's node_modules, so it is read as untrusted too).
 */
export function readStoredText(file: string): string | undefined {
  const read = readSource(file, MAX_STORED_BYTES, 'cache');
  return read && 'text' in read ? read.text : undefined;
}

/** One of mcplint's own files, or undefined when it cannot be read (the caches never fail a run). */
export function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
