/**
 * Client config files as targets: every client format parsed, variables expanded the way clients
 * do, secrets kept out of the capture, and whole configs linted for real — servers in parallel,
 * with cross-server name collisions.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedStdioTarget } from '../src/connect/capture-target.js';
import { loadClientConfig, stripJsonc } from '../src/connect/client-config.js';
import { ConfigError } from '../src/config/config.js';
import { lint } from '../src/session/lint.js';
import { rules } from '../rules/index.js';
import { fixturePath, ROOT } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { configFixture, lintConfigFixture, startHttpFixture, type RunningServer } from './helpers/targets.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'mcplint-cc-'));
const write = (dir: string, name: string, doc: unknown): string => {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return path;
};
const ENV = { BOOKSTORE_TOKEN: 'tok-7Qm2Zt9Lw4Rx8Np3', BOOKSTORE_API_KEY: 'key-Zt9Lw4Rx8Np37Qm2', NOTES_API_KEY: 'notes-key-1' };

describe('client config files', { timeout: 60_000 }, () => {
  it('recognises every client format and where its servers are', () => {
    const env = { ...ENV, BOOKSTORE_HTTP_URL: 'http://127.0.0.1:9/mcp' };
    const cases: [string[], string, [string, string][]][] = [
      [['claude-desktop', 'claude_desktop_config.json'], 'claude-desktop', [['bookstore', 'stdio']]],
      [['claude-code', '.mcp.json'], 'claude-code', [['bookstore', 'http']]],
      [['cursor', '.cursor', 'mcp.json'], 'cursor', [['bookstore', 'stdio']]],
      [
        ['vscode', '.vscode', 'mcp.json'],
        'vscode',
        [
          ['bookstore', 'stdio'],
          ['bookstore-remote', 'http'],
        ],
      ],
      [
        ['gemini', '.gemini', 'settings.json'],
        'gemini',
        [
          ['bookstore', 'http'],
          ['notes', 'stdio'],
        ],
      ],
      [['windsurf', 'mcp_config.json'], 'windsurf', [['bookstore', 'http']]],
    ];
    for (const [parts, format, servers] of cases) {
      const config = loadClientConfig(configFixture(...parts), { cwd: ROOT, env });
      expect(config.format, parts.join('/')).toBe(format);
      expect(config.servers.map((s) => [s.name, s.record.transport])).toEqual(servers);
      for (const s of config.servers) expect(s.line, `${parts.join('/')} ${s.name}`).toBeGreaterThan(1);
    }
  });

  it('expands ${VAR}, ${env:VAR}, $VAR, ${VAR:-default} and ${workspaceFolder}', () => {
    const dir = scratch();
    const path = write(dir, '.vscode/mcp.json', {
      servers: {
        s: {
          type: 'stdio',
          command: 'node',
          args: ['${workspaceFolder}/server.js', '--region', '${REGION:-eu}', '--user', '$USER_NAME'],
          env: { A: '${env:TOKEN_A}', B: 'Bearer ${TOKEN_A}' },
        },
      },
    });
    const [server] = loadClientConfig(path, { cwd: dir, env: { TOKEN_A: 'abc123456789', USER_NAME: 'ada' } }).servers;
    const target = server!.target as ResolvedStdioTarget;
    expect(target.args).toEqual([`${dir}/server.js`, '--region', 'eu', '--user', 'ada']);
    expect(target.env).toEqual({ A: 'abc123456789', B: 'Bearer abc123456789' });
    expect(target.cwd).toBe(join(dir, '.vscode'));
    // The record keeps references, never the values.
    expect(server!.record.values['/env/A']).toEqual({ text: '${env:TOKEN_A}', references: ['TOKEN_A'], literalLength: 0 });
    expect(server!.record.values['/env/B']!.text).toBe('Bearer ${TOKEN_A}');
    expect(JSON.stringify(server!.record)).not.toContain('abc123456789');
  });

  it('names a missing variable and a VS Code input it cannot prompt for', () => {
    const dir = scratch();
    const path = write(dir, '.mcp.json', {
      mcpServers: {
        a: { command: 'node', args: ['x.js'], env: { KEY: '${MISSING_VAR}' } },
        b: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${input:token}' } },
        c: { command: 'node', args: ['x.js'] },
      },
    });
    const servers = loadClientConfig(path, { cwd: dir, env: {} }).servers;
    expect(servers[0]!.problem).toContain('MISSING_VAR is not set');
    expect(servers[1]!.problem).toContain('${input:token}');
    expect(servers[2]!.target).toBeDefined();
  });

  it('replaces literal secrets in the record, and classifies them', () => {
    const dir = scratch();
    const path = write(dir, '.mcp.json', {
      mcpServers: {
        gh: {
          command: 'npx',
          args: ['-y', 'server-github@1.0.0', '--token', 'a9F3kQ2mZ8xL4pW7rT1vB6nC'],
          env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5', LOG_LEVEL: 'debug', HOME_DIR: '/home/ada' },
          headers: {},
        },
      },
    });
    const [server] = loadClientConfig(path, { cwd: dir, env: {} }).servers;
    const values = server!.record.values;
    expect(values['/env/GITHUB_PERSONAL_ACCESS_TOKEN']).toMatchObject({ text: '[redacted]', secret: 'GitHub token' });
    expect(values['/env/LOG_LEVEL']).toEqual({ text: '[redacted]', references: [], literalLength: 5 });
    expect(values['/args/3']).toMatchObject({ text: '[redacted]', secret: 'literal value after --token' });
    expect(values['/args/1']).toEqual({ text: 'server-github@1.0.0', references: [], literalLength: 19 });
    const record = JSON.stringify(server!.record);
    expect(record).not.toContain('ghp_aB3');
    expect(record).not.toContain('a9F3kQ2m');
    // Expanded and literal secrets are handed to redaction.
    expect(server!.target!.secrets).toEqual(expect.arrayContaining(['a9F3kQ2mZ8xL4pW7rT1vB6nC']));
  });

  it('reads JSONC (comments, trailing commas) and keeps line numbers', () => {
    expect(JSON.parse(stripJsonc('{ // c\n "a": "//not a comment", /* b */ "b": [1,2,], }'))).toEqual({ a: '//not a comment', b: [1, 2] });
    const config = loadClientConfig(configFixture('vscode', '.vscode', 'mcp.json'), {
      cwd: ROOT,
      env: { ...ENV, BOOKSTORE_HTTP_URL: 'http://127.0.0.1:9/mcp' },
    });
    expect(config.servers.map((s) => s.line)).toEqual([7, 13]);
  });

  it('gives one clear error for a file that is not a client config', () => {
    const dir = scratch();
    expect(() => loadClientConfig(write(dir, 'x.json', { name: 'x' }), { cwd: dir })).toThrow(ConfigError);
    expect(() => loadClientConfig(write(dir, 'y.json', '{ nope'), { cwd: dir })).toThrow(/not valid JSON/);
    expect(() => loadClientConfig(join(dir, 'absent.json'), { cwd: dir })).toThrow(/cannot read/);
  });
});

