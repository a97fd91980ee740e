/**
 * On Node 22.1 and later, V8's compiled code of the modules mcplint loads is kept on disk
 * (`module.enableCompileCache`), so a run does not compile about 1 MB of bundle again. On
 * Node 22.23 this took `--from` the 188-tool capture from 323 to 303 ms (docs/performance.md).
 * Node 20 has no such cache, and there nothing happens.
 *
 * The cache lives beside mcplint's own code, not in the shared temporary folder that Node
 * uses by default. In a temporary folder, another user of the machine could plant compiled code.
 * Beside mcplint's code, whoever can write there can already change the code itself. When the
 * folder cannot be written (a global install owned by root), Node goes on without a cache. A
 * cache the user chose (`NODE_COMPILE_CACHE`) or turned off (`NODE_DISABLE_COMPILE_CACHE`)
 * is left as it is.
 */
import module from 'node:module';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../shared/paths.js';

type EnableCompileCache = (directory: string) => unknown;

export function compileCacheDirectory(root: string = PACKAGE_ROOT): string {
  return join(root, 'node_modules', '.cache', 'mcplint-compile');
}

export function enableCompileCache(
  enable: EnableCompileCache | undefined = (module as { enableCompileCache?: EnableCompileCache }).enableCompileCache,
  env: NodeJS.ProcessEnv = process.env,
  root: string = PACKAGE_ROOT,
): boolean {
  if (!enable || env.NODE_COMPILE_CACHE !== undefined || env.NODE_DISABLE_COMPILE_CACHE !== undefined) return false;
  try {
    enable(compileCacheDirectory(root));
    return true;
  } catch {
    return false; // no cache: a run only compiles again
  }
}
