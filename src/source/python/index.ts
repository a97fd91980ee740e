/**
 * The Python source index: the same SourceIndex the TypeScript index produces (so locate() and
 * the source rules work unchanged), from a Python project. Files are collected without a parser
 * (files.ts); tree-sitter loads only when some file is worth parsing and the cache has no index
 * for exactly these files.
 */
import { resolve } from 'node:path';
import { withEvaluation } from '../evaluation.js';
import type { SourceIndex } from '../../model/source-index.js';
import { openPythonIndexCache } from './cache.js';
import { collectPythonFiles, relativeTo } from './files.js';
import { envReads } from '../extract/env-reads.js';

export interface PythonIndexOptions {
  /** Absolute path of the launched module; the index then follows its imports. */
  readonly entry?: string;
  /** Reuse and keep the index in the on-disk cache (off by default, as for the TypeScript index). */
  readonly cache?: boolean;
}

/** Code the extractor could find something in; when no file matches, parsing is skipped. */
const WORTH_PARSING = /\.\s*(?:tool|prompt|resource|add_tool|add_prompt|list_tools|call_tool)\b|\bprint\s*\(|\bpprint\b|\bstdout\b/;

export async function buildPythonSourceIndex(rootDir: string, options: PythonIndexOptions = {}): Promise<SourceIndex> {
  const root = resolve(rootDir);
  const collected = collectPythonFiles(root, options.entry);
  const cache = options.cache ? openPythonIndexCache(root) : undefined;
  const cached = cache?.get(collected);
  if (cached) return withEvaluation(cached);
  const base = {
    language: 'python' as const,
    root,
    ...(collected.entry ? { entry: relativeTo(root)(collected.entry) } : {}),
    filesIndexed: collected.texts.size,
    ...(collected.leftOut ? { leftOut: collected.leftOut } : {}),
    envReads: envReads(collected.texts, root),
  };
  let index: SourceIndex;
  if (![...collected.texts.values()].some((text) => WORTH_PARSING.test(text))) {
    index = {
      ...base,
      registrations: [],
      unresolved: [],
      stdoutWrites: [],
      throwingHandlers: [],
      looseZodObjects: [],
      syncNetworkCalls: [],
    };
  } else {
    const { parseAndExtractPython } = await import('./extract.js');
    index = { ...base, ...(await parseAndExtractPython(collected.texts, root)) };
  }
  cache?.set(index);
  return withEvaluation(index);
}

/**
 * The index from the on-disk cache, or undefined (a miss, or no place for a cache). Never loads
 * tree-sitter, so the caller looks in its own thread and starts the indexing worker only on a miss.
 */
export function cachedPythonSourceIndex(rootDir: string, options: PythonIndexOptions = {}): SourceIndex | undefined {
  const root = resolve(rootDir);
  const cache = openPythonIndexCache(root);
  if (!cache) return undefined;
  const hit = cache.get(collectPythonFiles(root, options.entry));
  return hit ? withEvaluation(hit) : undefined;
}
