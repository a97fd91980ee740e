/**
 * The on-disk cache of the source index (src/source/cache.ts): a repeated lint of an unchanged
 * project reuses the index without loading the TypeScript compiler; any edit, a corrupt cache
 * file, --no-cache and `source.cache: false` all lead to a fresh build; nothing is written into a
 * project without node_modules; servers of one client config share one build.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheFile, indexerCodeStamp } from '../src/source/cache.js';
import { buildSourceIndex, cachedSourceIndex } from '../src/source/index.js';
import type { SourceIndex } from '../src/model/source-index.js';
import { fixturePath, ROOT } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

const node = process.execPath;
// Real servers and the TypeScript compiler: room on a busy machine.
const SLOW = 90_000;
const HEAVY = /ts-morph|typescript/;
const preload = pathToFileURL(join(ROOT, 'test', 'helpers', 'record-modules.mjs')).href;

/**
 * A copy of a fixture project in a temporary folder. With `node_modules`, the folder links the
 * packages the fixture servers import, so they also run from there.
 */
function copyProject(fixture: string, withNodeModules: boolean): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'mcplint-cache-')), 'project');
  cpSync(fixturePath(fixture), dir, { recursive: true });
  if (withNodeModules) {
    mkdirSync(join(dir, 'node_modules', '@modelcontextprotocol'), { recursive: true });
    symlinkSync(
      join(ROOT, 'node_modules', '@modelcontextprotocol', 'sdk'),
      join(dir, 'node_modules', '@modelcontextprotocol', 'sdk'),
      'dir',
    );
    symlinkSync(join(ROOT, 'node_modules', 'zod'), join(dir, 'node_modules', 'zod'), 'dir');
  }
  return dir;
}

const cacheDir = (root: string) => join(root, 'node_modules', '.cache', 'mcplint');
const names = (index: SourceIndex) => index.registrations.map((r) => `${r.kind} ${r.name} ${r.file}:${r.line}`);

/** Mark the stored index, so a build that returns the mark is known to have come from the cache. */
function markStored(root: string): void {
  const file = cacheFile(root)!;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { indexes: { index: { filesIndexed: number } }[] };
  for (const { index } of stored.indexes) index.filesIndexed = 4242;
  writeFileSync(file, JSON.stringify(stored));
}

/** Run the CLI recording every CommonJS module any of its threads loads (see helpers/record-modules.mjs). */
async function lintRecording(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const log = join(mkdtempSync(join(tmpdir(), 'mcplint-modules-')), 'modules.log');
  const r = await runCli(args, {
    ...options,
    env: { NODE_OPTIONS: `--import ${preload}`, MCPLINT_MODULE_LOG: log, ...options.env },
    timeoutMs: SLOW,
  });
  const modules = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
  return {
    r,
    heavy: modules.filter((m) => HEAVY.test(m)),
    tsMorphLoads: modules.filter((m) => /^\S*ts-morph\/dist\/ts-morph\.js\t/.test(m)).length,
  };
}

type Report = { servers: { findings: { ruleId: string; location: unknown }[] }[] };
const findings = (stdout: string) => (JSON.parse(stdout) as Report).servers.map((s) => s.findings.map((f) => [f.ruleId, f.location]));

