/**
 * The source index on hostile projects (generated here, in temporary folders): import scanning is
 * linear, so a module shaped to make it rescan is indexed at once and what it imports is found;
 * files over the size cap and past the byte limit are left out and named; and the worker that
 * builds an index is stopped at its deadline or heap limit.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSourceIndex } from '../src/source/index.js';
import { indexLimits, SOURCE_LIMITS } from '../src/source/limits.js';
import { buildPythonSourceIndex } from '../src/source/python/index.js';
import { ROOT } from './helpers/capture.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary project holding `files` (relative path → text). */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'mcplint-source-bounds-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const PYPROJECT = '[project]\nname = "hostile"\nversion = "1.0.0"\n';
const pyServer = (imports: string) =>
  `from fastmcp import FastMCP\n${imports}\n\nmcp = FastMCP("hostile")\n\n\n@mcp.tool\ndef hostile_echo(text: str) -> str:\n    """Echo the text."""\n    return text\n`;
const PY_TOOLS = 'from server import mcp\n\n\n@mcp.tool\ndef hostile_search(query: str) -> str:\n    """Search."""\n    return query\n';
const JS_TOOLS =
  "export function registerAll(server) {\n  server.registerTool('hostile_search', { description: 'Search.' }, async () => ({ content: [] }));\n}\n";
const jsServer = (body: string) =>
  `import { registerAll } from './tools.mjs';\nconst server = {};\n${body}\nserver.registerTool('hostile_echo', { description: 'Echo.' }, async () => ({ content: [] }));\nregisterAll(server);\n`;

const names = (index: { registrations: readonly { name: string }[] }) => index.registrations.map((r) => r.name).sort();

// The former scanners took tens of seconds on each hostile project here (they were quadratic);
// the timeout is only the failure condition, sized for a loaded machine.
const HOSTILE_MS = 20_000;

describe('source index on hostile projects', () => {
  it(
    'Python: a module of `from m import (` lines that never close is scanned at once, and its imports followed',
    async () => {
      const root = project({
        'pyproject.toml': PYPROJECT,
        'server.py': pyServer('import hostile  # noqa: F401'),
        'hostile.py': `import tools  # noqa: F401\n${'from x import (\n'.repeat(35_000)}`,
        'tools.py': PY_TOOLS,
      });
      const index = await buildPythonSourceIndex(root, { entry: join(root, 'server.py') });
      expect(names(index)).toEqual(['hostile_echo', 'hostile_search']);
      expect(index.filesIndexed).toBe(3);
      expect(index.leftOut).toBeUndefined();
    },
    HOSTILE_MS,
  );

  it(
    'JS: an entry whose template literal is full of `import` words is scanned at once, and its imports followed',
    async () => {
      const root = project({
        'package.json': '{"type":"module"}\n',
        'server.mjs': jsServer(`const text = \`${'import '.repeat(80_000)}\`;`),
        'tools.mjs': JS_TOOLS,
      });
      const index = await buildSourceIndex(root, { entry: join(root, 'server.mjs') });
      expect(names(index)).toEqual(['hostile_echo', 'hostile_search']);
      expect(index.leftOut).toBeUndefined();
    },
    HOSTILE_MS,
  );

  it('leaves out a file over the size cap, names it, and indexes the rest', async () => {
    const big = `# generated\n${'#'.repeat(SOURCE_LIMITS.fileBytes)}\n`;
    const py = project({
      'pyproject.toml': PYPROJECT,
      'server.py': pyServer('import tools  # noqa: F401\nimport big  # noqa: F401'),
      'tools.py': PY_TOOLS,
      'big.py': big,
    });
    const pyIndex = await buildPythonSourceIndex(py, { entry: join(py, 'server.py') });
    expect(names(pyIndex)).toEqual(['hostile_echo', 'hostile_search']);
    expect(pyIndex.leftOut).toEqual({ largeFiles: ['big.py'], largeFileCount: 1, pastLimit: 0 });

    const js = project({
      'package.json': '{"type":"module"}\n',
      'server.mjs': jsServer("import './lib/big.mjs';"),
      'tools.mjs': JS_TOOLS,
      'lib/big.mjs': `// generated\n${'/'.repeat(SOURCE_LIMITS.fileBytes)}\n`,
    });
    const jsIndex = await buildSourceIndex(js, { entry: join(js, 'server.mjs') });
    expect(names(jsIndex)).toEqual(['hostile_echo', 'hostile_search']);
    expect(jsIndex.leftOut).toEqual({ largeFiles: ['lib/big.mjs'], largeFileCount: 1, pastLimit: 0 });
  });

  it('stops reading at the byte limit of one index and counts what it did not read', async () => {
    const part = Math.floor((SOURCE_LIMITS.totalBytes * 0.9) / 4);
    const files: Record<string, string> = { 'package.json': '{"type":"module"}\n' };
    const imports: string[] = [];
    for (let i = 0; i < 6; i++) {
      files[`part${i}.mjs`] = `// part ${i}\n${' '.repeat(part)}\n`;
      imports.push(`import './part${i}.mjs';`);
    }
    files['server.mjs'] = jsServer(imports.join('\n'));
    files['tools.mjs'] = JS_TOOLS;
    const root = project(files);
    const index = await buildSourceIndex(root, { entry: join(root, 'server.mjs') });
    // The entry, tools.mjs and four parts (3.6 MiB); the fifth does not fit, and reading stops there.
    expect(index.filesIndexed).toBe(6);
    expect(index.leftOut).toEqual({ largeFiles: [], largeFileCount: 0, pastLimit: 2 });
    expect(names(index)).toEqual(['hostile_echo', 'hostile_search']);
  });
});

