/**
 * Whether a path is a regular file or a folder (links followed), the one test every layer asks
 * before reading: false when the path cannot be looked at at all (gone, a broken link, no
 * permission), never an exception.
 */
import { statSync } from 'node:fs';

export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
