/**
 * Whether the command a candidate would run exists here: a bare name is looked up on PATH (with
 * PATHEXT on Windows), a path is looked up from the project folder. Nothing is run.
 */
import { isAbsolute, join } from 'node:path';
import { isExecutableFile, onPath } from '../shared/program-on-path.js';
import type { StdioTarget } from './init-candidate.js';

/** The PATH that `mcplint init` searches; tests pass their own. */
export type SearchPath = string | undefined;

/** Why the target cannot start here, or undefined when its command exists. */
export function missingRunner(target: StdioTarget, cwd: string, searchPath: SearchPath): string | undefined {
  const { command } = target;
  if (/[\\/]/.test(command))
    return isExecutableFile(isAbsolute(command) ? command : join(cwd, command)) ? undefined : `${command} does not exist`;
  return onPath(command, searchPath) ? undefined : `${command} is not on PATH`;
}
