/**
 * A server whose tool schema nests 700 or 100,000 levels deep, linted through the built bin: mcplint
 * reports the depth, judges the rest, never crashes (exit 2) or hangs, and a saved capture of it
 * reads back with --from. The suite's leftover check covers the server processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcplint-deep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface JsonReport {
  servers: { findings: { ruleId: string; messageId: string; subject: { name?: string } }[] }[];
}
const depthFindings = (stdout: string) =>
  (JSON.parse(stdout) as JsonReport).servers[0]!.findings.filter((f) => f.ruleId === 'schema-depth-limit').map((f) => f.subject.name);

const server = (depth: number) => ['node', fixturePath('hostile/deep-schema.mjs'), String(depth)];

describe.each([700, 100_000])('a tool schema nested %i levels', (depth) => {
  it.each([[[]], [['--no-probes']]])('is reported, not crashed on, with flags %j', { timeout: 120_000 }, async (flags) => {
    const result = await runCli([...flags, '--format', 'json', '--', ...server(depth)], { timeoutMs: 100_000 });
    expect(result.stderr).not.toContain('internal error');
    expect([0, 1]).toContain(result.code);
    expect(depthFindings(result.stdout)).toEqual(['bookstore_filter_books']);
  });

  it('round-trips through --save-capture and --from', { timeout: 120_000 }, async () => {
    const saved = join(dir, `deep-${depth}.json`);
    const live = await runCli(['--save-capture', saved, '--format', 'json', '--', ...server(depth)], { timeoutMs: 100_000 });
    expect([0, 1]).toContain(live.code);
    const offline = await runCli(['--from', saved, '--format', 'json'], { timeoutMs: 100_000 });
    expect(offline.stderr).not.toContain('internal error');
    expect([0, 1]).toContain(offline.code);
    expect(depthFindings(offline.stdout)).toEqual(['bookstore_filter_books']);
  });
});
