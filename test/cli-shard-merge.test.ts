/**
 * The CI-matrix workflow through the bin: `--shard i/n --format json` per job, then
 * `mcplint merge` into any format, with the same exit decision as an unsharded lint.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

let dir: string;
let config: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcplint-cli-shard-'));
  config = join(dir, '.mcp.json');
  const server = (path: string) => ({ command: process.execPath, args: [fixturePath(path)] });
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        bookstore: server('clean-server.mjs'),
        'bookstore-next': server('modern/server.mjs'),
        notes: server('exemplary-server/server.mjs'),
      },
    }),
  );
});

describe('mcplint --shard and mcplint merge (CLI)', { timeout: 120_000 }, () => {
  it('two shards merge into one report with the cross-server collisions, and exit like the whole run', async () => {
    const shards = await Promise.all(
      ['1/2', '2/2'].map(async (shard, i) => {
        const out = join(dir, `shard-${i + 1}.json`);
        const r = await runCli(['--config-file', config, '--shard', shard, '--no-probes', '--format', 'json', '--output', out], {
          timeoutMs: 90_000,
        });
        expect([0, 1], r.stderr).toContain(r.code);
        return out;
      }),
    );
    const names = shards.flatMap((file) =>
      (JSON.parse(readFileSync(file, 'utf8')) as { servers: { label: string }[] }).servers.map((s) => s.label.split(' ')[0]),
    );
    expect(names.sort()).toEqual(['bookstore', 'bookstore-next', 'notes']);

    const merged = await runCli(['merge', ...shards, '--format', 'json']);
    expect(merged.stderr).toBe('');
    const report = JSON.parse(merged.stdout) as { servers: { label: string; findings: { ruleId: string }[] }[] };
    expect(report.servers.map((s) => s.label.split(' ')[0])).toEqual(['bookstore', 'bookstore-next', 'notes']);
    expect(report.servers[0]!.findings.some((f) => f.ruleId === 'tool-name-collision')).toBe(true);

    const whole = await runCli(['--config-file', config, '--no-probes', '--format', 'json'], { timeoutMs: 90_000 });
    expect(merged.code).toBe(whole.code);
    const junit = await runCli(['merge', ...shards, '--format', 'junit']);
    expect(junit.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites>/);
    expect((junit.stdout.match(/<testsuite /g) ?? []).length).toBe(3);
  });

  it('refuses --shard without --config-file, a bad shard, and a report that is not one', async () => {
    const alone = await runCli(['--shard', '1/2', '--', process.execPath, fixturePath('clean-server.mjs')]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--shard goes with --config-file');
    const bad = await runCli(['--config-file', config, '--shard', '3/2']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--shard 3/2: expected i/n');
    const notJson = join(dir, 'not-a-report.json');
    writeFileSync(notJson, '{"hello": 1}');
    const merged = await runCli(['merge', notJson]);
    expect(merged.code).toBe(2);
    expect(merged.stderr.trim().split('\n')).toHaveLength(1);
    expect(merged.stderr).toContain('is not an mcplint JSON report');
  });

  it('writes GitLab Code Quality JSON from a lint', async () => {
    const r = await runCli([
      '--format',
      'gitlab',
      '--no-probes',
      '--',
      process.execPath,
      fixturePath('rules/tool-annotations-present/bad.mjs'),
    ]);
    const issues = JSON.parse(r.stdout) as { check_name: string; severity: string; location: { path: string; lines: { begin: number } } }[];
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.some((i) => i.check_name === 'tool-annotations-present')).toBe(true);
  });
});
