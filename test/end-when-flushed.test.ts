/**
 * The bin ends once its output has drained (src/cli/end-when-flushed.ts), not when the event loop
 * runs dry: a handle left open cannot keep it waiting (nor when the reader has gone), the exit
 * handlers still run, the exit code is the run's own, and a reader slower than the pipe's buffer
 * still gets every byte.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, ROOT } from './helpers/capture.js';
import { CLI, CLI_DEADLINE_MS, runCli } from './helpers/cli.js';

const node = process.execPath;

describe('the bin ends when its output has drained', () => {
  let capture: string;
  /** Loaded before the bin: an interval that would hold the event loop forever, and an exit handler that says it ran. */
  let strayHandle: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-end-'));
    capture = join(dir, 'capture.json');
    strayHandle = join(dir, 'stray-handle.cjs');
    writeFileSync(
      strayHandle,
      "setInterval(() => {}, 1000);\nprocess.on('exit', (code) => process.stderr.write(`exit handlers ran with ${code}\\n`));\n",
    );
    const saved = await runCli(['--save-capture', capture, '--', node, fixturePath('rules/tool-annotations-present/bad.mjs')]);
    expect(saved.code).toBe(0);
  }, 60_000);

  it('a handle left open does not keep it running; exit handlers run and the exit code is the run’s', async () => {
    const env = { NODE_OPTIONS: `--require ${strayHandle}` };
    const [failing, passing] = await Promise.all([
      runCli(['--from', capture, '--max-warnings', '0', '--format', 'json'], { env }),
      runCli(['--from', capture, '--format', 'json'], { env }),
    ]);
    expect(failing.code).toBe(1);
    expect(passing.code).toBe(0);
    for (const run of [failing, passing]) {
      const report = JSON.parse(run.stdout) as { servers: { findings: { ruleId: string }[] }[] };
      expect(report.servers[0]!.findings.some((f) => f.ruleId === 'tool-annotations-present')).toBe(true);
    }
    expect(failing.stderr).toContain('exit handlers ran with 1');
    expect(passing.stderr).toContain('exit handlers ran with 0');
  });

  it('a reader that has gone counts as drained: a handle left open does not keep it running then either', async () => {
    const child = spawn(node, [CLI, '--from', capture, '--format', 'sarif'], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: `--require ${strayHandle}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Closed at once, so every write to stdout meets EPIPE (the `| head -1` case).
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const deadline = setTimeout(() => child.kill('SIGKILL'), CLI_DEADLINE_MS);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (c, s) => resolve([c, s])),
    );
    clearTimeout(deadline);
    expect(signal).toBeNull();
    expect(code).toBe(0);
    expect(stderr).toBe('exit handlers ran with 0\n');
  });

  it('a reader slower than the pipe’s buffer gets the whole report', async () => {
    // The reader waits before it reads anything, so mcplint's output (larger than a pipe's 64 KiB)
    // can only drain after that: a bin that ended without waiting would cut it short.
    const quoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
    const lint = [node, CLI, '--from', capture, '--format', 'sarif'].map(quoted).join(' ');
    const script = `{ ${lint}; echo "mcplint exit $?" >&2; } | { sleep 1; cat; }`;
    const child = spawn('sh', ['-c', script], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: `--require ${strayHandle}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const deadline = setTimeout(() => child.kill('SIGKILL'), CLI_DEADLINE_MS);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(deadline);
    expect(code).toBe(0);
    expect(stderr).toContain('mcplint exit 0');
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.length).toBeGreaterThan(64 * 1024);
    const sarif = JSON.parse(text) as { runs: { results: unknown[] }[] };
    expect(sarif.runs[0]!.results.length).toBeGreaterThan(0);
  });
});
