/**
 * What the CLI prints (built bin): --quiet's errors and one summary line, --print-config, and
 * --fail-on-skipped.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { FAKE_SECRETS } from './helpers/fake-secrets.js';

const FAKE_GITHUB = FAKE_SECRETS['github-token'];

const node = process.execPath;
const scratch = () => mkdtempSync(join(tmpdir(), 'mcplint-cli-output-'));

describe.concurrent('--quiet: errors only and one summary line', () => {
  it('prints the error findings and a summary that counts the warnings it leaves out', async () => {
    // 1 tool-surface-budget warning (raised to error here), input-schema-bounded warnings and response-format-offered notes.
    const server = fixturePath('bench/large-list-server.mjs');
    const [quiet, full] = await Promise.all([
      runCli(['--quiet', '--rule', 'tool-surface-budget=error', '--', node, server]),
      runCli(['--rule', 'tool-surface-budget=error', '--format', 'json', '--', node, server]),
    ]);
    const counts = JSON.parse(full.stdout).servers[0].counts as { error: number; warning: number; note: number };
    expect(counts.error).toBeGreaterThan(0);
    expect(counts.warning).toBeGreaterThan(0);
    expect(counts.note).toBeGreaterThan(0);
    const lines = quiet.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(
      `✖ ${counts.error} error${counts.error === 1 ? '' : 's'} (${counts.warning} warnings, ${counts.note} notes not shown)`,
    );
    expect(quiet.stdout).toContain('tool-surface-budget');
    expect(lines.slice(0, -1).join('\n')).not.toMatch(/warning|score|Top fixes|not checked|not applicable|input-schema-bounded/);
    expect(quiet.stderr).toBe('');
    expect(quiet.code).toBe(1);
  });

  it('without errors: one line only, never "score" or the not-checked list', async () => {
    const r = await runCli(['-q', '--', node, fixturePath('rules/tool-annotations-present/bad.mjs')]);
    expect(r.stdout).toBe('✔ no errors (1 warning not shown)\n');
    expect(r.code).toBe(0);
    const clean = await runCli(['-q', '--', node, fixturePath('clean-server.mjs')]);
    expect(clean.stdout).toBe('✔ no problems\n');
  });
});

describe.concurrent('--fail-on-skipped', () => {
  /** A client config with one server that can be linted and one that cannot (its variable is unset). */
  function clientConfig(extra: Record<string, unknown> = {}): string {
    const dir = scratch();
    writeFileSync(join(dir, 'package.json'), '{}');
    writeFileSync(
      join(dir, '.mcp.json'),
      JSON.stringify({
        mcpServers: {
          good: { command: node, args: [fixturePath('clean-server.mjs')] },
          needy: { command: node, args: [fixturePath('clean-server.mjs')], env: { API_KEY: '${MCPLINT_TEST_UNSET_VARIABLE}' } },
        },
      }),
    );
    if (Object.keys(extra).length > 0) writeFileSync(join(dir, 'mcplint.config.json'), JSON.stringify(extra));
    return dir;
  }
  const run = (dir: string, flags: string[] = []) =>
    runCli(['--config-file', '.mcp.json', '--no-probes', ...flags], { cwd: dir, timeoutMs: 90_000 });

  it('by default a skipped server does not fail the run, but the summary never says "no problems"', async () => {
    const r = await run(clientConfig());
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('⚠ no problems in 1 linted server, 1 server skipped (not linted)');
  });

  it('the flag, or failOnSkipped in the config, makes it exit 1 and says why', async () => {
    const [flag, config, overridden] = await Promise.all([
      run(clientConfig(), ['--fail-on-skipped']),
      run(clientConfig({ failOnSkipped: true })),
      run(clientConfig({ failOnSkipped: true }), ['--no-fail-on-skipped']),
    ]);
    for (const r of [flag, config]) {
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('mcplint: 1 server skipped (not linted): "needy" (--fail-on-skipped)');
    }
    expect(overridden.code).toBe(0);
  });

  it('mcplint merge reads failOnSkipped from the config as a lint does', async () => {
    const dir = clientConfig({ failOnSkipped: true });
    const lint = await run(dir, ['--format', 'json', '--output', 'shard.json', '--no-fail-on-skipped']);
    expect(lint.code).toBe(0);
    const [merged, overridden] = await Promise.all([
      runCli(['merge', 'shard.json'], { cwd: dir }),
      runCli(['merge', 'shard.json', '--no-fail-on-skipped'], { cwd: dir }),
    ]);
    expect(merged.code).toBe(1);
    expect(merged.stderr).toContain('mcplint: 1 server skipped (not linted): "needy" (--fail-on-skipped)');
    expect(overridden.code).toBe(0);
  });
});

describe.concurrent('--print-config', () => {
  it('prints the resolved configuration as JSON, secrets redacted, and exits 0 without launching', async () => {
    const dir = scratch();
    const marker = join(dir, 'launched');
    writeFileSync(join(dir, 'package.json'), '{}');
    writeFileSync(
      join(dir, 'mcplint.config.json'),
      JSON.stringify({
        extends: 'strict',
        target: {
          command: node,
          // A token after an escaped character (a JSON `\n` before it) is masked too.
          args: [
            '-e',
            `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`,
            'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
            `--token=\n${FAKE_GITHUB}`,
          ],
          env: { API_KEY: 'value-that-must-not-show' },
        },
        rules: { 'tool-description-length': ['warning', { minLength: 60 }] },
        probes: { denyTools: ['delete_everything'] },
      }),
    );
    const r = await runCli(['--print-config', '--rule', 'tool-name-verb=off', '--no-protocol-probes', '--fail-on-skipped'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(existsSync(marker)).toBe(false);
    expect(r.stdout).not.toContain('value-that-must-not-show');
    expect(r.stdout).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    expect(r.stdout).not.toContain(FAKE_GITHUB.slice(4));
    const printed = JSON.parse(r.stdout);
    expect(printed.configFile.path).toBe(join(dir, 'mcplint.config.json'));
    expect(printed.extends).toBe('strict');
    // What the run would use: the flag's failOnSkipped, the default timeout.
    expect(printed.failOnSkipped).toBe(true);
    expect(printed.timeoutMs).toBe(10_000);
    expect(printed.target).toMatchObject({ kind: 'server', foundBy: 'config target', server: { env: { API_KEY: '[redacted]' } } });
    expect(printed.probes).toMatchObject({ tools: true, denyTools: ['delete_everything'], protocol: false });
    // Every rule, with the options in effect: the rule's defaults under the configured ones.
    expect(printed.rules['tool-description-length']).toEqual({ level: 'warning', options: { minLength: 60, maxLength: 2000 } });
    expect(printed.rules['tool-name-verb']).toEqual({ level: 'off' });
    const list = await runCli(['rules', '--format', 'json']);
    expect(Object.keys(printed.rules).sort()).toEqual((JSON.parse(list.stdout) as { id: string }[]).map((rule) => rule.id).sort());
  });

  it('header values given with --url are never printed', async () => {
    const r = await runCli(['--print-config', '--url', 'https://mcp.example.com/mcp', '-H', 'Authorization: Bearer s3cr3t-t0ken-value']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('s3cr3t-t0ken-value');
    expect(JSON.parse(r.stdout).target).toEqual({
      kind: 'server',
      foundBy: '--url',
      server: { kind: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: '[redacted]' }, transport: 'auto' },
    });
  });
});
