/**
 * The source index of a server's project, or nothing: source mapping off (--no-source, config
 * source.enabled false), no project found, or nothing indexable in it. A Python target gets the
 * Python index (tree-sitter); anything else the TypeScript one. Each indexer (with its parser) is
 * imported only here, only when needed.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import type { TargetDescription } from '../model/capture.js';
import type { ResolvedTarget } from '../connect/capture-target.js';
import { ConfigError } from '../config/config.js';
import { entryScript, projectRoot } from '../locate/anchors.js';
import { pythonLaunch, type PythonLaunch } from '../source/python/launch.js';
import type { SourceIndex } from '../model/source-index.js';
import type { RunConfig } from './run-config.js';

export interface MappedSource {
  readonly source?: SourceIndex;
  /** Why mapping failed, for the report's notes. */
  readonly note?: string;
}

export async function sourceIndexFor(
  target: TargetDescription,
  run: RunConfig,
  built: Map<string, Promise<SourceIndex>>,
): Promise<MappedSource> {
  const { cwd, source } = run.resolved;
  if (!source.enabled) return {};
  const entry = entryScript(target, cwd);
  const python = entry === undefined || entry.endsWith('.py') ? pythonLaunch(target, cwd) : undefined;
  if (python) return pythonSourceIndexFor(python, run, built);
  let root: string | undefined;
  if (source.project) root = source.project.path;
  // An installed package (under node_modules) is not the user's source: nothing there to fix.
  else if (entry && /\.[cm]?[jt]sx?$/.test(entry) && !entry.split(sep).includes('node_modules')) root = projectRoot(dirname(entry));
  if (!root) return {};
  if (!isDirectory(root)) {
    if (source.project) throw new ConfigError(`source project ${root} is not a directory (from ${source.project.from})`);
    return {};
  }
  const { cache } = source;
  return mapped(built, JSON.stringify([root, entry ?? null, cache]), () => {
    const indexOptions = { ...(entry ? { entry } : {}), cache };
    const inWorker = () =>
      import('../source/in-worker.js').then(({ buildSourceIndexInWorker }) => buildSourceIndexInWorker(root, indexOptions));
    // A cache hit needs no compiler, so no worker thread either; a miss (or a failed look) builds in one.
    const hit = cache
      ? import('../source/index.js').then(({ cachedSourceIndex }) => cachedSourceIndex(root, indexOptions)).catch(() => undefined)
      : Promise.resolve(undefined);
    return hit.then((index) => index ?? inWorker());
  });
}

/**
 * The index built once per key in this run (servers of one project share it: the build goes into
 * the map before any await, so a server starting meanwhile waits for it), or the note of its failure.
 */
async function mapped(built: Map<string, Promise<SourceIndex>>, key: string, build: () => Promise<SourceIndex>): Promise<MappedSource> {
  try {
    let building = built.get(key);
    if (!building) {
      building = build();
      built.set(key, building);
    }
    const source = await building;
    return source.filesIndexed > 0 ? { source } : {};
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { note: `source mapping failed (${reason}); findings are located at the entry file instead` };
  }
}

/**
 * The Python index (tree-sitter, loaded only here): the launched module's project, or the
 * --project / source.project folder; built in this thread (no compiler to keep off it).
 */
async function pythonSourceIndexFor(launch: PythonLaunch, run: RunConfig, built: Map<string, Promise<SourceIndex>>): Promise<MappedSource> {
  const { project, cache } = run.resolved.source;
  const root = project ? project.path : launch.root;
  if (!isDirectory(root)) {
    if (!project) return {};
    throw new ConfigError(`source project ${root} is not a directory (from ${project.from})`);
  }
  return mapped(built, JSON.stringify(['python', root, launch.entry, cache]), () =>
    import('../source/python/index.js').then(({ buildPythonSourceIndex }) => buildPythonSourceIndex(root, { entry: launch.entry, cache })),
  );
}

/** What entryScript() needs of a target before it has been captured. */
export function describeForSource(target: ResolvedTarget): TargetDescription {
  if (target.kind === 'http') return { kind: 'http', url: target.url, headerNames: [] };
  return { kind: 'stdio', command: target.command, args: [...target.args], ...(target.cwd ? { cwd: target.cwd } : {}), envNames: [] };
}

function isDirectory(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isDirectory();
  } catch {
    return false;
  }
}
