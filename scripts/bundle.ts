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

rmSync(OUT, { recursive: true, force: true });
const bundle = await rolldown({
  input: {
    mcplint: join(PACKAGE_ROOT, 'dist', 'src', 'cli', 'bin.js'),
    worker: join(PACKAGE_ROOT, 'dist', 'src', 'source', 'worker.js'),
  },
  platform: 'node',
  external: EXTERNAL,
  logLevel: 'warn',
});
await bundle.write({ dir: OUT, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', sourcemap: true });
await bundle.close();
