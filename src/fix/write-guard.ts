/**
 * Where a fix may write: only inside the server's project root (the source index's root), never
 * under node_modules or a Python virtual environment, never a build output (dist/, build/, out/)
 * that has a source beside it — the source is what to fix — and never through a link. Checked
 * with lstat only, before anything is written (write-fixes.ts).
 */
import { existsSync, lstatSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

const VENDORED = new Set(['node_modules', '.venv', 'venv', 'site-packages', '__pypackages__']);
const BUILD_OUTPUT = new Set(['dist', 'build', 'out']);

/** Why `path` (absolute) may not be fixed in a project at `root`, or undefined when it may. */
export function refusedFixTarget(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return `is outside the server's project root ${root}`;
  const parts = rel.split(sep);
  const vendored = parts.slice(0, -1).find((p) => VENDORED.has(p));
  if (vendored) return `is under ${vendored}/: mcplint fixes the project's own code, never installed packages`;
  for (let i = 1; i < parts.length; i++) {
    const folder = join(root, ...parts.slice(0, i));
    const stats = lstatSync(folder, { throwIfNoEntry: false });
    if (stats?.isSymbolicLink()) return `its folder ${parts.slice(0, i).join('/')} is a symbolic link; mcplint never writes through a link`;
    if (existsSync(join(folder, 'pyvenv.cfg'))) return `is in a Python virtual environment (${parts.slice(0, i).join('/')})`;
  }
  const build = parts.findIndex((p) => BUILD_OUTPUT.has(p));
  if (build !== -1 && build < parts.length - 1) {
    const source = sourceBeside(root, parts, build);
    if (source)
      return `is build output (${parts.slice(0, build + 1).join('/')}/) and its source ${source} is beside it: fix the source, then rebuild (--fix-build)`;
  }
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats) return 'no longer exists';
  if (stats.isSymbolicLink()) return 'is a symbolic link; mcplint never writes through a link';
  if (!stats.isFile()) return 'is not a regular file';
  return undefined;
}

/** The source a built file comes from, when one is there: src/<same path>.ts, or a tsconfig.json beside the build folder. */
function sourceBeside(root: string, parts: readonly string[], build: number): string | undefined {
  const base = parts.slice(0, build);
  const inside = parts
    .slice(build + 1)
    .join('/')
    .replace(/\.(?:m|c)?js$/, '');
  for (const ext of ['.ts', '.mts', '.cts', '.tsx']) {
    const candidate = [...base, 'src', `${inside}${ext}`].join('/');
    if (existsSync(join(root, candidate))) return candidate;
  }
  const tsconfig = [...base, 'tsconfig.json'].join('/');
  return existsSync(join(root, tsconfig)) ? tsconfig : undefined;
}