describe('source index cache: buildSourceIndex', () => {
  const saved = process.env.MCPLINT_CACHE_DIR;
  beforeEach(() => {
    delete process.env.MCPLINT_CACHE_DIR;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.MCPLINT_CACHE_DIR;
    else process.env.MCPLINT_CACHE_DIR = saved;
  });

  it('reuses the index of an unchanged project and rebuilds when a file changes', async () => {
    const root = copyProject('source-js', true);
    const entry = join(root, 'server.mjs');
    const first = await buildSourceIndex(root, { entry, cache: true });
    expect(readdirSync(cacheDir(root))).toEqual([expect.stringMatching(/^source-index-[0-9a-f]{16}\.json$/)]);
    expect(await buildSourceIndex(root, { entry, cache: true })).toEqual(first);
    expect(await buildSourceIndex(root, { entry })).toEqual(first); // the same as a fresh build

    markStored(root);
    expect((await buildSourceIndex(root, { entry, cache: true })).filesIndexed).toBe(4242); // served from the cache
    expect((await buildSourceIndex(root, { entry })).filesIndexed).toBe(2); // cache: false never reads it

    // An edit to an indexed file (here the imported one): a miss, and the new registration is there.
    writeFileSync(
      join(root, 'tools.mjs'),
      `${readFileSync(join(root, 'tools.mjs'), 'utf8')}\nexport const late = (server) => server.registerTool('recipes_late', { description: 'Late.' }, async () => ({ content: [] }));\n`,
    );
    const edited = await buildSourceIndex(root, { entry, cache: true });
    expect(edited.filesIndexed).toBe(2);
    expect(names(edited)).toContain('tool recipes_late tools.mjs:65');
    expect(names(edited).length).toBe(names(first).length + 1);
  });

  it('keeps the index of code with nothing to parse too (a hit then needs no worker thread)', async () => {
    const root = copyProject('source-js', true);
    writeFileSync(join(root, 'plain.mjs'), "process.stdin.on('data', () => {});\n");
    const first = await buildSourceIndex(root, { entry: join(root, 'plain.mjs'), cache: true });
    expect(first.registrations).toEqual([]);
    expect(existsSync(cacheFile(root)!)).toBe(true);
    markStored(root);
    expect((await cachedSourceIndex(root, { entry: join(root, 'plain.mjs') }))?.filesIndexed).toBe(4242);
  });

  it('keeps the indexes of several servers of one project side by side', async () => {
    const root = copyProject('source-js', true);
    writeFileSync(join(root, 'other.mjs'), "import './server.mjs';\nconsole.log('other');\n");
    const one = await buildSourceIndex(root, { entry: join(root, 'server.mjs'), cache: true });
    const two = await buildSourceIndex(root, { entry: join(root, 'other.mjs'), cache: true });
    markStored(root);
    // Alternating between the two entries hits both (one entry per root would thrash).
    expect(await cachedSourceIndex(root, { entry: join(root, 'server.mjs') })).toEqual({ ...one, filesIndexed: 4242 });
    expect(await cachedSourceIndex(root, { entry: join(root, 'other.mjs') })).toEqual({ ...two, filesIndexed: 4242 });
  });

  it("the indexer's code is part of the key, also in the bundled bin where its modules are merged", () => {
    const modules = mkdtempSync(join(tmpdir(), 'mcplint-stamp-'));
    for (const name of ['index', 'files', 'sourcemap', 'extract', 'cache']) writeFileSync(join(modules, `${name}.js`), `// ${name}\n`);
    const before = indexerCodeStamp(modules, '.js');
    writeFileSync(join(modules, 'extract.js'), '// extract, edited\n');
    expect(indexerCodeStamp(modules, '.js')).not.toBe(before);

    const bundle = mkdtempSync(join(tmpdir(), 'mcplint-stamp-'));
    writeFileSync(join(bundle, 'mcplint.js'), '// entry\n');
    writeFileSync(join(bundle, 'worker.js'), '// worker\n');
    writeFileSync(join(bundle, 'notes.txt'), 'not a script');
    const bundled = indexerCodeStamp(bundle, '.js');
    writeFileSync(join(bundle, 'notes.txt'), 'still not a script');
    expect(indexerCodeStamp(bundle, '.js')).toBe(bundled);
    writeFileSync(join(bundle, 'worker.js'), '// worker, rebuilt\n');
    expect(indexerCodeStamp(bundle, '.js')).not.toBe(bundled);
    // A chunk is named by its content's hash: a new name is new code, the same name the same code.
    writeFileSync(join(bundle, 'extract-Ab12_x-Z.js'), '// extract\n');
    const chunked = indexerCodeStamp(bundle, '.js');
    expect(chunked).not.toBe(indexerCodeStamp(mkdtempSync(join(tmpdir(), 'mcplint-stamp-')), '.js'));
    writeFileSync(join(bundle, 'extract-Ab12_x-Z.js'), '// extract, same name\n');
    expect(indexerCodeStamp(bundle, '.js')).toBe(chunked);
    rmSync(join(bundle, 'extract-Ab12_x-Z.js'));
    writeFileSync(join(bundle, 'extract-Cd34_y-W.js'), '// extract\n');
    expect(indexerCodeStamp(bundle, '.js')).not.toBe(chunked);
    // The real bundle: its scripts are read (an empty folder stamps differently).
    expect(indexerCodeStamp(join(ROOT, 'dist', 'bin'), '.js')).not.toBe(
      indexerCodeStamp(mkdtempSync(join(tmpdir(), 'mcplint-stamp-')), '.js'),
    );
  });

  it('a corrupt or foreign cache file is a miss, and is replaced', async () => {
    const root = copyProject('source-js', true);
    const entry = join(root, 'server.mjs');
    const fresh = await buildSourceIndex(root, { entry });
    const file = cacheFile(root)!;
    for (const junk of [
      '{"format":2,"indexes":',
      'null',
      '[]',
      JSON.stringify({ format: 2, indexes: [{ key: 'x', index: {} }, null] }),
      JSON.stringify({ format: 1, key: 'x', index: {} }),
      '\u0000\u0001',
    ]) {
      mkdirSync(cacheDir(root), { recursive: true });
      writeFileSync(file, junk);
      expect(await buildSourceIndex(root, { entry, cache: true }), junk).toEqual(fresh);
      // The evaluation file is looked up afresh on every run, so the cache does not keep it.
      const { evaluation: _, ...code } = fresh;
      expect((JSON.parse(readFileSync(file, 'utf8')) as { indexes: { index: SourceIndex }[] }).indexes.map((s) => s.index)).toEqual([code]);
    }
    // A cache file that cannot be written (its place is taken by a folder) only costs the time.
    const blocked = copyProject('source-js', true);
    mkdirSync(cacheFile(blocked)!, { recursive: true });
    expect(names(await buildSourceIndex(blocked, { entry: join(blocked, 'server.mjs'), cache: true }))).toEqual(names(fresh));
  });

  it('creates nothing in a project without node_modules; MCPLINT_CACHE_DIR gives it a place', async () => {
    const root = copyProject('source-js', false);
    const before = readdirSync(root, { recursive: true }).sort();
    await buildSourceIndex(root, { entry: join(root, 'server.mjs'), cache: true });
    expect(cacheFile(root)).toBeUndefined();
    expect(readdirSync(root, { recursive: true }).sort()).toEqual(before);

    process.env.MCPLINT_CACHE_DIR = mkdtempSync(join(tmpdir(), 'mcplint-cache-dir-'));
    const first = await buildSourceIndex(root, { entry: join(root, 'server.mjs'), cache: true });
    expect(readdirSync(process.env.MCPLINT_CACHE_DIR)).toHaveLength(1);
    expect(readdirSync(root, { recursive: true }).sort()).toEqual(before);
    markStored(root);
    expect(await buildSourceIndex(root, { entry: join(root, 'server.mjs'), cache: true })).toEqual({ ...first, filesIndexed: 4242 });
  });

  it('in a workspace whose dependencies are hoisted, uses the node_modules above the project', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'mcplint-workspace-'));
    mkdirSync(join(workspace, 'node_modules'));
    const root = join(workspace, 'packages', 'server');
    mkdirSync(root, { recursive: true });
    cpSync(fixturePath('source-js'), root, { recursive: true });
    expect(cacheFile(root)).toMatch(new RegExp(`^${workspace}/node_modules/\\.cache/mcplint/source-index-[0-9a-f]{16}\\.json$`));
    const fresh = await buildSourceIndex(root, { entry: join(root, 'server.mjs'), cache: true });
    expect(existsSync(cacheFile(root)!)).toBe(true);
    expect(cacheFile(join(workspace, 'packages', 'other'))).not.toBe(cacheFile(root)); // one file per project root
    markStored(root);
    expect(await buildSourceIndex(root, { entry: join(root, 'server.mjs'), cache: true })).toEqual({ ...fresh, filesIndexed: 4242 });
  });

  it('whole-project indexes: the tsconfig.json file list is reused, and a new source file is still found', async () => {
    const root = copyProject('source-project', true);
    const first = await buildSourceIndex(root, { cache: true });
    expect(first.filesIndexed).toBe(8);
    markStored(root);
    expect((await buildSourceIndex(root, { cache: true })).filesIndexed).toBe(4242);

    writeFileSync(
      join(root, 'src', 'extra.ts'),
      "import { server } from './data.js';\nserver.registerTool('ledger_extra', { description: 'Extra.' }, async () => ({ content: [] }));\n",
    );
    const grown = await buildSourceIndex(root, { cache: true });
    expect(grown.filesIndexed).toBe(9);
    expect(names(grown)).toContain('tool ledger_extra src/extra.ts:2');

    // tsconfig.json itself decides the list: excluding the new file drops it again.
    const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ ...tsconfig, exclude: ['src/extra.ts'] }));
    const back = await buildSourceIndex(root, { cache: true });
    expect(names(back)).not.toContain('tool ledger_extra src/extra.ts:2');
    // The same files as at first, so the first index (marked above) comes back from the cache.
    expect(back.filesIndexed).toBe(4242);
  });
});

