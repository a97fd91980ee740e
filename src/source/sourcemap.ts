/**
 * Just enough of source maps to go from a built file back to the files it was compiled from: the
 * `//# sourceMappingURL=` comment (a file next to it or an inline data: URL) and the map's
 * `sources`. Positions are never translated: the originals are indexed directly.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOURCE_LIMITS } from './limits.js';
import { readSource } from './read-source.js';
import { isFile } from '../shared/file-kind.js';

/** Sources of one map looked at: a map naming more bundles dependencies, not the project's own code. */
const MAX_SOURCES = 10_000;
const MAPPING_URL = /\/\/[#@]\s*sourceMappingURL=(\S+)\s*$/;

/** The sourceMappingURL of a file's text (last one wins), if any. */
export function sourceMappingUrl(text: string): string | undefined {
  const tail = text.slice(-4096).trimEnd().split('\n');
  for (let i = tail.length - 1; i >= 0 && i >= tail.length - 3; i--) {
    const match = MAPPING_URL.exec(tail[i]!.trim());
    if (match) return match[1];
  }
  return undefined;
}

interface RawMap {
  readonly sources?: readonly (string | null)[];
  readonly sourceRoot?: string;
}

function readMap(file: string, url: string, exists: (path: string) => boolean): { map: RawMap; base: string } | undefined {
  try {
    if (url.startsWith('data:')) {
      const comma = url.indexOf(',');
      if (comma === -1) return undefined;
      const meta = url.slice(5, comma);
      const payload = url.slice(comma + 1);
      const json = meta.endsWith(';base64') ? Buffer.from(payload, 'base64').toString('utf8') : decodeURIComponent(payload);
      return { map: JSON.parse(json) as RawMap, base: dirname(file) };
    }
    const path = url.startsWith('file:') ? fileURLToPath(url) : resolve(dirname(file), decodeURIComponent(url));
    if (!exists(path)) return undefined;
    const read = readSource(path, SOURCE_LIMITS.sourceMapBytes, 'source map');
    if (!read || !('text' in read)) return undefined;
    return { map: JSON.parse(read.text) as RawMap, base: dirname(path) };
  } catch {
    return undefined;
  }
}

/**
 * The original files a built file was compiled from, absolute, that exist on disk. Empty when the
 * file has no map, the map is unreadable or over its cap, or none of its sources exist (then index
 * the built file). `exists` answers whether a path is a file (a collector passes its cached lookup).
 */
export function originalSources(file: string, text: string, exists: (path: string) => boolean = isFile): string[] {
  const url = sourceMappingUrl(text);
  if (!url) return [];
  const read = readMap(file, url, exists);
  if (!read || !Array.isArray(read.map.sources)) return [];
  const root = typeof read.map.sourceRoot === 'string' ? read.map.sourceRoot : '';
  const out = new Set<string>();
  for (const source of read.map.sources.slice(0, MAX_SOURCES)) {
    if (typeof source !== 'string' || source === '') continue;
    let path: string;
    if (source.startsWith('file:')) {
      try {
        path = fileURLToPath(source);
      } catch {
        continue;
      }
    } else if (/^[a-z][a-z0-9+.-]*:/i.test(source)) {
      continue; // webpack://, http:// … — not a file we can read
    } else {
      path = resolve(read.base, root, source);
    }
    if (!out.has(path) && exists(path)) out.add(path);
  }
  return [...out];
}
