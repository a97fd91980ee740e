/**
 * The files a fix run edits, each read once through the one bounded read (src/shared/read-bounded.ts)
 * and kept with the SHA-256 of its content: every edit records the hash of the text it was
 * computed against, and the writer (write-fixes.ts) refuses a file whose content changed since.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { readTextIfReadable } from '../shared/read-bounded.js';

export interface ReadFile {
  /** Absolute path. */
  readonly path: string;
  readonly text: string;
  readonly sha256: string;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A file's text and hash, or undefined when it cannot be read (or is not valid UTF-8, which an edit could not write back byte for byte). */
export function readForFix(path: string): ReadFile | undefined {
  const text = readTextIfReadable(path, 'source file');
  if (text === undefined || text.includes('\uFFFD')) return undefined;
  return { path, text, sha256: sha256(text) };
}

export class FixFiles {
  private readonly files = new Map<string, ReadFile | undefined>();

  /** `root`: the project root the source index's relative paths start from. */
  constructor(readonly root: string) {}

  /** The file at a source-index path (relative to the root), read on first use. */
  get(file: string): ReadFile | undefined {
    const path = resolve(this.root, file);
    if (!this.files.has(path)) this.files.set(path, readForFix(path));
    return this.files.get(path);
  }
}

/** The offset of a 1-based line and column in `text` (columns as the source index counts them). */
export function offsetAt(text: string, line: number, column: number): number | undefined {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', start);
    if (next === -1) return undefined;
    start = next + 1;
  }
  const offset = start + column - 1;
  return offset <= text.length ? offset : undefined;
}