describe('source index cache: the CLI', () => {
  it(
    'a second lint of an unchanged server does not load the compiler and reports the same',
    async () => {
      const root = copyProject('source-js', true);
      const args = ['--format', 'json', '--no-probes', '--no-protocol-probes', '--', node, join(root, 'server.mjs')];
      const cold = await lintRecording(args);
      expect(cold.r.code, cold.r.stderr).not.toBe(2);
      expect(cold.tsMorphLoads).toBe(1);
      expect(readdirSync(cacheDir(root))).toHaveLength(1);
      // Node announces each worker thread under NODE_DEBUG=worker: a hit is looked up without one.
      const warm = await lintRecording(args, { env: { NODE_DEBUG: 'worker' } });
      expect(warm.heavy).toEqual([]);
      expect(warm.r.stderr).not.toContain('create new worker');
      expect(findings(warm.r.stdout)).toEqual(findings(cold.r.stdout));
      expect(JSON.stringify(findings(warm.r.stdout))).toContain('tools.mjs'); // located in the source

      // --no-cache builds afresh (and loads the compiler) with the same result.
      const off = await lintRecording(['--no-cache', ...args], { env: { NODE_DEBUG: 'worker' } });
      expect(off.tsMorphLoads).toBe(1);
      expect(off.r.stderr).toContain('create new worker'); // the observation above can see a worker
      expect(findings(off.r.stdout)).toEqual(findings(cold.r.stdout));
    },
    SLOW,
  );

  it(
    '--no-cache and config source.cache: false neither read nor write the cache',
    async () => {
      const root = copyProject('source-js', true);
      const args = ['--format', 'json', '--no-probes', '--no-protocol-probes', '--', node, join(root, 'server.mjs')];
      const flag = await lintRecording(['--no-cache', ...args], { cwd: root });
      expect(flag.tsMorphLoads).toBe(1);
      expect(existsSync(cacheDir(root))).toBe(false);
      writeFileSync(join(root, 'mcplint.config.json'), JSON.stringify({ source: { cache: false } }));
      const config = await lintRecording(args, { cwd: root });
      expect(config.r.code, config.r.stderr).not.toBe(2);
      expect(config.tsMorphLoads).toBe(1);
      expect(existsSync(cacheDir(root))).toBe(false);
      expect(findings(config.r.stdout)).toEqual(findings(flag.r.stdout));
    },
    SLOW,
  );

  it(
    'servers of one client config that share a project index it once',
    async () => {
      const root = copyProject('source-js', false); // no node_modules: only the in-process sharing can help
      symlinkSync(join(ROOT, 'node_modules'), join(root, '..', 'node_modules'), 'dir'); // the server still runs
      const config = join(root, '..', '.mcp.json');
      const server = { command: node, args: [join(root, 'server.mjs')] };
      writeFileSync(config, JSON.stringify({ mcpServers: { one: server, two: server, three: server } }));
      const run = await lintRecording(['--format', 'json', '--no-probes', '--no-protocol-probes', '--config-file', config, '--jobs', '3']);
      expect(run.r.code, run.r.stderr).not.toBe(2);
      expect(run.tsMorphLoads).toBe(1);
      const [one, two, three] = findings(run.r.stdout);
      expect(JSON.stringify(one)).toContain('tools.mjs');
      expect(two).toEqual(one);
      expect(three).toEqual(one);
      expect(existsSync(join(root, 'node_modules'))).toBe(false);
    },
    SLOW,
  );
});
