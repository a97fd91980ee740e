/**
 * The source index (ts-morph): which files it reads, and where it finds registrations, stdout
 * writes, throwing handlers, response limits and loose zod objects — asserted line by line on the
 * fixture projects, plus small generated projects for the edge cases.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSourceIndex } from '../src/source/index.js';
import type { Registration, SourceIndex } from '../src/model/source-index.js';
import { fixturePath, ROOT } from './helpers/capture.js';

const at = (r: { file: string; line: number; column?: number }) => `${r.file}:${r.line}${r.column !== undefined ? `:${r.column}` : ''}`;
const registrations = (index: SourceIndex) => index.registrations.map((r) => `${r.kind} ${r.name} ${at(r)} ${r.style}`);
const prop = (index: SourceIndex, name: string, pointer: string) => {
  const registration = index.registrations.find((r) => r.name === name);
  const place = registration?.properties?.[pointer];
  return place ? `${place.file}:${place.line}` : undefined;
};

/** A throwaway project: files by relative path. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-source-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const server = (body: string) =>
  [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { z } from 'zod';",
    "const server = new McpServer({ name: 'x-mcp-server', version: '1.0.0' });",
    body,
  ].join('\n');

describe('source index: the TypeScript fixture project, from its built entry', () => {
  const root = fixturePath('source-project');

  it('has a committed dist/ that is the tsc output of its src/ (rebuild: npx tsc -p fixtures/source-project)', () => {
    const out = mkdtempSync(join(tmpdir(), 'mcplint-source-project-'));
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', root, '--outDir', out, '--sourceMap', 'false'],
      { stdio: 'pipe' },
    );
    const js = (dir: string): string[] =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.js'))
        .map((f) => f.split('\\').join('/'))
        .sort();
    expect(js(join(root, 'dist'))).toEqual(js(out));
    const strip = (text: string) => text.replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n');
    for (const file of js(out))
      expect(strip(readFileSync(join(root, 'dist', file), 'utf8')), file).toBe(strip(readFileSync(join(out, file), 'utf8')));
  }, 60_000);

  it('maps dist/index.js back to src/*.ts through the source maps and follows its imports', async () => {
    const index = await buildSourceIndex(root, { entry: join(root, 'dist', 'index.js') });
    expect(index.root).toBe(root);
    expect(index.entry).toBe('src/index.ts');
    // index.ts, constants.ts, data.ts, format.ts, tools/entries.ts, tools/accounts.ts — not legacy.ts or catalog.ts.
    expect(index.filesIndexed).toBe(6);
    expect(registrations(index)).toEqual([
      'tool ledger_list_accounts src/tools/accounts.ts:10:5 tool',
      'tool ledger_list_entries src/tools/entries.ts:17:5 registerTool', // `${SERVICE}_list_entries`
      'tool ledger_get_entry src/tools/entries.ts:44:5 registerTool', // SERVICE + '_get_entry'
      'tool ledger_add_entry src/tools/entries.ts:61:5 registerTool',
    ]);
    expect(index.unresolved).toEqual([]);
  });

  it('records where descriptions, annotations, schemas and each parameter are written', async () => {
    const index = await buildSourceIndex(root, { entry: join(root, 'dist', 'index.js') });
    expect(prop(index, 'ledger_list_entries', '/title')).toBe('src/tools/entries.ts:19');
    expect(prop(index, 'ledger_list_entries', '/description')).toBe('src/tools/entries.ts:20');
    expect(prop(index, 'ledger_list_entries', '/inputSchema')).toBe('src/tools/entries.ts:24');
    expect(prop(index, 'ledger_list_entries', '/inputSchema/properties/account')).toBe('src/tools/entries.ts:26');
    expect(prop(index, 'ledger_list_entries', '/inputSchema/properties/response_format')).toBe('src/tools/entries.ts:29');
    expect(prop(index, 'ledger_list_entries', '/annotations')).toBe('src/tools/entries.ts:32');
    expect(prop(index, 'ledger_list_entries', '/annotations/readOnlyHint')).toBe('src/tools/entries.ts:32');
    expect(prop(index, 'ledger_add_entry', '/annotations')).toBeUndefined();
    expect(prop(index, 'ledger_add_entry', '/inputSchema/properties/memo')).toBe('src/tools/entries.ts:71');
    // server.tool(name, description, shape, annotations, cb)
    expect(prop(index, 'ledger_list_accounts', '/description')).toBe('src/tools/accounts.ts:11');
    expect(prop(index, 'ledger_list_accounts', '/inputSchema')).toBe('src/tools/accounts.ts:13');
    expect(prop(index, 'ledger_list_accounts', '/inputSchema/properties/limit')).toBe('src/tools/accounts.ts:15');
    expect(prop(index, 'ledger_list_accounts', '/annotations')).toBe('src/tools/accounts.ts:19');
  });

  it('finds the stdout write, the throwing handler, the limit and the raw shape', async () => {
    const index = await buildSourceIndex(root, { entry: join(root, 'dist', 'index.js') });
    expect(index.stdoutWrites).toEqual([
      { file: 'src/index.ts', line: 14, column: 3, call: 'console.log', text: 'console.log(`${SERVICE}: debug logging on`);' },
    ]);
    expect(index.throwingHandlers).toEqual([
      {
        file: 'src/tools/entries.ts',
        line: 55,
        column: 19,
        tool: 'ledger_get_entry',
        style: 'registerTool',
        text: 'if (!entry) throw new Error(`Entry ${entry_id} not found`);',
      },
    ]);
    expect(index.responseLimit).toEqual({ file: 'src/constants.ts', line: 5, column: 14, name: 'CHARACTER_LIMIT' });
    expect(index.looseZodObjects.map((l) => `${l.tool} ${l.form} ${at(l)}`)).toEqual([
      'ledger_list_accounts rawShape src/tools/accounts.ts:13:5',
    ]);
  });

  it('indexes the low-level entry: tools in a literal array imported from another module', async () => {
    const index = await buildSourceIndex(root, { entry: join(root, 'dist', 'legacy.js') });
    expect(index.entry).toBe('src/legacy.ts');
    expect(registrations(index)).toEqual([
      'tool ledger_get_monthly_report src/catalog.ts:13:11 ListToolsRequestSchema',
      'tool ledger_export_entries src/catalog.ts:30:11 ListToolsRequestSchema',
    ]);
    expect(prop(index, 'ledger_export_entries', '/inputSchema/properties/account')).toBe('src/catalog.ts:38');
    expect(prop(index, 'ledger_get_monthly_report', '/inputSchema/properties/response_format')).toBe('src/catalog.ts:22');
    // The csv branch throws; the `default:` (unknown tool) throw is a protocol error by design.
    expect(index.throwingHandlers.map((t) => `${t.tool} ${t.style} ${at(t)}`)).toEqual([
      'ledger_export_entries CallToolRequestSchema src/legacy.ts:27:39',
    ]);
    expect(index.stdoutWrites).toEqual([]);
  });

  it('without an entry indexes the whole project from tsconfig.json, never dist/', async () => {
    const index = await buildSourceIndex(root);
    expect(index.entry).toBeUndefined();
    expect(index.filesIndexed).toBe(8);
    expect(index.registrations.map((r) => r.name).sort()).toEqual([
      'ledger_add_entry',
      'ledger_export_entries',
      'ledger_get_entry',
      'ledger_get_monthly_report',
      'ledger_list_accounts',
      'ledger_list_entries',
    ]);
    expect(index.registrations.every((r) => r.file.startsWith('src/'))).toBe(true);
  });
});

describe('source index: the plain-JS fixture', () => {
  const root = fixturePath('source-js');

  it('resolves tools registered in a loop over an imported array, at each name literal', async () => {
    const index = await buildSourceIndex(root, { entry: join(root, 'server.mjs') });
    expect(index.filesIndexed).toBe(2);
    // In the order the registering calls appear: the loop (server.mjs:10) registers both tools.
    expect(registrations(index)).toEqual([
      'tool recipes_search_recipes tools.mjs:16:11 registerTool',
      'tool recipes_get_recipe tools.mjs:43:11 registerTool',
      'prompt recipes_plan_menu server.mjs:15:3 registerPrompt',
      'resource recipes://catalogue server.mjs:25:3 registerResource',
      'resource recipes://recipe/{id} server.mjs:32:3 registerResource',
    ]);
    expect(prop(index, 'recipes_get_recipe', '/inputSchema/properties/recipe_id')).toBe('tools.mjs:51');
    expect(prop(index, 'recipes_plan_menu', '/arguments/0')).toBe('server.mjs:19');
    expect(prop(index, 'recipes://catalogue', '/title')).toBe('server.mjs:27');
    expect(index.responseLimit).toMatchObject({ file: 'tools.mjs', line: 4, name: 'CHARACTER_LIMIT' });
  });

  it('names resources by URI (as findings do) and keeps the registered name', async () => {
    const index = await buildSourceIndex(root, { entry: join(root, 'server.mjs') });
    const resources = index.registrations.filter((r): r is Registration => r.kind === 'resource');
    expect(resources.map((r) => [r.name, r.registeredName])).toEqual([
      ['recipes://catalogue', 'recipes_catalogue'],
      ['recipes://recipe/{id}', 'recipe'],
    ]);
  });
});

describe('source index: the low-level fixture', () => {
  it('indexes only what the entry imports, even when the project root is a large repository', async () => {
    const index = await buildSourceIndex(ROOT, { entry: fixturePath('source-lowlevel/server.mjs') });
    expect(index.filesIndexed).toBe(1);
    expect(index.entry).toBe('fixtures/source-lowlevel/server.mjs');
    expect(registrations(index)).toEqual([
      'tool weather_get_current fixtures/source-lowlevel/server.mjs:19:11 ListToolsRequestSchema', // PREFIX + '_get_current'
      'tool weather_get_forecast fixtures/source-lowlevel/server.mjs:35:11 ListToolsRequestSchema', // `${PREFIX}_get_forecast`
    ]);
    expect(index.responseLimit).toMatchObject({ line: 15, name: 'MAX_RESPONSE_CHARS' });
    expect(index.stdoutWrites.map((w) => `${w.call} ${w.line}`)).toEqual(['process.stdout.write 84']);
    expect(index.throwingHandlers.map((t) => `${t.tool} ${t.line}`)).toEqual(['weather_get_forecast 74', ' 77']);
    expect(index.looseZodObjects.map((l) => `${l.tool} ${l.form} ${l.line}`)).toEqual(['weather_get_forecast parse 61']);
  });
});

describe('source index: edge cases', () => {
  it('reports names it cannot resolve, with a reason, and never guesses', async () => {
    const dir = project({
      'server.mjs': server(
        [
          'const suffix = process.env.SUFFIX;',
          'let mutable = "x_tool";',
          "server.registerTool(makeName(), { description: 'd' }, async () => ({ content: [] }));",
          "server.registerTool(`x_${suffix}`, { description: 'd' }, async () => ({ content: [] }));",
          "server.registerTool(mutable, { description: 'd' }, async () => ({ content: [] }));",
          'export function register(name) { server.registerTool(name, {}, async () => ({ content: [] })); }',
          "server.registerTool('x_fine', {}, async () => ({ content: [] }));",
        ].join('\n'),
      ),
    });
    const index = await buildSourceIndex(dir, { entry: join(dir, 'server.mjs') });
    expect(index.registrations.map((r) => r.name)).toEqual(['x_fine']);
    expect(index.unresolved.map((u) => `${u.line} ${u.reason}`)).toEqual([
      '6 registerTool name is computed at run time (CallExpression)',
      '7 registerTool name uses "process.env.SUFFIX", which is not a string constant in the project',
      '8 registerTool name uses "mutable", which is not a const',
      '9 registerTool name comes from the parameter "name"',
    ]);
  });

  it('takes a call of an Object.prototype method (buffer.toString("utf8", 0, end)) for no registration', async () => {
    // Found when mcplint indexed itself: SERVER_METHODS["toString"] was Object's own, and the whole index failed.
    const dir = project({
      'server.mjs': server(
        [
          "const end = 1; Buffer.from('ab').toString('utf8', 0, end);",
          "server.registerTool('x_fine', {}, async () => ({ content: [] }));",
        ].join('\n'),
      ),
    });
    const index = await buildSourceIndex(dir, { entry: join(dir, 'server.mjs') });
    expect(index.registrations.map((r) => r.name)).toEqual(['x_fine']);
  });

  it('uses a built file when its source map names no existing original, and inline maps when they do', async () => {
    const inline = Buffer.from(JSON.stringify({ version: 3, sources: ['../src/server.ts'], mappings: '' })).toString('base64');
    const dir = project({
      'package.json': '{"type":"module"}',
      'dist/gone.js': "server.registerTool('x_from_dist', {}, async () => ({ content: [] }));\n//# sourceMappingURL=gone.js.map\n",
      'dist/gone.js.map': JSON.stringify({ version: 3, sources: ['../src/gone.ts'], mappings: '' }),
      'dist/server.js': `server.registerTool('x_built', {}, async () => ({ content: [] }));\n//# sourceMappingURL=data:application/json;base64,${inline}\n`,
      'src/server.ts': "// original\n\nserver.registerTool('x_original', {}, async () => ({ content: [] }));\n",
    });
    const built = await buildSourceIndex(dir, { entry: join(dir, 'dist', 'gone.js') });
    expect(registrations(built)).toEqual(['tool x_from_dist dist/gone.js:1:21 registerTool']);
    const mapped = await buildSourceIndex(dir, { entry: join(dir, 'dist', 'server.js') });
    expect(mapped.entry).toBe('src/server.ts');
    expect(registrations(mapped)).toEqual(['tool x_original src/server.ts:3:21 registerTool']);
  });

  it('skips node_modules and, without an entry, build output', async () => {
    const dir = project({
      'package.json': '{"type":"module"}',
      'server.mjs': "server.registerTool('x_src', {}, async () => ({ content: [] }));",
      'dist/server.js': "server.registerTool('x_dist', {}, async () => ({ content: [] }));",
      'node_modules/dep/index.js': "server.registerTool('x_dep', {}, async () => ({ content: [] })); console.log('x');",
    });
    const index = await buildSourceIndex(dir);
    expect(index.registrations.map((r) => r.name)).toEqual(['x_src']);
    expect(index.stdoutWrites).toEqual([]);
  });

  it('counts console output to stdout, not to stderr, not redirected console, not serialised messages', async () => {
    const dir = project({
      'a.mjs': [
        "console.log('one');",
        "console.error('stderr');",
        "console.warn('stderr');",
        "console.info('two');",
        'console.table([]);',
        "process.stdout.write('three\\n');",
        "process.stdout.write(JSON.stringify({ jsonrpc: '2.0' }) + '\\n');",
        "process.stdout.write(line + '\\n');",
        "import './b.mjs';",
      ].join('\n'),
      'b.mjs': "console.debug = console.error;\nconsole.debug('redirected');\n",
    });
    const index = await buildSourceIndex(dir, { entry: join(dir, 'a.mjs') });
    expect(index.stdoutWrites.map((w) => `${w.file}:${w.line} ${w.call}`)).toEqual([
      'a.mjs:1 console.log',
      'a.mjs:4 console.info',
      'a.mjs:5 console.table',
      'a.mjs:6 process.stdout.write',
    ]);
  });

  it('leaves stdout alone where an HTTP transport starts (stdout is not the protocol channel there)', async () => {
    const dir = project({
      'a.mjs': [
        "server.registerTool('x_tool', {}, async () => ({ content: [] }));",
        "app.listen(3000, () => console.log('listening on 3000'));",
        'if (process.env.HTTP) {',
        '  const transport = new StreamableHTTPServerTransport({});',
        "  console.log('http mode');",
        '} else {',
        "  console.log('stdio mode');",
        '}',
      ].join('\n'),
    });
    const index = await buildSourceIndex(dir, { entry: join(dir, 'a.mjs') });
    expect(index.stdoutWrites.map((w) => w.line)).toEqual([7]);
  });

  it('a throw caught inside the handler, or in a nested function, is not the handler throwing', async () => {
    const dir = project({
      'server.mjs': server(
        [
          "server.registerTool('x_caught', {}, async () => {",
          "  try { throw new Error('a'); } catch (e) { return { isError: true, content: [] }; }",
          '});',
          "server.registerTool('x_nested', {}, async () => {",
          "  const parse = (v) => { if (!v) throw new Error('b'); return v; };",
          '  try { parse(1); } catch { return { isError: true, content: [] }; }',
          '  return { content: [] };',
          '});',
          "server.registerTool('x_rethrows', {}, async () => {",
          '  try { return { content: [] }; } catch (e) { throw e; }',
          '});',
          'async function handler() {',
          "  throw new Error('c');",
          '}',
          "server.tool('x_named', 'A tool.', handler);",
        ].join('\n'),
      ),
    });
    const index = await buildSourceIndex(dir, { entry: join(dir, 'server.mjs') });
    expect(index.throwingHandlers.map((t) => `${t.tool} ${t.line} ${t.style}`)).toEqual(['x_rethrows 13 registerTool', 'x_named 16 tool']);
  });

  it('tells loose zod objects from strict and deliberately open ones', async () => {
    const dir = project({
      'server.mjs': server(
        [
          'const Shared = z.object({ a: z.string() });',
          "server.registerTool('x_loose', { inputSchema: z.object({ a: z.string() }) }, async () => ({ content: [] }));",
          "server.registerTool('x_strict', { inputSchema: z.object({ a: z.string() }).strict() }, async () => ({ content: [] }));",
          "server.registerTool('x_strict_object', { inputSchema: z.strictObject({ a: z.string() }) }, async () => ({ content: [] }));",
          "server.registerTool('x_passthrough', { inputSchema: z.object({ a: z.string() }).passthrough() }, async () => ({ content: [] }));",
          "server.registerTool('x_shape', { inputSchema: { a: z.string().describe('A.') } }, async () => ({ content: [] }));",
          "server.registerTool('x_shared', { inputSchema: Shared }, async () => ({ content: [] }));",
          "server.registerTool('x_extended', { inputSchema: Shared.extend({ b: z.number() }).strict() }, async () => ({ content: [] }));",
        ].join('\n'),
      ),
    });
    const index = await buildSourceIndex(dir, { entry: join(dir, 'server.mjs') });
    expect(index.looseZodObjects.map((l) => `${l.tool} ${l.form} ${l.line}`)).toEqual([
      'x_loose object 5',
      'x_shape rawShape 9',
      'x_shared object 4',
    ]);
    expect(prop(index, 'x_extended', '/inputSchema/properties/b')).toBe('server.mjs:11');
    expect(prop(index, 'x_shared', '/inputSchema/properties/a')).toBe('server.mjs:4');
  });

  it('records no limit when a slice is not a response truncation', async () => {
    const tool = "\nserver.registerTool('x_tool', {}, async () => ({ content: [] }));\n";
    const dir = project({ 'a.mjs': 'const head = buffer.slice(0, newline);\nconst day = new Date().toISOString().slice(0, 10);' + tool });
    const index = await buildSourceIndex(dir, { entry: join(dir, 'a.mjs') });
    expect(index.registrations).toHaveLength(1);
    expect(index.responseLimit).toBeUndefined();
    const limited = project({ 'a.mjs': 'export function cap(text) { return text.slice(0, 25_000); }' + tool });
    expect((await buildSourceIndex(limited, { entry: join(limited, 'a.mjs') })).responseLimit).toMatchObject({
      line: 1,
      name: 'text.slice(0, 25_000)',
    });
  });

  it('does not load the compiler for code with nothing to find (and reports the files it read)', async () => {
    const dir = project({
      'a.mjs': "import { helper } from './b.mjs';\n// import('./not-a-module.mjs')\nhelper(JSON.stringify({}));\n",
      'b.mjs': 'export const helper = (line) => process.stdout.write(line + "\\n");\n',
    });
    const index = await buildSourceIndex(dir, { entry: join(dir, 'a.mjs') });
    expect(index).toEqual({
      root: dir,
      entry: 'a.mjs',
      filesIndexed: 2,
      registrations: [],
      unresolved: [],
      stdoutWrites: [],
      throwingHandlers: [],
      looseZodObjects: [],
      envReads: [],
      evaluation: { found: false },
    });
  });

  it('follows multi-line, side-effect, re-export, dynamic and require imports', async () => {
    const dir = project({
      'a.mjs': [
        "import {\n  one,\n  two,\n} from './one.mjs';",
        "import './side.mjs';",
        "export * from './re.mjs';",
        "const lazy = await import('./lazy.mjs');",
        "const { c } = require('./c.cjs');",
      ].join('\n'),
      'one.mjs': "export const one = 1, two = 2; console.log('one');",
      'side.mjs': "console.log('side');",
      're.mjs': "console.log('re');",
      'lazy.mjs': "console.log('lazy');",
      'c.cjs': "console.log('c');",
      'unused.mjs': "console.log('never imported');",
    });
    const index = await buildSourceIndex(dir, { entry: join(dir, 'a.mjs') });
    expect(index.stdoutWrites.map((w) => w.file)).toEqual(['c.cjs', 'lazy.mjs', 'one.mjs', 're.mjs', 'side.mjs']);
  });
});
