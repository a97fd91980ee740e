/**
 * Whether a bare word on mcplint's command line could be a server to launch: a file (relative to
 * the working directory) or a program on PATH. `mcplint rulez` is a typo of `rules` only when
 * neither is so (src/cli/unknown-arguments.ts).
 */
import { isAbsolute, resolve } from 'node:path';
import { onPath } from '../shared/program-on-path.js';
import { isFile } from '../shared/file-kind.js';

export function isRunnableWord(word: string, cwd: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (word === '' || isFile(resolve(cwd, word))) return true;
  if (isAbsolute(word) || /[\\/]/.test(word)) return false;
  return onPath(word, env.PATH);
}
