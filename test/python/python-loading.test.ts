/**
 * Each parser loads only when needed: a Python server's lint loads tree-sitter and never the
 * TypeScript compiler; a TypeScript project's lint never loads tree-sitter; a warm cache spares
 * tree-sitter too. Python's index is cached like the TypeScript one.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPythonSourceIndex } from '../../src/source/python/index.js';
import { fixturePath, ROOT } from '../helpers/capture.js';
import { runCli } from '../helpers/cli.js';
import { LAUNCH } from '../helpers/python.js';

const SLOW = 90_000;
const CJS = pathToFileURL(join(ROOT, 'test', 'helpers', 'record-modules.mjs')).href;
const ESM = pathToFileURL(join(ROOT, 'test', 'helpers', 'record-esm.mjs')).href;
const TREE_SITTER = /web-tree-sitter|tree-sitter-python/;
const TS = /ts-morph|typescript/;

async function loadedBy(args: string[], env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-modules-'));
  const [cjs, esm] = [join(dir, 'cjs.log'), join(dir, 'esm.log')];
  const r = await runCli(args, {
    cwd: fixturePath('python'),
    env: { NODE_OPTIONS: `--import ${CJS} --import ${ESM}`, MCPLINT_MODULE_LOG: cjs, MCPLINT_ESM_LOG: esm, ...env },
    timeoutMs: SLOW,
  });
  const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
  return { r, modules: [...lines(cjs), ...lines(esm)] };
}

describe('which parser a lint loads', () => {
  it(
    'a Python server: tree-sitter, never the TypeScript compiler; a warm cache spares tree-sitter',
    async () => {
      const cacheDir = mkdtempSync(join(tmpdir(), 'mcplint-pycache-'));
      const cold = await loadedBy(['--', ...LAUNCH.weather], { MCPLINT_CACHE_DIR: cacheDir });
      expect(cold.r.stdout).toContain('weather-app/src/weather_mcp/tools.py:16');
      expect(cold.modules.some((m) => TREE_SITTER.test(m))).toBe(true);
      expect(cold.modules.filter((m) => TS.test(m))).toEqual([]);
      const warm = await loadedBy(['--', ...LAUNCH.weather], { MCPLINT_CACHE_DIR: cacheDir });
      expect(warm.r.stdout).toContain('weather-app/src/weather_mcp/tools.py:16');
      expect(warm.modules.filter((m) => TREE_SITTER.test(m))).toEqual([]);
    },
    SLOW,
  );

  it(
    'a TypeScript project never loads tree-sitter (and does load ts-morph)',
    async () => {
      const { r, modules } = await loadedBy([
        '--no-cache',
        '--',
        process.execPath,
        join(ROOT, 'fixtures', 'source-project', 'dist', 'index.js'),
      ]);
      expect(r.stdout).toContain('ledger-mcp-server');
      expect(modules.some((m) => /ts-morph/.test(m))).toBe(true);
      expect(modules.filter((m) => TREE_SITTER.test(m))).toEqual([]);
    },
    SLOW,
  );
});

describe('the Python index cache', () => {
  it('serves an unchanged project from disk and rebuilds when a file changes', async () => {
    const project = mkdtempSync(join(tmpdir(), 'mcplint-pyproj-'));
    cpSync(fixturePath('python/standalone-app'), project, { recursive: true });
    const previous = process.env.MCPLINT_CACHE_DIR;
    process.env.MCPLINT_CACHE_DIR = mkdtempSync(join(tmpdir(), 'mcplint-pycache-'));
    try {
      const entry = join(project, 'server.py');
      const first = await buildPythonSourceIndex(project, { entry, cache: true });
      const second = await buildPythonSourceIndex(project, { entry, cache: true });
      expect(second).toEqual(first);
      const text = readFileSync(entry, 'utf8');
      writeFileSync(
        entry,
        text.replace('@mcp.tool\nasync def notes_fetch_remote', '@mcp.tool(name="notes_fetch")\nasync def notes_fetch_remote'),
      );
      const third = await buildPythonSourceIndex(project, { entry, cache: true });
      expect(third.registrations.map((r) => r.name)).toEqual(['notes_read_note', 'notes_fetch']);
    } finally {
      if (previous === undefined) delete process.env.MCPLINT_CACHE_DIR;
      else process.env.MCPLINT_CACHE_DIR = previous;
    }
  });
});
