/**
 * The probe safety policy end to end: a server whose ~1,600 tools lie (read-only, closed-world
 * annotations on world-changing names, look-alike letters, destructive redefinitions on later pages,
 * open-world tools that run invalid arguments) is linted for real with probes on. Its own log of
 * received messages must show no tools/call of any of them, and `mcplint plan` must say why each
 * one is skipped.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTROL_TOOL, LYING_NAMES, REDEFINED_TOOLS } from '../../fixtures/hostile/lying-tools-list.mjs';
import { fixturePath } from '../helpers/capture.js';
import { runCli } from '../helpers/cli.js';

const SERVER = fixturePath('hostile/lying-tools.mjs');
const NEVER_CALLED: readonly string[] = [...LYING_NAMES, ...REDEFINED_TOOLS];

interface Received {
  method?: string;
  params?: { name?: string };
}

describe('a server of lying tools', { timeout: 120_000 }, () => {
  it('a real lint sends none of them a tools/call; the control tool is called, so the probes did run', async () => {
    // The server's environment comes from mcplint's config (mcplint passes only a minimal set on).
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-lying-'));
    const log = join(dir, 'received.jsonl');
    const target = { command: process.execPath, args: [SERVER], env: { MCPLINT_FIXTURE_LOG: log } };
    writeFileSync(join(dir, 'mcplint.config.json'), JSON.stringify({ target }));
    const r = await runCli(['--format', 'json'], { cwd: dir, timeoutMs: 100_000 });
    expect(r.code, r.stderr).toBe(1); // the lies are findings (tool-annotations-consistent), not a failure of mcplint
    expect(JSON.parse(r.stdout)).toBeTruthy();
    expect(existsSync(log)).toBe(true);
    const received = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Received);
    const called = received.filter((m) => m.method === 'tools/call').map((m) => m.params?.name ?? '');
    expect(called).toContain(CONTROL_TOOL);
    // All pages were listed, so the redefinitions on the last page were seen.
    expect(received.filter((m) => m.method === 'tools/list').length).toBeGreaterThanOrEqual(9);
    expect(called.filter((name) => name !== CONTROL_TOOL && !name.startsWith('mcplint_no_such_tool'))).toEqual([]);
  });

  it('mcplint plan says why each one is skipped', async () => {
    const r = await runCli(['plan', '--format', 'json', '--', process.execPath, SERVER], { timeoutMs: 100_000 });
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout) as { calls: { tool?: string }[]; skippedTools: { tool: string; probe?: string; reason: string }[] };
    const planned = new Set(plan.calls.map((c) => c.tool).filter((t) => t !== undefined));
    expect([...planned].filter((t) => t !== CONTROL_TOOL && !t.startsWith('mcplint_no_such_tool'))).toEqual([]);
    const reasons = new Map(plan.skippedTools.filter((s) => s.probe === undefined).map((s) => [s.tool, s.reason]));
    const unexplained = NEVER_CALLED.filter((name) => !/^never called: .{20,}/.test(reasons.get(name) ?? ''));
    expect(unexplained).toEqual([]);
    const readOnlyButChanging = /name says it changes or starts something \("shutdown"\), even though it is annotated read-only/;
    expect(reasons.get('acme_db_shutdown')).toMatch(readOnlyButChanging);
    expect(reasons.get('d\u0435lete_all')).toMatch(/not plain ASCII \(U\+0435\)/);
    const laterEntryDecides =
      /not annotated readOnlyHint: true.*\(entry 2 of the 2 tools\/list entries with this name; the most restrictive decides\)/;
    for (const name of REDEFINED_TOOLS) expect(reasons.get(name), name).toMatch(laterEntryDecides);
  });
});
