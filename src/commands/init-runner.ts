/**
 * Whether the command a candidate would run exists here: a bare name is looked up on PATH (with
 * PATHEXT on Windows), a path is looked up from the project folder. Nothing is run.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import type { StdioTarget } from './init-candidate.js';

/** The PATH that `mcplint init` searches; tests pass their own. */
export type SearchPath = string | undefined;

export function onPath(command: string, searchPath: SearchPath): boolean {
  const extensions = process.platform === 'win32' ? ['', ...(process.env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';')] : [''];
  for (const dir of (searchPath ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const extension of extensions) if (isExecutable(join(dir, command + extension))) return true;
  }
  return false;
}

/** Why the target cannot start here, or undefined when its command exists. */
export function missingRunner(target: StdioTarget, cwd: string, searchPath: SearchPath): string | undefined {
  const { command } = target;
  if (/[\\/]/.test(command))
    return isExecutable(isAbsolute(command) ? command : join(cwd, command)) ? undefined : `${command} does not exist`;
  return onPath(command, searchPath) ? undefined : `${command} is not on PATH`;
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (process.platform !== 'win32') accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
