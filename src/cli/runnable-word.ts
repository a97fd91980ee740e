/**
 * Whether a bare word on mcplint's command line could be a server to launch: a file (relative to
 * the working directory) or a program on PATH. `mcplint rulez` is a typo of `rules` only when
 * neither is so (src/cli/unknown-arguments.ts).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

export function isRunnableWord(word: string, cwd: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (word === '' || isFile(resolve(cwd, word))) return true;
  if (isAbsolute(word) || /[\\/]/.test(word)) return false;
  const extensions = process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';')] : [''];
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  return dirs.some((dir) => extensions.some((ext) => isProgram(join(dir, word + ext))));
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isProgram(path: string): boolean {
  if (!isFile(path)) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
