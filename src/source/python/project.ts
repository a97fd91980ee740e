/**
 * Where a Python project starts and how its modules map to files, read from the file system only
 * (no parser): the nearest pyproject.toml, setup.cfg, setup.py or requirements.txt is the root;
 * absolute imports resolve on the root itself (flat layout), its `src/` (src layout) and the
 * launched script's folder (which Python puts first on sys.path).
 */
import { dirname, join, sep } from 'node:path';
import { isDirectory, isFile } from '../../shared/file-kind.js';

export const PROJECT_MARKERS = ['pyproject.toml', 'setup.cfg', 'setup.py', 'requirements.txt'] as const;

/** Folders that hold installed or generated code, never the project's own. */
export const SKIP_PYTHON_DIRS = new Set([
  '.venv',
  'venv',
  'env',
  '.env',
  '.tox',
  '.nox',
  '.git',
  '__pycache__',
  'node_modules',
  'site-packages',
  'build',
  'dist',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
]);

/** The nearest directory at or above `from` holding a Python project marker. */
export function pythonProjectRoot(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (PROJECT_MARKERS.some((marker) => isFile(join(dir, marker)))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Folders absolute imports are looked up in, best first. */
export function importRoots(root: string, entry: string | undefined): string[] {
  const roots = [root, join(root, 'src')];
  if (entry && !roots.includes(dirname(entry))) roots.unshift(dirname(entry));
  return roots.filter(isDirectory);
}

/**
 * The file of a dotted module name (`pkg.tools` → pkg/tools.py or pkg/tools/__init__.py) under one
 * of `roots`. `exists` answers whether a path is a file (a collector passes its cached lookup).
 */
export function moduleFile(dotted: string, roots: readonly string[], exists: (path: string) => boolean = isFile): string | undefined {
  if (!/^[A-Za-z_][\w.]*$/.test(dotted)) return undefined;
  const parts = dotted.split('.');
  for (const base of roots) {
    const found = moduleFileIn(join(base, ...parts), exists);
    if (found) return found;
  }
  return undefined;
}

/** `path.py`, else `path/__init__.py`. */
export function moduleFileIn(path: string, exists: (path: string) => boolean = isFile): string | undefined {
  if (exists(`${path}.py`)) return `${path}.py`;
  if (exists(join(path, '__init__.py'))) return join(path, '__init__.py');
  return undefined;
}

/** The module `python -m name` runs: name.py, or name/__main__.py for a package. */
export function runnableModuleFile(dotted: string, roots: readonly string[]): string | undefined {
  if (!/^[A-Za-z_][\w.]*$/.test(dotted)) return undefined;
  const parts = dotted.split('.');
  for (const base of roots) {
    const path = join(base, ...parts);
    if (isFile(`${path}.py`)) return `${path}.py`;
    if (isFile(join(path, '__main__.py'))) return join(path, '__main__.py');
  }
  return undefined;
}

/** Whether a path lies in a folder of installed or generated code. */
export function inSkippedDir(path: string): boolean {
  return path.split(sep).some((part) => SKIP_PYTHON_DIRS.has(part));
}
