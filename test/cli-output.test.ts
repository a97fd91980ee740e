/**
 * What the CLI prints (built bin): --quiet's errors and one summary line, --print-config, and
 * --fail-on-skipped.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

const node = process.execPath;
const scratch = () => mkdtempSync(join(tmpdir(), 'mcplint-cli-output-'));

describe.concurrent('--quiet: errors only and one summary line', () => {
  it('prints the error findings and a summary that counts the warnings it leaves out', async () => {
    // 1 tool-surface-budget warning (raised to error here) and 188 input-schema-bounded warnings.
    const server = fixturePath('bench/large-list-server.mjs');
    const [quiet, full] = await Promise.all([
      runCli(['--quiet', '--rule', 'tool-surface-budget=error', '--', node, server]),
      runCli(['--rule', 'tool-surface-budget=error', '--format', 'json', '--', node, server]),
    ]);
    const counts = JSON.parse(full.stdout).servers[0].counts as { error: number; warning: number };
    expect(counts.error).toBeGreaterThan(0);
    expect(counts.warning).toBeGreaterThan(0);
    const lines = quiet.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(`✖ ${counts.error} error${counts.error === 1 ? '' : 's'} (${counts.warning} warnings not shown)`);
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
