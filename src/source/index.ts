/**
 * The source index: which files make up the server (files.ts, no compiler needed) and what they
 * say (extract.ts, ts-morph). Loaded only through a dynamic import() when source mapping runs, and
 * even then the TypeScript compiler is loaded only when some file is worth parsing: one that
 * registers tools, prompts or resources, sets request handlers, or writes to stdout. So
 * `mcplint --version`, `--no-source` runs and servers whose code has none of that never pay for it,
 * nor does a repeated lint whose files are unchanged (the on-disk cache, cache.ts).
 *
 * Which files: when the launched script is known and inside the project, the script and every
 * file it imports through relative paths (the code that actually runs); otherwise the whole
 * project — the files of its tsconfig.json when there is one, plus all JS files — without
 * node_modules and build output. A built file (in dist/, build/, out/ or with a
 * `sourceMappingURL`) is replaced by the original files its source map names, when they exist.
 */
import { join, relative, resolve, sep } from 'node:path';
import { openSourceIndexCache, type TsconfigList } from './cache.js';
import { withEvaluation } from './evaluation.js';
import { collectFiles } from './files.js';
import { isFile } from '../shared/file-kind.js';
import type { SourceIndex } from '../model/source-index.js';
import { readTextIfReadable } from '../shared/read-bounded.js';
import { envReads } from './extract/env-reads.js';

export type { SourceIndex } from '../model/source-index.js';

export interface SourceIndexOptions {
  /** Absolute path of the script the server is launched with; the index then follows its imports. */
  readonly entry?: string;
  /**
   * Reuse and keep the index in the on-disk cache (cache.ts); a hit never loads the compiler.
   * Off by default: library callers get a fresh build; lint() turns it on unless --no-cache.
   */
  readonly cache?: boolean;
}

/**
 * Code the extractor could find something in: registrations and request handlers, or writes to
 * stdout outside a module that starts an HTTP server (the extractor excuses those). When no file
 * matches, parsing would find nothing either, so the compiler is not loaded at all.
 */
const REGISTERS = /\b(?:registerTool|registerPrompt|registerResource|setRequestHandler)\s*\(|\.\s*(?:tool|prompt|resource)\s*\(/;
const WRITES_STDOUT =
  /\bconsole\s*\.\s*(?:log|info|debug|dir|dirxml|table|count|timeLog|timeEnd|group|groupCollapsed)\s*\(|\bprocess\s*\.\s*stdout\s*\.\s*write\s*\(\s*['"`]/;
const STARTS_HTTP = /\.listen\s*\(|\bnew\s+(?:StreamableHTTPServerTransport|SSEServerTransport)\s*\(/;
const worthParsing = (text: string): boolean => REGISTERS.test(text) || (WRITES_STDOUT.test(text) && !STARTS_HTTP.test(text));

export async function buildSourceIndex(rootDir: string, options: SourceIndexOptions = {}): Promise<SourceIndex> {
  return withEvaluation(await buildCodeIndex(rootDir, options));
}

async function buildCodeIndex(rootDir: string, options: SourceIndexOptions): Promise<SourceIndex> {
  const absolute = resolve(rootDir);
  const cache = options.cache ? openSourceIndexCache(absolute) : undefined;
  const collected = await collectFiles(absolute, {
    ...(options.entry ? { entry: options.entry } : {}),
    tsconfigFiles: cache ? (root) => cache.tsconfigFiles(root, tsconfigFiles) : (root) => tsconfigFiles(root),
  });
  const cached = cache?.get(collected, options.entry);
  if (cached) return cached;
  const rel = (path: string) => relative(absolute, path).split(sep).join('/');
  const base = {
    root: absolute,
    ...(collected.entry ? { entry: rel(collected.entry) } : {}),
    filesIndexed: collected.texts.size,
    ...(collected.leftOut ? { leftOut: collected.leftOut } : {}),
    envReads: envReads(collected.texts, absolute),
  };
  const worth = [...collected.texts.values()].some(worthParsing);
  if (!worth) {
    // Kept too: a hit then spares the caller the worker thread it would start to find this out.
    const empty = { ...base, registrations: [], unresolved: [], stdoutWrites: [], throwingHandlers: [], looseZodObjects: [] };
    cache?.set(empty);
    return empty;
  }
  const { parseAndExtract } = await import('./extract.js');
  const index = { ...base, ...parseAndExtract(collected.texts, absolute) };
  cache?.set(index);
  return index;
}

/** Thrown to stop a cache lookup that would need the compiler (an unknown tsconfig.json list). */
class NeedsCompiler extends Error {}

/**
 * The index from the on-disk cache, or undefined (a miss, or no place for a cache). Never loads
 * the compiler, so the caller can look in its own thread and start the worker only on a miss
 * (a thread costs tens of milliseconds to start, which a hit does not need to pay).
 */
export async function cachedSourceIndex(rootDir: string, options: SourceIndexOptions = {}): Promise<SourceIndex | undefined> {
  const absolute = resolve(rootDir);
  const cache = openSourceIndexCache(absolute);
  if (!cache) return undefined;
  try {
    const collected = await collectFiles(absolute, {
      ...(options.entry ? { entry: options.entry } : {}),
      tsconfigFiles: (root) =>
        cache.tsconfigFiles(root, () => {
          throw new NeedsCompiler();
        }),
    });
    const hit = cache.get(collected, options.entry);
    return hit ? withEvaluation(hit) : undefined;
  } catch (error) {
    if (error instanceof NeedsCompiler) return undefined;
    throw error;
  }
}

/**
 * tsconfig.json's file list (and outDir), read with the compiler's own parser. `probed` hears of
 * every file and folder the parser reads or looks for (what the cache must watch).
 */
async function tsconfigFiles(root: string, probed: (path: string) => void = () => {}): Promise<TsconfigList | undefined> {
  const path = join(root, 'tsconfig.json');
  probed(path);
  if (!isFile(path)) return undefined;
  try {
    const { ts } = await import('ts-morph');
    const host: import('ts-morph').ts.ParseConfigHost = {
      useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
      readDirectory: (...args) => ts.sys.readDirectory(...args),
      fileExists: (file) => (probed(file), ts.sys.fileExists(file)),
      readFile: (file) => (probed(file), readTextIfReadable(file, 'source file')),
      directoryExists: (dir) => (probed(dir), ts.sys.directoryExists(dir)),
      realpath: (file) => ts.sys.realpath?.(file) ?? file,
      getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
    };
    const read = ts.readConfigFile(path, host.readFile);
    if (read.error) return undefined;
    const parsed = ts.parseJsonConfigFileContent(read.config, host, root);
    return { files: parsed.fileNames, ...(parsed.options.outDir ? { outDir: parsed.options.outDir } : {}) };
  } catch {
    return undefined; // an unreadable tsconfig.json: walk the tree instead
  }
}
