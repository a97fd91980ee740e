/**
 * How the source index reads a project file: through the one bounded reader
 * (src/shared/read-bounded.ts), at the index's own per-file cap (limits.ts), with a file over it
 * told apart from one that cannot be read, so the index can name it in a note.
 */
import { readCapped, type FileKind } from '../shared/read-bounded.js';
import { SOURCE_LIMITS } from './limits.js';

export type SourceRead =
  | { readonly text: string; readonly bytes: number }
  /** Larger than the cap (its size when it was looked at): not read. */
  | { readonly tooLarge: number }
  /** Missing, unreadable or not a regular file. */
  | undefined;

export function readSource(path: string, cap: number = SOURCE_LIMITS.fileBytes, kind: FileKind = 'source file'): SourceRead {
  return readCapped(path, kind, cap);
}

/** The text, or '' when the file cannot be read or is over the cap (for the callers that only look). */
export function sourceText(path: string): string {
  const read = readSource(path);
  return read && 'text' in read ? read.text : '';
}
