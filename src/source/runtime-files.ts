/**
 * What a published package runs: its entry files and every file they import through relative
 * paths, transitively, with the packages each imports — read lexically, like the source index's
 * own file walk (files.ts, import-scan.ts), within the index's limits. For the packed-package
 * check (src/session/packed.ts): each of these files must be in the package, and each package a
 * dependency rather than a devDependency.
 */
import { relative, sep } from 'node:path';
import { resolveRelative } from './files.js';
import { moduleReferences, packageSpecifiers } from './import-scan.js';
import { SOURCE_LIMITS } from './limits.js';
import { sourceText } from './read-source.js';

export interface RuntimeFiles {
  /** Relative to the root, `/` separators, entries first. */
  readonly files: readonly string[];
  /** Each imported package, with the first file that imports it. */
  readonly packages: readonly { readonly name: string; readonly file: string }[];
  /** The walk stopped at the file limit. */
  readonly truncated: boolean;
}

export function runtimeFiles(entries: readonly string[], root: string): RuntimeFiles {
  const rel = (path: string) => relative(root, path).split(sep).join('/');
  const seen = new Set<string>();
  const queue = [...entries];
  const files: string[] = [];
  const packages = new Map<string, string>();
  let truncated = false;
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    if (seen.size >= SOURCE_LIMITS.files) {
      truncated = true;
      break;
    }
    seen.add(path);
    files.push(rel(path));
    const text = sourceText(path);
    for (const name of packageSpecifiers(text)) if (!packages.has(name)) packages.set(name, rel(path));
    for (const specifier of moduleReferences(text).specifiers) {
      const target = resolveRelative(path, specifier);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return { files, packages: [...packages].map(([name, file]) => ({ name, file })), truncated };
}
