/**
 * The reports given to `mcplint merge`, read within a cap on their sum as well as each file's own
 * (src/shared/read-bounded.ts): every report is held at once, and the merged report is written as
 * one string, which past a few hundred MiB exceeds what a JavaScript string can hold.
 */
import { statSync } from 'node:fs';
import { ConfigError } from '../shared/errors.js';
import { FILE_CAPS, readInputText } from '../shared/read-bounded.js';

/** The most the reports of one merge may add up to: what one report may be. */
export const MERGE_TOTAL_CAP = FILE_CAPS.report;

/** Each report as [label for messages, text], in the order given; one ConfigError line if their sum passes `totalCap` bytes. */
export function readMergeInputs(
  files: readonly { readonly label: string; readonly path: string }[],
  totalCap: number = MERGE_TOTAL_CAP,
): [string, string][] {
  // The sizes first, so reports too large together are refused before any is read.
  let declared = 0;
  for (const { path } of files) declared += sizeOf(path);
  if (declared > totalCap) throw tooMuch(files.length, declared, totalCap);
  let read = 0;
  return files.map(({ label, path }) => {
    const text = readInputText(path, 'report', `merge ${label}`);
    // A file may grow between the stat and the read.
    read += Buffer.byteLength(text);
    if (read > totalCap) throw tooMuch(files.length, read, totalCap);
    return [label, text];
  });
}

/** 0 when the file cannot be stat'ed: reading it then words the problem (not found, a FIFO…). */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function tooMuch(files: number, bytes: number, cap: number): ConfigError {
  return new ConfigError(
    `merge: the ${files} reports add up to more than the ${mib(cap)} a merge reads (${bytes} bytes); merge fewer shards at once (e.g. half the matrix per merge, each into its own report)`,
  );
}

function mib(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? `${value} MiB` : `${bytes} bytes`;
}
