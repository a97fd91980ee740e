/**
 * --watch's eyes: the folders of the server's source project (what the source index read, src/session/source-index.ts)
 * and the config files a run reads, watched with chokidar, with every burst of changes told once
 * after it has been quiet for DEBOUNCE_MS. Installed code, build output, caches and version
 * control are never watched, so neither `npm install` nor a build (--fix-build) nor mcplint's own
 * source-index cache (node_modules/.cache/mcplint) starts a lint.
 *
 * chokidar, not fs.watch: Node 20's recursive fs.watch on Linux walks and watches every folder,
 * node_modules included, with no way to leave one out (one inotify watch each, a busy
 * project exhausts the limit); chokidar's `ignored` is asked before it descends. It is loaded
 * only here, by --watch (src/cli/lint-command.ts imports this module lazily).
 */
import { inertLine } from '../shared/inert.js';
import { statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/** How long the files must be quiet before the changes are told: an editor's save is often several writes. */
export const DEBOUNCE_MS = 200;

/**
 * Folders never watched, at any depth: installed code (src/source/files.ts SKIP_DIRS and the Python
 * ones, src/source/python/project.ts), build output, caches, version control.
 */
const IGNORED_DIRS: ReadonlySet<string> = new Set([
  'node_modules',
  '.git',
  '.hg',
  '.svn',
  'coverage',
  'dist',
  'build',
  'out',
  '.venv',
  'venv',
  '.tox',
  '.nox',
  '__pycache__',
  'site-packages',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  '.cache',
  '.turbo',
  '.next',
]);

export interface ProjectWatcher {
  /** Watch these folders or files too (already watched ones are left as they are). */
  add(paths: readonly string[]): void;
  close(): Promise<void>;
}

/**
 * Watch `paths` (folders, and files such as a config file); `onChange` gets the changed paths of
 * each quiet-ended burst, relative to `cwd`. `ready` resolves once the first scan is done, so a
 * change made after it is seen.
 */
export async function watchProject(
  paths: readonly string[],
  cwd: string,
  onChange: (changed: readonly string[]) => void,
  /** Epoch ms: files modified after it, before the watch was ready (during the first lint), are told as changed. */
  changedSince?: number,
): Promise<ProjectWatcher> {
  const { watch } = await import('chokidar');
  const cacheDir = process.env.MCPLINT_CACHE_DIR ? resolve(process.env.MCPLINT_CACHE_DIR) : undefined;
  const watched = new Set(paths);
  // Only the part below a watched folder counts: a project that itself lives under a `build/` folder is still watched.
  const ignored = (path: string): boolean => {
    if (cacheDir && (path === cacheDir || path.startsWith(cacheDir + sep))) return true;
    const root = [...watched].find((p) => path.startsWith(p + sep));
    return (
      root !== undefined &&
      path
        .slice(root.length + 1)
        .split(sep)
        .some((part) => IGNORED_DIRS.has(part))
    );
  };
  const watcher = watch([...paths], {
    ignored,
    ignoreInitial: true,
    // A link into node_modules (a test project's, a workspace's) must not lead the watcher there.
    followSymlinks: false,
    persistent: true,
  });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const told = (path: string): void => {
    const rel = relative(cwd, path);
    pending.add(rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = [...pending].sort();
      pending = new Set();
      onChange(changed);
    }, DEBOUNCE_MS);
  };
  watcher.on('all', (_event, path) => told(path));
  // A watch that fails (a folder removed, the inotify limit) is said once; the ones that work go on.
  watcher.on('error', (error) => {
    process.stderr.write(`mcplint: --watch: ${inertLine(error instanceof Error ? error.message : String(error))}\n`);
  });
  await new Promise<void>((ready) => watcher.once('ready', () => ready()));
  if (changedSince !== undefined) {
    for (const path of modifiedSince(watcher.getWatched(), changedSince)) told(path);
  }
  return {
    add(more) {
      const fresh = more.filter((p) => !watched.has(p));
      for (const p of fresh) watched.add(p);
      if (fresh.length > 0) watcher.add(fresh);
    },
    async close() {
      if (timer) clearTimeout(timer);
      await watcher.close();
    },
  };
}

/** The files of a chokidar listing (folder → names) modified after `since`. */
function modifiedSince(listing: Record<string, string[]>, since: number): string[] {
  const paths: string[] = [];
  for (const [dir, names] of Object.entries(listing))
    for (const name of names) {
      const path = join(dir, name);
      try {
        const stat = statSync(path);
        if (stat.isFile() && stat.mtimeMs > since) paths.push(path);
      } catch {
        // Gone meanwhile: its removal is a change chokidar tells by itself.
      }
    }
  return paths;
}
