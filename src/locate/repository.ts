/**
 * The repository a SARIF upload describes, and which of its files a result may point at. GitHub
 * code scanning shows an alert only on a file of the analysed commit: a path outside the checkout,
 * inside node_modules, git-ignored or missing gives an alert nobody can open.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isFile } from '../shared/file-kind.js';

/** The nearest directory at or above `from` holding `.git` (a directory, or a worktree's file). */
export function gitRoot(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

export interface RepositoryFiles {
  /** Absolute path of the repository root. */
  readonly root: string;
  /** The path relative to the root with `/` separators, when a result may point at it; else undefined. */
  uriOf(absolutePath: string): string | undefined;
}

/**
 * `root`: the git root of `cwd` (what a CI checkout uploads); outside a work tree, that of
 * --project or --project itself; else `cwd`.
 */
export function repositoryFiles(cwd: string, project?: string): RepositoryFiles {
  const projectDir = project ? resolve(cwd, project) : undefined;
  const root = gitRoot(cwd) ?? (projectDir ? (gitRoot(projectDir) ?? projectDir) : resolve(cwd));
  const answers = new Map<string, string | undefined>();
  const ignored = gitIgnoreCheck(root);
  return {
    root,
    uriOf(absolutePath) {
      const path = resolve(absolutePath);
      if (!answers.has(path)) answers.set(path, acceptable(root, path, ignored));
      return answers.get(path);
    },
  };
}

function acceptable(root: string, path: string, ignored: (uri: string) => boolean): string | undefined {
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  const segments = rel.split(sep);
  if (segments.includes('node_modules') || segments.includes('.git')) return undefined;
  if (!isFile(path)) return undefined;
  const uri = segments.join('/');
  return ignored(uri) ? undefined : uri;
}

/**
 * Asks git itself (it knows nested .gitignore files, info/exclude and the global excludes). Without
 * git, or outside a work tree, nothing counts as ignored: node_modules is refused above anyway.
 */
function gitIgnoreCheck(root: string): (uri: string) => boolean {
  let usable = gitRoot(root) !== undefined;
  return (uri) => {
    if (!usable) return false;
    const r = spawnSync('git', ['check-ignore', '--quiet', '--', uri], { cwd: root, stdio: 'ignore', timeout: 5000 });
    if (r.status === 0) return true;
    if (r.status !== 1) usable = false; // 128: not a work tree; null: no git
    return false;
  };
}