describe('the indexing worker', () => {
  // The compiled worker (dist/, built before the tests): from TypeScript sources an index is built in-thread, unbounded.
  const inWorker = async () =>
    (await import(pathToFileURL(join(ROOT, 'dist', 'src', 'source', 'in-worker.js')).href)) as typeof import('../src/source/in-worker.js');
  const request = () => {
    const root = project({ 'package.json': '{"type":"module"}\n', 'server.mjs': jsServer(''), 'tools.mjs': JS_TOOLS });
    return { language: 'typescript' as const, root, options: { entry: join(root, 'server.mjs') } };
  };

  it('builds the index within its limits', async () => {
    const { buildIndexInWorker } = await inWorker();
    expect(names(await buildIndexInWorker(request()))).toEqual(['hostile_echo', 'hostile_search']);
  });

  it('has a deadline the environment can lower, never raise', () => {
    const deadline = (value?: string) => indexLimits(value === undefined ? {} : { MCPLINT_TEST_INDEX_DEADLINE_MS: value }).deadlineMs;
    expect(deadline()).toBe(SOURCE_LIMITS.deadlineMs);
    expect(deadline('8000')).toBe(8000);
    expect(deadline(String(SOURCE_LIMITS.deadlineMs * 10))).toBe(SOURCE_LIMITS.deadlineMs);
    for (const junk of ['0', '-5', '1.5', 'soon', '']) expect(deadline(junk)).toBe(SOURCE_LIMITS.deadlineMs);
  });

  it('is stopped at its deadline', async () => {
    const { buildIndexInWorker } = await inWorker();
    // Loading the compiler alone takes far longer than 20 ms.
    const failure = await buildIndexInWorker(request(), { deadlineMs: 20, heapMb: SOURCE_LIMITS.heapMb }).catch((error: Error) => error);
    expect(failure).toMatchObject({ name: 'SourceIndexLimitError', message: 'indexing exceeded 0.02 s' });
  });

  it('is stopped at its heap limit', async () => {
    const { buildIndexInWorker } = await inWorker();
    // The TypeScript compiler does not even load in 8 MB.
    const failure = await buildIndexInWorker(request(), { deadlineMs: 60_000, heapMb: 8 }).catch((error: Error) => error);
    expect(failure).toMatchObject({ name: 'SourceIndexLimitError', message: 'indexing exceeded 8 MB of memory' });
  });
});
