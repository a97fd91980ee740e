/**
 * The source index of a server's project, or nothing: source mapping off (--no-source, config
 * source.enabled false), no project found, or nothing indexable in it. A Python target gets the
 * Python index (tree-sitter); anything else the TypeScript one. Either is built in a worker thread
 * with a deadline and a heap limit (src/source/in-worker.ts), so a hostile repository cannot stall
 * the lint: past them the lint goes on without source mapping, and says so in a note. A cache hit
 * is looked up in this thread (it needs no parser). Each indexer is imported only when needed.
 */
import { dirname, sep } from 'node:path';
import type { TargetDescription } from '../model/capture.js';
import type { ResolvedTarget } from '../connect/capture-target.js';
import { ConfigError } from '../config/config.js';
import { entryScript, projectRoot } from '../locate/anchors.js';
import { pythonLaunch, type PythonLaunch } from '../source/python/launch.js';
import type { SourceIndex, SourceLeftOut } from '../model/source-index.js';
import type { IndexRequest } from '../source/build-index.js';
import { byteSize, SOURCE_LIMITS, SourceIndexLimitError } from '../source/limits.js';
import type { RunConfig } from './run-config.js';
import { isDirectory } from '../shared/file-kind.js';

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
    // A cache hit needs no compiler, so no worker thread either; a miss (or a failed look) builds in one.
    const hit = cache
      ? import('../source/index.js').then(({ cachedSourceIndex }) => cachedSourceIndex(root, indexOptions)).catch(() => undefined)
      : Promise.resolve(undefined);
    return hit.then((index) => index ?? inWorker({ language: 'typescript', root, options: indexOptions }));
  });
}

function inWorker(request: IndexRequest): Promise<SourceIndex> {
  return import('../source/in-worker.js').then(({ buildIndexInWorker }) => buildIndexInWorker(request));
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
    const note = leftOutNote(source.leftOut);
    return { ...(source.filesIndexed > 0 ? { source } : {}), ...(note ? { note } : {}) };
  } catch (error) {
    if (error instanceof SourceIndexLimitError) {
      return { note: `source mapping skipped: ${error.message}; findings are located at the entry file instead` };
    }
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { note: `source mapping failed (${reason}); findings are located at the entry file instead` };
  }
}

/** What the index's limits kept out, in words (file names are the repository's: the report shows notes inert). */
function leftOutNote(leftOut: SourceLeftOut | undefined): string | undefined {
  if (!leftOut) return undefined;
  const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
  const parts: string[] = [];
  if (leftOut.largeFileCount > 0) {
    const more = leftOut.largeFileCount > leftOut.largeFiles.length ? ', …' : '';
    parts.push(
      `${files(leftOut.largeFileCount)} over the ${byteSize(SOURCE_LIMITS.fileBytes)} size cap (${leftOut.largeFiles.join(', ')}${more})`,
    );
  }
  if (leftOut.pastLimit > 0) {
    parts.push(`${files(leftOut.pastLimit)} past its limit of ${SOURCE_LIMITS.files} files or ${byteSize(SOURCE_LIMITS.totalBytes)}`);
  }
  if (leftOut.listingStopped) parts.push(`the project's folders past the first ${SOURCE_LIMITS.walkEntries} entries`);
  return `source mapping left out ${parts.join(' and ')}; findings in what they register are located at the entry file`;
}

/** The Python index (tree-sitter, loaded only in the worker): the launched module's project, or the --project / source.project folder. */
async function pythonSourceIndexFor(launch: PythonLaunch, run: RunConfig, built: Map<string, Promise<SourceIndex>>): Promise<MappedSource> {
  const { project, cache } = run.resolved.source;
  const root = project ? project.path : launch.root;
  if (!isDirectory(root)) {
    if (!project) return {};
    throw new ConfigError(`source project ${root} is not a directory (from ${project.from})`);
  }
  return mapped(built, JSON.stringify(['python', root, launch.entry, cache]), () => {
    const indexOptions = { entry: launch.entry, cache };
    const hit = cache
      ? import('../source/python/index.js')
          .then(({ cachedPythonSourceIndex }) => cachedPythonSourceIndex(root, indexOptions))
          .catch(() => undefined)
      : Promise.resolve(undefined);
    return hit.then((index) => index ?? inWorker({ language: 'python', root, options: indexOptions }));
  });
}

/** What entryScript() needs of a target before it has been captured. */
export function describeForSource(target: ResolvedTarget): TargetDescription {
  if (target.kind === 'http') return { kind: 'http', url: target.url, headerNames: [] };
  const { command, args, cwd } = target.sourceFrom ?? target;
  return { kind: 'stdio', command, args: [...args], ...(cwd ? { cwd } : {}), envNames: [] };
}
