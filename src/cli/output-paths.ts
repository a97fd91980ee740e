/**
 * Every file a lint run will write (--output, --report, --save-capture, the baseline with
 * --update-baseline), checked before the server is launched: missing parent folders are created,
 * and a path that cannot be written (a link, a FIFO, a device, a read-only file…: see
 * src/shared/output-file.ts), or one that two outputs share, is one usage line now rather than a
 * failure (or a report silently replaced by another) after the run.
 */
import { mkdirSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { checkOutputFile, refusedFolder } from '../shared/output-file.js';
import { fileErrorReason } from '../shared/file-errors.js';
import { UsageError } from './usage-error.js';

export interface OutputPath {
  /** The flag as the user wrote it, for the message: "--output out/report.txt". */
  readonly label: string;
  readonly file: string;
}

export function prepareOutputPaths(cwd: string, outputs: readonly OutputPath[]): void {
  refuseSharedPaths(cwd, outputs);
  for (const { label, file } of outputs) prepareOutputPath(cwd, label, resolve(cwd, file));
}

/** Two outputs to one file: the one written last would replace the other without a word. */
function refuseSharedPaths(cwd: string, outputs: readonly OutputPath[]): void {
  const first = new Map<string, string>();
  for (const { label, file } of outputs) {
    const path = realParent(resolve(cwd, file));
    const earlier = first.get(path);
    if (earlier) throw new UsageError(`${earlier} and ${label} would write the same file; give each its own path`);
    first.set(path, label);
  }
}

/** The path with its folder's links resolved (out/r.json and ./link-to-out/r.json are one file). */
function realParent(path: string): string {
  try {
    return join(realpathSync(dirname(path)), basename(path));
  } catch {
    return path; // a folder still to be created: no link in it yet
  }
}

function prepareOutputPath(cwd: string, label: string, path: string): void {
  const refuse = (why: string): never => {
    throw new UsageError(`${label}: ${why}`);
  };
  // Before any folder is made: mkdir would make it wherever a linked folder points.
  const linked = refusedFolder(path, cwd);
  if (linked) refuse(linked);
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const parentIsFile = code === 'ENOTDIR' || code === 'EEXIST';
    refuse(parentIsFile ? 'a parent of it is a file, not a folder' : `cannot create its folder (${fileErrorReason(error)})`);
  }
  checkOutputFile(path, label, cwd);
}