describe('linting client configs for real', { timeout: 120_000 }, () => {
  let server: RunningServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startHttpFixture('http/sdk-server.mjs');
    env = { ...ENV, BOOKSTORE_HTTP_URL: server.url };
  });
  afterAll(() => server.stop());

  const cases = [
    ['claude-desktop', 'claude_desktop_config.json'],
    ['claude-code', '.mcp.json'],
    ['cursor', '.cursor', 'mcp.json'],
    ['vscode', '.vscode', 'mcp.json'],
    ['gemini', '.gemini', 'settings.json'],
    ['windsurf', 'mcp_config.json'],
  ];
  for (const parts of cases) {
    it(`${parts.join('/')}: the servers lint clean over their transports`, async () => {
      const result = await lintConfigFixture(configFixture(...parts), { ...process.env, ...env });
      expect(result.captures.length).toBeGreaterThan(0);
      expect(result.summary).toEqual([]);
      for (const capture of result.captures) {
        expect(capture.handshake.ok).toBe(true);
        expect(capture.clientConfig?.serverName).toBeDefined();
        expect(JSON.stringify(capture)).not.toContain(ENV.BOOKSTORE_TOKEN);
      }
    });
  }

  it('vscode: the server behind ${input:…} is skipped with the reason', async () => {
    const result = await lintConfigFixture(configFixture('vscode', '.vscode', 'mcp.json'), { ...process.env, ...env });
    expect(result.skipped).toEqual([{ name: 'bookstore-remote', reason: expect.stringContaining('${input:bookstore-token}') }]);
  });

  it('gemini: httpUrl is Streamable HTTP, and includeTools/excludeTools are recorded and noted', async () => {
    const result = await lintConfigFixture(configFixture('gemini', '.gemini', 'settings.json'), { ...process.env, ...env });
    const [bookstore, notes] = result.captures;
    expect(bookstore!.transport).toBe('http');
    expect(bookstore!.clientConfig?.excludeTools).toEqual(['bookstore_add_review']);
    expect(notes!.clientConfig?.includeTools).toEqual(['notes_search_notes', 'notes_get_note']);
    expect(notes!.notes.join('\n')).toContain('limits the tools the client exposes');
  });

  it('lints five servers with --jobs 4 into one report, with cross-server name collisions', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const { report, captures } = await lint({
        cwd: ROOT,
        rules,
        noConfig: true,
        noSource: true,
        clientConfigFile: configFixture('five-servers', '.mcp.json'),
        jobs: 4,
      });
      expect(report.servers).toHaveLength(5);
      expect(captures.map((c) => c.target.declaredIn?.serverName)).toEqual([
        'bookstore',
        'bookstore-http',
        'bookstore-next',
        'notes',
        'legacy-notes',
      ]);
      const collisions = report.servers.map((s) =>
        s.findings.filter((f) => f.ruleId === 'tool-name-collision').map((f) => (f.subject.kind === 'tool' ? f.subject.name : '')),
      );
      expect(collisions[0]).toEqual([
        'bookstore_add_review',
        'bookstore_add_review',
        'bookstore_get_book',
        'bookstore_get_book',
        'bookstore_search_books',
        'bookstore_search_books',
      ]);
      expect(report.servers.every((s) => !s.skipped.some((k) => k.ruleId === 'tool-name-collision'))).toBe(true);
      // Located at the config line of the server entry.
      expect(report.servers[1]!.findings.find((f) => f.ruleId === 'tool-name-collision')!.location).toMatchObject({
        uri: 'fixtures/configs/five-servers/.mcp.json',
        startLine: 7,
        anchor: 'config',
      });
    } finally {
      for (const key of Object.keys(env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  }, 60_000);
});

