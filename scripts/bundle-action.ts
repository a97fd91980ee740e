/**
 * The GitHub Action's committed bundle (action/): the Action step runs it straight from the
 * action's checkout, with no `npm ci` and no build in the user's job. Everything mcplint needs at
 * run time is inside, except the files it reads from the repository root beside it (package.json
 * for its version, rules/*.md, schemas/mcp/): those are committed anyway, so they are not copied.
 *
 *   node dist/scripts/bundle-action.js [out-dir]     (default: action/; `npm run bundle:action`)
 *
 * Unlike dist/bin, nothing stays external: ts-morph (with the TypeScript compiler inside it) is
 * bundled too, into lazily loaded chunks that only the source-mapping worker imports, so the Action
 * maps findings to the lines that register tools and runs the source rules, like the npm package.
 * It is minified (about 5 of the bundle's 6 MB are the compiler): nobody reviews this output, and
 * the test that the committed bundle is current compares it byte for byte.
 *
 * mcplint loads ajv, ajv-formats, re2js and yauzl with `createRequire(import.meta.url)` (synchronously,
 * and only when needed). A bundler leaves such calls alone, and there is no node_modules beside the
 * bundle to answer them, so bundledRequire() takes their place: the same lazy require, answered
 * from the bundle. It also answers for the precompiled schema validators (schemas/mcp/compiled),
 * whose own requires of ajv runtime helpers would find no node_modules either.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { rolldown, type Plugin } from 'rolldown';
import { PACKAGE_ROOT } from '../src/shared/paths.js';

const DIST = join(PACKAGE_ROOT, 'dist');
const COMPILED_SCHEMAS = join(PACKAGE_ROOT, 'schemas', 'mcp', 'compiled');
/** What mcplint's code requires through createRequire() with a literal or computed name. */
const REQUIRED_PACKAGES = ['ajv', 'ajv/dist/2019', 'ajv/dist/2020', 'ajv-formats', 're2js', 'yauzl'];
/** A real path (under dist/, never written) so that the module's own requires resolve normally. */
const BUNDLED_REQUIRE_ID = join(DIST, 'action-bundled-require.js');
const CREATE_REQUIRE = /\bcreateRequire\(import\.meta\.url\)/g;

export const ACTION_DIR = join(PACKAGE_ROOT, 'action');
const TS_MORPH_FILE = 'ts-morph.js';
const LICENSES_FILE = 'THIRD-PARTY-LICENSES.txt';
const OUTPUT = { format: 'esm', minify: true, entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' } as const;

function bundledRequireSource(): string {
  const packages = REQUIRED_PACKAGES.map((name) => `    case ${JSON.stringify(name)}: return require(${JSON.stringify(name)});`);
  const validators = readdirSync(COMPILED_SCHEMAS)
    .filter((file) => file.endsWith('.cjs'))
    .sort()
    .map((file) => `    case ${JSON.stringify(file)}: return require(${JSON.stringify(join(COMPILED_SCHEMAS, file))});`);
  return [
    "import { createRequire } from 'node:module';",
    'const nodeRequire = createRequire(import.meta.url);',
    '/** Require from the bundle; anything it does not hold goes to Node (and fails as it would). */',
    'export function bundledRequire(id) {',
    '  switch (id) {',
    ...packages,
    '  }',
    '  const compiled = /[\\\\/]schemas[\\\\/]mcp[\\\\/]compiled[\\\\/]([\\w.-]+\\.cjs)$/.exec(id)?.[1];',
    '  switch (compiled) {',
    ...validators,
    '  }',
    '  return nodeRequire(id);',
    '}',
    '',
  ].join('\n');
}

/**
 * CommonJS code in an ES module bundle has no `__filename`/`__dirname` (the TypeScript compiler asks
 * for its own file's path). Every bundled file sits in one folder, so this module's answer is
 * true for all of them.
 */
const NODE_GLOBALS_ID = join(DIST, 'action-node-globals.js');
const NODE_GLOBALS_SOURCE = [
  "import { dirname } from 'node:path';",
  "import { fileURLToPath } from 'node:url';",
  'export const __filename = fileURLToPath(import.meta.url);',
  'export const __dirname = dirname(__filename);',
  '',
].join('\n');
const nodeGlobals = {
  inject: { __filename: [NODE_GLOBALS_ID, '__filename'], __dirname: [NODE_GLOBALS_ID, '__dirname'] },
} satisfies { inject: Record<string, [string, string]> };
function nodeGlobalsPlugin(): Plugin {
  return {
    name: 'mcplint-node-globals',
    resolveId: (id) => (id === NODE_GLOBALS_ID ? id : undefined),
    load: (id) => (id === NODE_GLOBALS_ID ? NODE_GLOBALS_SOURCE : undefined),
  };
}

/** Routes mcplint's createRequire(import.meta.url) calls through bundledRequire(). */
function bundledRequirePlugin(): Plugin {
  return {
    name: 'mcplint-bundled-require',
    resolveId: (id) => (id === BUNDLED_REQUIRE_ID ? id : undefined),
    load: (id) => (id === BUNDLED_REQUIRE_ID ? bundledRequireSource() : undefined),
    transform(code, id) {
      if (id === BUNDLED_REQUIRE_ID || !id.startsWith(DIST) || !code.includes('createRequire(import.meta.url)')) return undefined;
      const rewritten = code.replace(CREATE_REQUIRE, 'bundledRequire');
      return `import { bundledRequire } from ${JSON.stringify(BUNDLED_REQUIRE_ID)};\n${rewritten}`;
    },
  };
}

export async function bundleAction(out: string): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  const modules = await bundleSourceMapping(out);
  const bundle = await rolldown({
    input: {
      main: join(DIST, 'scripts', 'action-run.js'),
      mcplint: join(DIST, 'src', 'cli', 'bin.js'),
      worker: join(DIST, 'src', 'source', 'worker.js'),
    },
    cwd: PACKAGE_ROOT,
    platform: 'node',
    // typescript: only cosmiconfig imports it, for mcplint.config.ts files (no runtime dependency
    // of the npm package either). ts-morph: its own file, written by bundleSourceMapping().
    external: [/^typescript(\/|$)/, /^ts-morph$/],
    transform: nodeGlobals,
    plugins: [bundledRequirePlugin(), nodeGlobalsPlugin()],
    logLevel: 'warn',
  });
  // One flat folder: `new URL('./worker.js', import.meta.url)` finds the bundled worker.
  const written = await bundle.write({ ...OUTPUT, dir: out, paths: { 'ts-morph': `./${TS_MORPH_FILE}` } });
  await bundle.close();
  for (const chunk of written.output) if (chunk.type === 'chunk') modules.push(...chunk.moduleIds);
  writeFileSync(join(out, LICENSES_FILE), thirdPartyLicenses(modules));
}

