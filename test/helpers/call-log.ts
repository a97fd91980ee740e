/** The JSON-lines log the probe fixtures write of every request they receive (one object a line). */
import { existsSync, readFileSync } from 'node:fs';

/** The logged requests, in order; none when the server never wrote the file. */
export function readCallLog<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
