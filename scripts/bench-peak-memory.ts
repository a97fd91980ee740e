/**
 * Peak memory of a whole Node process for `npm run bench`: GNU time's `%M` where /usr/bin/time
 * exists, else `process.resourceUsage().maxRSS` written on exit by a preloaded probe
 * (bench-rss-probe.ts). Either way the figure is the peak RSS of the process started, in MB (10^6 bytes).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/shared/paths.js';

const GNU_TIME = '/usr/bin/time';
const RSS_PROBE = join(PACKAGE_ROOT, 'dist', 'scripts', 'bench-rss-probe.js');

export interface Measured {
  readonly ms: number;
  readonly code: number | null;
  readonly peakMB: number;
  /** User + system CPU seconds (GNU time only): what the run cost, whatever the machine's load. */
  readonly cpuSeconds?: number;
  readonly stderr: string;
}

export interface MeasureOptions {
  /** Where the process runs (default: the package root). */
  readonly cwd?: string;
  /** Past this, the process group is killed and the run counts as failed (code null). */
  readonly deadlineMs?: number;
}

/** Run `node <args>` to completion (stdout discarded): wall time and peak RSS. */
export function measureNode(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  options: MeasureOptions = {},
): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-bench-rss-'));
  const report = join(dir, 'rss');
  const useTime = existsSync(GNU_TIME);
  const [command, argv] = useTime
    ? [GNU_TIME, ['-f', '%M %U %S', '-o', report, process.execPath, ...args]]
    : [process.execPath, ['--import', RSS_PROBE, ...args]];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, argv, {
      cwd: options.cwd ?? PACKAGE_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', ...env, ...(useTime ? {} : { BENCH_RSS_FILE: report }) },
      // Its own process group, so a deadline ends GNU time, node and the servers it started together.
      detached: options.deadlineMs !== undefined,
    });
    const deadline =
      options.deadlineMs === undefined ? undefined : setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), options.deadlineMs);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(deadline);
      const ms = performance.now() - started;
      // GNU time writes "Command exited with non-zero status N" before the figures; the probe, the peak alone.
      const [kib = Number.NaN, user, system] = existsSync(report)
        ? (readFileSync(report, 'utf8').trim().split('\n').at(-1) ?? '').split(' ').map(Number)
        : [];
      rmSync(dir, { recursive: true, force: true });
      const cpu = user !== undefined && system !== undefined ? { cpuSeconds: user + system } : {};
      resolve({ ms, code, peakMB: (kib * 1024) / 1e6, ...cpu, stderr });
    });
  });
}
