/** `mcplint init`: detection, the written config, refusals, and a config `mcplint` then uses without flags. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { detectCandidates, PUBLISHED_SCHEMA_URL } from '../src/commands/init.js';
import { VERSION } from '../src/shared/version.js';
import { fixturePath, ROOT } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const project = (files: Record<string, string>): string => {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-init-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
};
const server = `import { serveRaw } from '${pathToFileURL(fixturePath('lib/raw-server.mjs')).href}';\nserveRaw();\n`;

describe('mcplint init: detection', () => {
  it('prefers the package bin, then main, then scripts.start, then server.json, then client configs', () => {
    const dir = project({
      'package.json': JSON.stringify({
        name: '@acme/books-mcp',
        bin: { other: 'bin/other.js', 'books-mcp': 'dist/index.js' },
        main: 'dist/lib.js',
        scripts: { start: 'node dist/index.js --stdio' },
      }),
      'dist/index.js': '',
      'server.json': JSON.stringify({
        name: 'io.acme/books',
        packages: [{ registryType: 'npm', identifier: '@acme/books-mcp', version: '1.2.0', transport: { type: 'stdio' } }],
      }),
      '.vscode/mcp.json':
        '{\n  // VS Code allows comments\n  "servers": { "books": { "command": "node", "args": ["dist/index.js"], "env": { "TOKEN": "x" } }, "remote": { "url": "https://x" }, },\n}',
    });
    const found = detectCandidates(dir).map((c) => [c.target.command, c.target.args.join(' '), c.from, c.note ?? '']);
    expect(found).toEqual([
      ['node', 'dist/index.js', 'package.json "bin"', ''],
      ['node', 'dist/lib.js', 'package.json "main"', 'dist/lib.js does not exist yet: build the project before running mcplint'],
      ['node', 'dist/index.js --stdio', 'package.json "scripts.start"', ''],
      ['npx', '-y @acme/books-mcp@1.2.0', 'server.json (npm package)', 'lints the published package, not this checkout'],
      // .vscode/mcp.json's entry repeats the bin command: deduplicated; the remote one needs --url.
    ]);
  });

  it('runs other start scripts through npm --silent, and reads .mcp.json', () => {
    const dir = project({
      'package.json': JSON.stringify({ scripts: { start: 'tsc && node dist/index.js' } }),
      '.mcp.json': JSON.stringify({ mcpServers: { py: { command: 'uv', args: ['run', 'server.py'] } } }),
    });
    expect(detectCandidates(dir).map((c) => `${c.target.command} ${c.target.args.join(' ')}`)).toEqual([
      'npm run --silent start',
      'uv run server.py',
    ]);
  });
});

describe('mcplint init: CLI', () => {
  it('points at --manifest when the project has a registry server.json or an MCP Bundle manifest.json, and only then', async () => {
    const pkg = JSON.stringify({ name: 'demo-mcp', version: '1.0.0', main: 'server.mjs' });
    const registry = project({
      'package.json': pkg,
      'server.mjs': server,
      'server.json': JSON.stringify({
        $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
        name: 'io.github.acme/demo',
      }),
    });
    const bundle = project({
      'package.json': pkg,
      'server.mjs': server,
      'manifest.json': JSON.stringify({ manifest_version: '0.3', server: { type: 'node', entry_point: 'server.mjs' } }),
    });
    const extension = project({
      'package.json': pkg,
      'server.mjs': server,
      'manifest.json': JSON.stringify({ manifest_version: 3, name: 'x' }),
    });
    const plain = project({ 'package.json': pkg, 'server.mjs': server });
    const [a, b, c, d] = await Promise.all([registry, bundle, extension, plain].map((cwd) => runCli(['init'], { cwd })));
    expect(a!.stdout).toContain('npx mcplint --manifest server.json   before publishing');
    expect(b!.stdout).toContain('npx mcplint --manifest manifest.json   before publishing');
    // A browser extension's manifest.json ("manifest_version": 3) is not a bundle.
    expect(c!.stdout).not.toContain('--manifest');
    expect(d!.stdout).not.toContain('--manifest');
  });

  it('writes a config that mcplint then uses without flags, and refuses to overwrite it without --force', async () => {
    // "main", not "bin": without the config, mcplint would not know what to launch.
    const dir = project({
      'package.json': JSON.stringify({ name: 'demo-mcp', version: '1.0.0', main: 'server.mjs' }),
      'server.mjs': server,
    });
    const init = await runCli(['init'], { cwd: dir });
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('Wrote mcplint.config.json.');
    expect(init.stdout).toContain('node server.mjs   (from package.json "main")');
    const config = JSON.parse(readFileSync(join(dir, 'mcplint.config.json'), 'utf8'));
    expect(config).toEqual({
      $schema: PUBLISHED_SCHEMA_URL,
      extends: 'recommended',
      target: { command: 'node', args: ['server.mjs'] },
      rules: {},
      ignore: [],
    });
    expect(PUBLISHED_SCHEMA_URL).toBe(`https://unpkg.com/mcplint@${VERSION}/schema/mcplint.config.schema.json`);

    // The published schema accepts it (what editors check through "$schema").
    const Ajv2020 = createRequire(import.meta.url)('ajv/dist/2020').default;
    const schema = JSON.parse(readFileSync(join(ROOT, 'schema', 'mcplint.config.schema.json'), 'utf8'));
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);

    const lint = await runCli([], { cwd: dir });
    expect(lint.stderr).toBe('');
    expect(lint.stdout).toContain('bookstore-mcp-server 1.0.0');
    expect(lint.stdout).toContain('✔ no problems');
    expect(lint.code).toBe(0);

    const again = await runCli(['init'], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/mcplint\.config\.json already exists; not overwriting it \(use --force/);
    writeFileSync(join(dir, 'mcplint.config.json'), '{}');
    const forced = await runCli(['init', '--force'], { cwd: dir });
    expect(forced.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'mcplint.config.json'), 'utf8')).target).toEqual({ command: 'node', args: ['server.mjs'] });
  }, 120_000);

  it('refuses when another mcplint config would take precedence, and guides when nothing is found', async () => {
    const other = project({ 'package.json': '{"name":"x"}', '.mcplintrc.json': '{}' });
    const refused = await runCli(['init', '--force'], { cwd: other });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('already has an mcplint config (.mcplintrc.json)');

    const empty = project({});
    const guided = await runCli(['init'], { cwd: empty });
    expect(guided.code).toBe(0);
    expect(guided.stdout).toContain('No server found');
    expect(JSON.parse(readFileSync(join(empty, 'mcplint.config.json'), 'utf8')).target).toBeUndefined();
  }, 120_000);
});
