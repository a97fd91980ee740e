/**
 * The on-disk cache of the Python source index, beside the TypeScript one and with its policy
 * (../cache.ts: `node_modules/.cache/mcplint/` of the project or above, or $MCPLINT_CACHE_DIR;
 * nowhere else): keyed by the collected files' paths and texts, the entry and the indexer's own
 * code, so a repeated lint of unchanged code neither loads tree-sitter nor parses. Collecting the
 * files runs every time (it needs no parser), so a new module that an import now finds changes
 * the key. Failures are misses.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from '../../shared/version.js';
import { cacheFile, readStoredText, readText, writeAtomically } from '../cache.js';
import type { SourceIndex } from '../../model/source-index.js';
import type { CollectedPythonFiles } from './files.js';

const FORMAT = 2;
const MAX_INDEXES = 8;

interface Stored {
  readonly format: number;
  readonly indexes: readonly { readonly key: string; readonly index: SourceIndex }[];
}

export interface PythonIndexCache {
  get(collected: CollectedPythonFiles): SourceIndex | undefined;
  set(index: SourceIndex): void;
}

export function openPythonIndexCache(root: string): PythonIndexCache | undefined {
  const shared = cacheFile(root);
  if (!shared) return undefined;
  const file = join(dirname(shared), basename(shared).replace(/^source-index-/, 'python-index-'));
  const stored = read(file);
  let key: string | undefined;
  return {
    get(collected) {
      key = indexKey(root, collected);
      return stored?.indexes.find((s) => s.key === key)?.index;
    },
    set(index) {
      if (!key) return;
      const indexes = [{ key, index }, ...(stored?.indexes ?? []).filter((s) => s.key !== key)].slice(0, MAX_INDEXES);
      writeAtomically(file, JSON.stringify({ format: FORMAT, indexes } satisfies Stored));
    },
  };
}

function indexKey(root: string, collected: CollectedPythonFiles): string {
  const hash = createHash('sha256');
  const field = (value: string) => hash.update(`${value.length}:`).update(value);
  field(codeStamp());
  field(root);
  field(collected.entry ?? '');
  for (const [path, text] of collected.texts) {
    field(path);
    field(text);
  }
  // What the limits left out is part of the index (a new oversized module changes its notes).
  field(JSON.stringify(collected.leftOut ?? null));
  return hash.digest('hex');
}

let stamp: string | undefined;
/** mcplint's version and this folder's modules (in a bundle, every script of it). */
function codeStamp(): string {
  if (stamp) return stamp;
  const self = fileURLToPath(import.meta.url);
  const dir = dirname(self);
  const ext = extname(self);
  const hash = createHash('sha256').update(`mcplint python index ${FORMAT} ${VERSION}`);
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => (f.endsWith(ext) || /\.[cm]?js$/.test(f)) && !f.endsWith('.d.ts'))
      .sort();
  } catch {
    // no folder listing: the version alone
  }
  for (const f of files) hash.update('\0').update(readText(join(dir, f)) ?? '');
  return (stamp = hash.digest('hex'));
}

function read(file: string): Stored | undefined {
  try {
    const text = readStoredText(file);
    if (text === undefined) return undefined;
    const value = JSON.parse(text) as Partial<Stored> | null;
    if (!value || value.format !== FORMAT || !Array.isArray(value.indexes)) return undefined;
    return { format: FORMAT, indexes: value.indexes.filter((s) => typeof s?.key === 'string' && typeof s.index?.root === 'string') };
  } catch {
    return undefined;
  }
}