/** The licence of every package with code in the bundle: minifying drops their headers. */
function thirdPartyLicenses(moduleIds: readonly string[]): string {
  const roots = new Set<string>();
  for (const id of moduleIds) {
    const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id);
    if (match) roots.add(match[1]!);
  }
  const sections = new Map<string, string>();
  for (const root of roots) {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
    const file = readdirSync(root).find((name) => /^licen[cs]e(\.|$)/i.test(name));
    const text = file ? readFileSync(join(root, file), 'utf8').trim() : `License: ${manifest.license ?? 'see the package'}`;
    const title = `${manifest.name} ${manifest.version} (${manifest.license ?? 'unknown'})`;
    sections.set(title, `${title}\n\n${text}\n`); // one entry for copies of one version
  }
  const sorted = [...sections.keys()].sort().map((title) => sections.get(title)!);
  const rule = `\n${'-'.repeat(80)}\n\n`;
  return `Third-party code bundled in this folder (scripts/bundle-action.ts), with its licences.\n${rule}${sorted.join(rule)}`;
}

/**
 * ts-morph (and the compiler in it) as one file of its own that imports nothing of mcplint's,
 * so it stays byte for byte the same when mcplint's code changes: refreshing the bundle does not
 * commit another 7 MB. Its exports are ts-morph's, listed here because a bundler cannot see a
 * CommonJS module's exports through `export *`.
 */
async function bundleSourceMapping(out: string): Promise<string[]> {
  const names = Object.keys(createRequire(import.meta.url)('ts-morph') as object).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
  const entry = join(DIST, 'action-ts-morph.js');
  const bundle = await rolldown({
    input: { 'ts-morph': entry },
    cwd: PACKAGE_ROOT,
    platform: 'node',
    transform: nodeGlobals,
    plugins: [
      nodeGlobalsPlugin(),
      {
        name: 'mcplint-ts-morph-entry',
        resolveId: (id) => (id === entry ? id : undefined),
        load: (id) => (id === entry ? `export { ${names.sort().join(', ')} } from 'ts-morph';\n` : undefined),
      },
    ],
    logLevel: 'warn',
  });
  const written = await bundle.write({ ...OUTPUT, dir: out, codeSplitting: false });
  await bundle.close();
  return written.output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : []));
}

if (process.argv[1] && resolve(process.argv[1]) === join(DIST, 'scripts', 'bundle-action.js')) {
  await bundleAction(resolve(process.argv[2] ?? ACTION_DIR));
}
