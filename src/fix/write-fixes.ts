/**
 * Writing fixed files, and putting them back. Each file is checked where it lies
 * (write-guard.ts) and read again right before it is replaced: a file whose content no longer has
 * the SHA-256 its edits were computed against changed since it was read, and is left alone. The
 * write is the one atomic write (src/shared/output-file.ts: a temporary file beside it, renamed
 * over it). Restoring writes back the text that was read, the same way.
 */
import { relative, sep } from 'node:path';
import { writeOutputFile } from '../shared/output-file.js';
import { readForFix, type ReadFile } from './fix-files.js';
import type { FileChange } from './select-fixes.js';
import { refusedFixTarget } from './write-guard.js';

export interface RefusedFile {
  /** Relative to the working directory. */
  readonly file: string;
  readonly reason: string;
  readonly change: FileChange;
}

export interface Written {
  readonly written: readonly FileChange[];
  readonly refused: readonly RefusedFile[];
}

const shown = (cwd: string, path: string): string => relative(cwd, path).split(sep).join('/') || path;

/** Why a change may not be written, or undefined (the guard, then the hash). */
export function refusedChange(change: FileChange, root: string): string | undefined {
  const guarded = refusedFixTarget(root, change.file.path);
  if (guarded) return guarded;
  const now = readForFix(change.file.path);
  if (!now || now.sha256 !== change.file.sha256) return 'changed since mcplint read it (its SHA-256 differs); run again';
  return undefined;
}

export function writeChanges(changes: readonly FileChange[], root: string, cwd: string): Written {
  const written: FileChange[] = [];
  const refused: RefusedFile[] = [];
  for (const change of changes) {
    const reason = refusedChange(change, root);
    if (reason) {
      refused.push({ file: shown(cwd, change.file.path), reason, change });
      continue;
    }
    writeOutputFile(change.file.path, change.after, shown(cwd, change.file.path));
    written.push(change);
  }
  return { written, refused };
}

/** Every file back to the text read before fixing (the bytes it had: only valid UTF-8 files are edited). */
export function restore(files: readonly ReadFile[], cwd: string): void {
  for (const file of files) writeOutputFile(file.path, file.text, shown(cwd, file.path));
}