describe.concurrent('mcplint --config-file (CLI)', { timeout: 120_000 }, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpFixture('http/sdk-server.mjs');
  });
  afterAll(() => server.stop());

  it('lints every server of a config in parallel, one combined report, collisions included', async () => {
    const r = await runCli(['--config-file', configFixture('five-servers', '.mcp.json'), '--jobs', '4', '--format', 'json'], {
      env: { ...ENV, BOOKSTORE_HTTP_URL: server.url },
      timeoutMs: 90_000,
    });
    const doc = JSON.parse(r.stdout) as {
      servers: {
        label: string;
        transport: string;
        findings: { ruleId: string; subject: { name?: string }; location: { uri: string } }[];
      }[];
    };
    expect(doc.servers.map((s) => s.label.split(' ')[0])).toEqual([
      'bookstore',
      'bookstore-http',
      'bookstore-next',
      'notes',
      'legacy-notes',
    ]);
    expect(doc.servers.map((s) => s.transport)).toEqual(['stdio', 'http', 'stdio', 'stdio', 'stdio']);
    const collisions = doc.servers.map((s) => s.findings.filter((f) => f.ruleId === 'tool-name-collision').length);
    // The three bookstores share three tool names (each sees two others); the two notes servers share four.
    expect(collisions).toEqual([6, 6, 6, 4, 4]);
    const finding = doc.servers[0]!.findings.find((f) => f.ruleId === 'tool-name-collision')!;
    // Tool findings sit on the server's entry file first (locate's order for tools), then the config.
    expect(finding.location.uri).toBe('fixtures/clean-server.mjs');
  });

  it('lints one server with --server', async () => {
    const one = await runCli(['--config-file', configFixture('five-servers', '.mcp.json'), '--server', 'notes'], {
      env: { BOOKSTORE_HTTP_URL: server.url },
      timeoutMs: 90_000,
    });
    expect(one.stdout).toContain('notes (notes-mcp-server 1.0.0)');
    expect(one.stdout).not.toContain('bookstore');
    expect(one.code).toBe(0);
  });

  it('skips a server whose variable is missing, naming it — and refuses when that server was asked for', async () => {
    const dir = scratch();
    const path = write(dir, '.mcp.json', {
      mcpServers: {
        good: { command: process.execPath, args: [fixturePath('clean-server.mjs')] },
        needy: { command: process.execPath, args: [fixturePath('clean-server.mjs')], env: { API_KEY: '${MCPLINT_TEST_UNSET_VARIABLE}' } },
      },
    });
    const all = await runCli(['--config-file', path], { timeoutMs: 90_000 });
    expect(all.stderr).toContain('skipped server "needy"');
    expect(all.stderr).toContain('MCPLINT_TEST_UNSET_VARIABLE is not set');
    expect(all.stdout).toContain('good');
    expect(all.code).toBe(0);
    const asked = await runCli(['--config-file', path, '--server', 'needy'], { timeoutMs: 90_000 });
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('MCPLINT_TEST_UNSET_VARIABLE');
    const unknown = await runCli(['--config-file', path, '--server', 'nope'], { timeoutMs: 90_000 });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('has no such server (it has "good", "needy")');
  });

  it('refuses --server without --config-file', async () => {
    const r = await runCli(['--server', 'x', '--', process.execPath, fixturePath('clean-server.mjs')], { timeoutMs: 90_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--server and --jobs go with --config-file');
  });
});
