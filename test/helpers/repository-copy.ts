/**
 * A copy of this working tree (tracked and untracked files git does not ignore, so uncommitted
 * work is in it) in a temporary folder, sharing node_modules: for tests that run the project's own
 * scripts or test files on a tree they may change.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './capture.js';

/** Copy the tree into `dest`, leaving out the top-level folders named in `skip`. */
export function copyRepository(dest: string, skip: readonly string[] = []): void {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !skip.includes(file.split('/')[0]!));
  for (const file of files) {
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(dest, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dest, 'node_modules'), 'dir');
}
