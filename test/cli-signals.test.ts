/**
 * SIGINT, SIGTERM and SIGHUP end a run promptly with 128 + the signal's number, after reaping every
 * server and printing one partial report per server (built bin, a server that never answers).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixturePath, ROOT } from './helpers/capture.js';
import { CLI } from './helpers/cli.js';

const NEVER_ANSWERS = fixturePath('protocol/never-answers.mjs');
const BUSY_MAIN_THREAD = pathToFileURL(join(ROOT, 'test', 'helpers', 'busy-main-thread.mjs')).href;

/** Server processes carrying the marker (mcplint's own command line may carry it too: left out). */
function servers(marker: string): string[] {
  const table = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return table.split('\n').filter((line) => line.includes(marker) && line.includes(NEVER_ANSWERS) && !line.includes(CLI));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Start mcplint, wait until `expected` servers run, send `signal`; the exit code, stderr and how long it took. */
async function interrupt(args: string[], marker: string, expected: number, signal: NodeJS.Signals, cwd = ROOT) {
  const child = spawn(process.execPath, [CLI, '--timeout', '60000', ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  for (let i = 0; i < 200 && servers(marker).length < expected; i++) await sleep(50);
  expect(servers(marker).length).toBeGreaterThanOrEqual(expected);
  // Let version negotiation's second process start too: it must not add a second report.
  await sleep(300);
  const sentAt = performance.now();
  child.kill(signal);
  const code = await exited;
  const ms = performance.now() - sentAt;
  for (let i = 0; i < 20 && servers(marker).length > 0; i++) await sleep(50);
  return { code, stderr, ms, left: servers(marker) };
}

describe.concurrent('signals', () => {
  const cases: [NodeJS.Signals, number][] = [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ];
  for (const [signal, exitCode] of cases) {
    it(`${signal}: servers reaped, exit ${exitCode}, one partial report`, async () => {
      const marker = `signal-${randomUUID()}`;
      const r = await interrupt(['--', process.execPath, NEVER_ANSWERS, marker], marker, 1, signal);
      expect(r.code).toBe(exitCode);
      expect(r.ms).toBeLessThan(3000);
      expect(r.left).toEqual([]);
      expect(r.stderr).toContain(`mcplint: interrupted (${signal}); the server process tree was stopped.`);
      expect(r.stderr.match(/Partial report for /g)).toHaveLength(1);
      const report = new RegExp(`Partial report for .*never-answers\\.mjs ${marker}:\\n  phase before-initialize, waiting for initialize`);
      expect(r.stderr).toMatch(report);
    });
  }

  it('a client config: one partial report per server, labelled by its name', async () => {
    const marker = `signal-${randomUUID()}`;
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-signals-'));
    const server = (n: number) => ({ command: process.execPath, args: [NEVER_ANSWERS, `${marker}-${n}`] });
    writeFileSync(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { 'slow-one': server(1), 'slow-two': server(2) } }));
    const r = await interrupt(['--config-file', '.mcp.json', '--jobs', '2'], marker, 2, 'SIGTERM', dir);
    expect(r.code).toBe(143);
    expect(r.left).toEqual([]);
    expect(r.stderr.match(/Partial report for /g)).toHaveLength(2);
    expect(r.stderr).toContain('Partial report for server "slow-one" (');
    expect(r.stderr).toContain('Partial report for server "slow-two" (');
  });
});

describe('signals before any server starts', () => {
  it('end mcplint at once although its main thread is busy (a --from file in a parse that never returns)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-signals-busy-'));
    const marker = join(dir, 'busy');
    writeFileSync(join(dir, 'tools.json'), JSON.stringify({ tools: [{ name: 'mcplint-test-busy', inputSchema: { type: 'object' } }] }));
    const child = spawn(process.execPath, [CLI, '--from', 'tools.json'], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: `--import ${BUSY_MAIN_THREAD}`, MCPLINT_TEST_BUSY_PARSE: marker },
      stdio: 'ignore',
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      for (let i = 0; i < 600 && !existsSync(marker) && child.exitCode === null; i++) await sleep(50);
      expect(existsSync(marker)).toBe(true);
      child.kill('SIGINT');
      // Only the failure condition: a handler waiting for the main thread would never run.
      const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 20_000).unref());
      // Ended by the signal itself, which a shell reports as 130 (signalExitCode).
      expect(await Promise.race([exited, late])).toEqual({ code: null, signal: 'SIGINT' });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
