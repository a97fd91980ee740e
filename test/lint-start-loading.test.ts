/**
 * What a lint loads before it starts its server delays the server by as much (docs/performance.md):
 * scripts/bundle.ts puts that code in one chunk, the HTTP client loads only for an HTTP target, and
 * `--version` loads none of it; and the source-index worker never loads the bin's own chunk. Which
 * chunk holds which module is read from the bundle's source maps.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixturePath, ROOT } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

const SLOW = 90_000;
const ESM = pathToFileURL(join(ROOT, 'test', 'helpers', 'record-esm.mjs')).href;
const BIN = join(ROOT, 'dist', 'bin');

/** The bundle's chunk that holds a compiled module (`session/run-config.js`), by its source map. */
function chunkOf(module: string): string[] {
  return readdirSync(BIN)
    .filter((f) => f.endsWith('.js.map'))
    .filter((f) => (JSON.parse(readFileSync(join(BIN, f), 'utf8')) as { sources: string[] }).sources.includes(`../src/${module}`))
    .map((f) => f.slice(0, -'.map'.length));
}

/**
 * The bundle's files a chunk may load: those it imports, statically or by import(), and theirs in
 * turn (the chunk included). A worker's lazily loaded parts run in the worker too.
 */
function loadableFrom(chunk: string): Set<string> {
  const seen = new Set<string>();
  const todo = [chunk];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(BIN, file), 'utf8');
    for (const m of text.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"\.\/([^"]+)";?$/gm)) todo.push(m[1]!);
    for (const m of text.matchAll(/\bimport\("\.\/([^"]+)"\)/g)) todo.push(m[1]!);
  }
  return seen;
}

/** Every module URL the main thread of `mcplint <args>` resolved, builtins included. */
async function resolvedBy(args: string[]): Promise<string[]> {
  const log = join(mkdtempSync(join(tmpdir(), 'mcplint-esm-')), 'esm.log');
  const r = await runCli(args, { env: { NODE_OPTIONS: `--import ${ESM}`, MCPLINT_ESM_LOG: log }, timeoutMs: SLOW });
  expect(r.code, r.stderr).toBe(0);
  return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
}

describe('what a worker thread loads', () => {
  // The bin's top-level code runs the CLI: a worker that imported it would start a second lint,
  // inside the first, with the first one's arguments (a second worker, the same, and so on).
  it('the source-index worker never imports the bin entry, however far it loads', () => {
    const closure = loadableFrom('worker.js');
    // Its parsers load lazily: the walk follows import() (the Python indexer is one such part).
    expect(closure).toContain(chunkOf('source/python/index.js')[0]);
    expect([...closure].filter((file) => file === 'mcplint.js')).toEqual([]);
    // The check sees an import of the entry where the bundle has one: the lint's chunks use the bin's modules.
    expect([...loadableFrom(chunkOf('session/acquire.js')[0]!)]).toContain('mcplint.js');
  });
});

describe('what a lint loads before its server starts', () => {
  it('the code from the command line to the launch is one chunk, which --version does not load', async () => {
    const modules = [
      'cli/lint-command.js',
      'session/run-config.js',
      'session/resolve-run.js',
      'session/acquire.js',
      'connect/capture-target.js',
      'connect/capture-session.js',
      'connect/stdio.js',
    ];
    const chunks = new Set(modules.flatMap(chunkOf));
    expect(chunks.size).toBe(1);
    const [lintStart] = [...chunks];
    expect(lintStart).toMatch(/^lint-start-/);
    const loaded = await resolvedBy(['--version']);
    expect(loaded.some((url) => url.endsWith('/dist/bin/mcplint.js'))).toBe(true);
    expect(loaded.filter((url) => url.endsWith(`/dist/bin/${lintStart}`))).toEqual([]);
  });

  it(
    'a stdio lint never loads the HTTP client (node:http, node:https)',
    async () => {
      expect(chunkOf('connect/http.js')).not.toEqual(chunkOf('connect/stdio.js'));
      const loaded = await resolvedBy(['--no-probes', '--', process.execPath, fixturePath('clean-server.mjs')]);
      // The log sees builtins: the launch's own is there.
      expect(loaded).toContain('node:child_process');
      expect(loaded.filter((url) => url === 'node:http' || url === 'node:https')).toEqual([]);
    },
    SLOW,
  );
});
