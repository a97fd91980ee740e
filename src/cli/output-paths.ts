/**
 * Every file a lint run will write (--output, --report, --save-capture, the baseline with
 * --update-baseline), checked before the server is launched: missing parent folders are created,
 * and a path that cannot be written is one usage line now rather than a stack trace after the run.
 */
import { closeSync, constants, existsSync, mkdirSync, openSync, statSync, unlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './usage-error.js';

export interface OutputPath {
  /** The flag as the user wrote it, for the message: "--output out/report.txt". */
  readonly label: string;
  readonly file: string;
}

export function prepareOutputPaths(cwd: string, outputs: readonly OutputPath[]): void {
  for (const { label, file } of outputs) prepareOutputPath(label, resolve(cwd, file));
}

function prepareOutputPath(label: string, path: string): void {
  const refuse = (why: string): never => {
    throw new UsageError(`${label}: ${why}`);
  };
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const parentIsFile = code === 'ENOTDIR' || code === 'EEXIST';
    refuse(parentIsFile ? 'a parent of it is a file, not a folder' : `cannot create its folder (${describe(code)})`);
  }
  if (existsSync(path) && statSync(path).isDirectory()) refuse('is a folder, not a file');
  // Opening is the only honest test (root passes access() checks, read-only mounts do not show in modes).
  try {
    if (existsSync(path)) closeSync(openSync(path, constants.O_WRONLY));
    else {
      closeSync(openSync(path, 'wx'));
      unlinkSync(path);
    }
  } catch (error) {
    refuse(`cannot be written (${describe((error as NodeJS.ErrnoException).code)})`);
  }
}

function describe(code: string | undefined): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'EISDIR':
      return 'it is a folder';
    case 'ENOTDIR':
      return 'a parent of it is a file, not a folder';
    default:
      return code ?? 'unknown error';
  }
}
