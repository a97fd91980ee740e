/**
 * How the source index reads a project file: only a regular file (a FIFO or a device named like a
 * module must not block or stream forever), and only when it is within the per-file cap
 * (limits.ts), which is checked on the open file before anything is read and holds even if the
 * file grows meanwhile. Every read of a project file's text by the index goes through here.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { SOURCE_LIMITS } from './limits.js';

export type SourceRead =
  | { readonly text: string; readonly bytes: number }
  /** Larger than the cap (its size when it was looked at): not read. */
  | { readonly tooLarge: number }
  /** Missing, unreadable or not a regular file. */
  | undefined;

export function readSource(path: string, cap: number = SOURCE_LIMITS.fileBytes): SourceRead {
  let fd: number;
  try {
    // Non-blocking, so a FIFO with no writer opens at once (and is then refused by its type).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    if (stats.size > cap) return { tooLarge: stats.size };
    // One byte past the cap tells a file that grew beyond it from one that ends exactly there.
    const buffer = Buffer.allocUnsafe(Math.min(stats.size, cap) + 1);
    let bytes = 0;
    for (;;) {
      const n = readSync(fd, buffer, bytes, buffer.length - bytes, null);
      if (n === 0) break;
      bytes += n;
      if (bytes > cap) return { tooLarge: bytes };
      if (bytes === buffer.length) break;
    }
    return { text: buffer.toString('utf8', 0, bytes), bytes };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The text, or '' when the file cannot be read or is over the cap (for the callers that only look). */
export function sourceText(path: string): string {
  const read = readSource(path);
  return read && 'text' in read ? read.text : '';
}
