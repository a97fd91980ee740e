/**
 * Whether a program exists here, without running it: a bare name is looked up on a PATH (with
 * PATHEXT on Windows), and a file counts when it is a regular file the user may execute. `init`
 * (which runners exist) and the CLI (is `mcplint rulez` a server or a typo?) ask the same question.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Whether `command` (a bare name) is a program in one of `searchPath`'s folders. */
export function onPath(command: string, searchPath: string | undefined): boolean {
  const extensions = process.platform === 'win32' ? ['', ...(process.env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';')] : [''];
  for (const dir of (searchPath ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const extension of extensions) if (isExecutableFile(join(dir, command + extension))) return true;
  }
  return false;
}

/** A regular file, executable by this user (on Windows: any regular file). */
export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (process.platform !== 'win32') accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
