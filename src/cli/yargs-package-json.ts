/**
 * yargs reads a package.json before mcplint can tell it anything: to guess the program's version
 * it reads the first package.json from the folder before `node_modules` in its own path upward,
 * and from the working directory when its path has none (the bundle in dist/bin, which puts
 * yargs beside this module). Either way that is the linted repository's file, read without a
 * limit and with a blocking open, so it is checked here first: a FIFO, a link to /dev/zero or a
 * file over the package.json cap is one line, not a hang or an out-of-memory crash.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../shared/errors.js';
import { checkBoundedFile } from '../shared/read-bounded.js';

export function checkPackageJsonForYargs(cwd: string): void {
  const self = fileURLToPath(import.meta.url);
  const start = self.substring(0, self.lastIndexOf('node_modules')) || cwd;
  for (let dir = start; ; dir = dirname(dir)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return; // yargs gives up here too
    }
    if (names.includes('package.json')) {
      const path = join(dir, 'package.json');
      try {
        if (statSync(path).isDirectory()) return; // yargs' read fails at once, and it carries on
        checkBoundedFile(path, 'package.json', relative(cwd, path) || path);
      } catch (error) {
        if (error instanceof ConfigError) throw error;
      }
      return;
    }
    if (dirname(dir) === dir) return;
  }
}
