/**
 * Client configs of hostile shapes: variables that expand to gigabytes stop at a cap with one line
 * naming the variable (exit 2), a server or variable named `__proto__` is an ordinary name, and a
 * 100 KB server name is shortened in every output, never an internal error.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResolvedStdioTarget } from '../src/connect/capture-target.js';
import { loadClientConfig, MAX_EXPANDED_CHARS } from '../src/connect/client-config.js';
import { ConfigError } from '../src/config/config.js';
import { MAX_NAME_CHARS } from '../src/shared/text.js';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'mcplint-cc-shapes-'));
const clean = { command: process.execPath, args: [fixturePath('clean-server.mjs')] };

describe('variable expansion in a client config', () => {
  // 200 references to a 120 KB variable: 24 MB once expanded, past the cap (30,000 made 3.6 GB).
  const big = 'v'.repeat(120 * 1024);
  const references = Array.from({ length: 200 }, () => '${BIG_VALUE}');

  it(`stops past ${MAX_EXPANDED_CHARS / 2 ** 20} MiB of expanded text, naming the variable and where`, () => {
    const dir = scratch();
    writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { amp: { command: 'node', args: references } } }));
    expect(() => loadClientConfig('mcp.json', { cwd: dir, env: { BIG_VALUE: big } })).toThrow(ConfigError);
    expect(() => loadClientConfig('mcp.json', { cwd: dir, env: { BIG_VALUE: big } })).toThrow(
      /^--config-file mcp\.json: server "amp" args\/\d+ expands \$\{BIG_VALUE\} past 16 MiB of expanded text/,
    );
    // The cap is on the whole file: the same references spread over servers stop too.
    const spread = Object.fromEntries(references.map((r, i) => [`s${i}`, { command: 'node', env: { A: r } }]));
    writeFileSync(join(dir, 'spread.json'), JSON.stringify({ mcpServers: spread }));
    expect(() => loadClientConfig('spread.json', { cwd: dir, env: { BIG_VALUE: big } })).toThrow(/expands \$\{BIG_VALUE\} past/);
    // A large variable referenced once is fine.
    const once = loadClientConfig('mcp.json', { cwd: dir, env: { BIG_VALUE: 'x' } });
    expect((once.servers[0]!.target as ResolvedStdioTarget).args).toHaveLength(200);
  });

  it('is one line on stderr and exit 2 from the CLI', { timeout: 60_000 }, async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { amp: { command: 'node', args: references } } }));
    const r = await runCli(['--config-file', 'mcp.json'], { cwd: dir, env: { BIG_VALUE: big } });
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('${BIG_VALUE}');
    expect(r.stderr).not.toContain('internal error');
  });
});

describe('names of hostile shape in a client config', () => {
  it('a server and an env variable named __proto__ are ordinary names', () => {
    const dir = scratch();
    // Written as JSON text: in an object literal, "__proto__" would set the prototype instead of a key.
    const entry = JSON.stringify(clean).replace(/}$/, ',"env":{"__proto__":"proto-value"}}');
    writeFileSync(join(dir, 'mcp.json'), `{"mcpServers": {"__proto__": ${entry}, "ok": ${JSON.stringify(clean)}}}`);
    const config = loadClientConfig('mcp.json', { cwd: dir });
    expect(config.servers.map((s) => s.name)).toEqual(['__proto__', 'ok']);
    const env = (config.servers[0]!.target as ResolvedStdioTarget).env!;
    expect(Object.keys(env)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(env, '__proto__')?.value).toBe('proto-value');
    expect(Object.getPrototypeOf(env)).toBe(Object.prototype);
  });

  it('a 100 KB server name is shortened in every output, with its lines found, never an internal error', { timeout: 90_000 }, async () => {
    const dir = scratch();
    const long = `${'n'.repeat(100_000)}-tail`;
    writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { [long]: clean, ok: clean } }, null, 2));
    const config = loadClientConfig('mcp.json', { cwd: dir });
    const shown = config.servers[0]!.name;
    expect(shown.length).toBeLessThanOrEqual(MAX_NAME_CHARS);
    expect(shown).toMatch(/^n+…~[0-9a-f]{8}$/);
    expect(config.servers.map((s) => s.line)).toEqual([3, 9]);
    const formats = ['text', 'json', 'markdown', 'html', 'gitlab', 'junit', 'github', 'checklist'];
    const runs = await Promise.all(
      formats.map((f) => runCli(['--config-file', 'mcp.json', '--no-probes', '--format', f], { cwd: dir, timeoutMs: 60_000 })),
    );
    runs.forEach((r, i) => {
      expect(r.stderr, formats[i]).not.toContain('internal error');
      expect(r.stdout, formats[i]).toContain(shown.slice(0, 50));
      expect(r.stdout.includes('n'.repeat(MAX_NAME_CHARS)), formats[i]).toBe(false);
    });
  });
});
