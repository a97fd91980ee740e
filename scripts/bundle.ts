/**
 * `npm run build` step two: bundle the compiled CLI (dist/src/cli/bin.js) and the source-index worker
 * into dist/bin/, which is what the `mcplint` bin runs. Node 20 has no module compile cache, and
 * loading ~150 small ES modules (mcplint's and yargs') costs more than their code: one file per
 * entry, plus one per lazily imported part, starts ≈0.1 s faster (`npm run bench` shows it).
 *
 * Heavy or rarely needed packages stay outside and load from node_modules only when used:
 * ts-morph/typescript (source mapping), ajv (schemas not precompiled), cosmiconfig (config files).
 * dist/src keeps the unbundled build: the library entry and the tests use it. The GitHub Action has a
 * bundle of its own with nothing external (scripts/bundle-action.ts).
 * Source maps are written beside the bundle (and left out of the package, package.json `files`): with
 * them mcplint's source index reads a bundled build as its originals and leaves the bundled
 * libraries (node_modules) alone, so `mcplint -- mcplint mcp` judges mcplint's own code only.
 * Everything is emitted into one flat folder, so `new URL('./worker.js', import.meta.url)` in the
 * code that starts the worker finds the bundled worker.
 *
 * The code a lint runs before it starts the server is one chunk (`lint-start`): left to itself the
 * bundler splits it by which dynamic imports share each module, into ~40 files that Node reads,
 * compiles and links one by one while the server waits to be started (≈20 ms of a 0.4 s lint).
 * The bin's own static imports stay out of it, so `--version` loads no more than before, and so do
 * the worker's modules, so the source-index worker does not load the lint's code.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { rolldown } from 'rolldown';
import { PACKAGE_ROOT } from '../src/shared/paths.js';

const OUT = join(PACKAGE_ROOT, 'dist', 'bin');
const EXTERNAL = [
  /^ts-morph(\/|$)/,
  /^typescript(\/|$)/,
  /^web-tree-sitter(\/|$)/,
  /^tree-sitter-python(\/|$)/,
  /^ajv(-formats)?(\/|$)/,
  /^cosmiconfig(\/|$)/,
];

const COMPILED = join(PACKAGE_ROOT, 'dist', 'src');
const BIN_ENTRY = join(COMPILED, 'cli', 'bin.js');
const WORKER_ENTRY = join(COMPILED, 'source', 'worker.js');
/** What `mcplint -- <server>` imports, statically or by import(), before it starts the server. */
const LINT_START = [
  'cli/main.js',
  'cli/lint-command.js',
  'session/run-config.js',
  'session/lint.js',
  'cli/finish.js',
  'cli/progress.js',
  'connect/reaper.js',
  'connect/capture-session.js',
  'connect/capture-target.js',
  'connect/discover.js',
].map((file) => join(COMPILED, file));

/** Each module's static imports, and its static and dynamic ones, as the bundler parses them. */
const staticImports = new Map<string, readonly string[]>();
const allImports = new Map<string, readonly string[]>();
function reachable(roots: readonly string[], edges: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...(edges.get(id) ?? []));
  }
  return seen;
}
let lintStart: Set<string> | undefined;
/** Asked per module once the graph is complete (chunking comes after parsing). */
function inLintStart(id: string): boolean {
  if (!lintStart) {
    const elsewhere = new Set([...reachable([BIN_ENTRY], staticImports), ...reachable([WORKER_ENTRY], allImports)]);
    lintStart = new Set([...reachable(LINT_START, staticImports)].filter((m) => m.startsWith(COMPILED) && !elsewhere.has(m)));
  }
  return lintStart.has(id);
}

rmSync(OUT, { recursive: true, force: true });
const bundle = await rolldown({
  input: { mcplint: BIN_ENTRY, worker: WORKER_ENTRY },
  platform: 'node',
  external: EXTERNAL,
  logLevel: 'warn',
  // An import() of a module in lint-start from lint-start is meant: the group decides where it lives.
  checks: { ineffectiveDynamicImport: false },
  // A group that leaves its modules' dependencies where they are (below) needs entries that may export more.
  preserveEntrySignatures: 'allow-extension',
  plugins: [
    {
      name: 'module-graph',
      moduleParsed(info) {
        staticImports.set(info.id, info.importedIds);
        allImports.set(info.id, [...info.importedIds, ...info.dynamicallyImportedIds]);
      },
    },
  ],
});
await bundle.write({
  dir: OUT,
  format: 'esm',
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  sourcemap: true,
  // includeDependenciesRecursively: false keeps the bin's and the worker's modules out of the group.
  codeSplitting: { groups: [{ name: 'lint-start', test: inLintStart, includeDependenciesRecursively: false }] },
});
await bundle.close();
