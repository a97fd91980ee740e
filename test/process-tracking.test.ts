/**
 * No process a server starts outlives mcplint (src/connect/reaper.ts, run-marker.ts): daemons that
 * double-fork into a session of their own, at start or during a tool call, and one that also clears
 * its environment, are found at shutdown, killed, recorded in exit.survivors and reported; killAll()
 * reaps marked processes synchronously, whatever signal path calls it. Linux (/proc) only.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Capture } from '../src/model/capture.js';
import { killAll, markedProcesses } from '../src/connect/reaper.js';
import { newSessionMarker, RUN_MARKER, RUN_MARKER_VAR } from '../src/connect/run-marker.js';
import { probeHook, resolveProbeConfig } from '../src/probes/index.js';
import { captureFixture, lintOnly, summary } from './helpers/capture.js';

const linux = process.platform === 'linux';
const hasPerl =
  linux &&
  (() => {
    try {
      execFileSync('perl', ['-e', '1'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
const markerOf = (name: string) => `--test-marker=procs-${process.pid}-${Date.now().toString(36)}-${name}`;
const NORMAL = { timeoutMs: 5000, startupTimeoutMs: 10_000, exitGraceMs: 1000 } as const;

/** Whether a process is still running (a zombie is already dead). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** SIGKILL is sent by the time the capture returns; on a loaded machine the kernel may take a moment to finish it. */
async function expectAllGone(capture: Capture, marker: string): Promise<void> {
  const left = () => (capture.exit?.survivors ?? []).filter((p) => running(p.pid));
  for (let i = 0; i < 40 && left().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
  for (const p of capture.exit?.survivors ?? []) expect(running(p.pid), `pid ${p.pid}: ${p.command}`).toBe(false);
  expect(execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })).not.toContain(marker);
}

describe.runIf(linux).concurrent('daemons that escape the process tree', () => {
  it('a double-forked setsid daemon started at start-up: found, killed, reported', async () => {
    const marker = markerOf('start');
    const capture = await captureFixture('rules/orphaned-processes/bad.mjs', { ...NORMAL, args: [marker], probeConfig: false });
    expect(capture.exit?.how).toBe('stdin-closed');
    expect(capture.exit?.survivors?.map((p) => p.command)).toEqual([expect.stringContaining(`bookstore-sync-daemon ${marker}`)]);
    expect(capture.exit?.leftBehind).toBeUndefined();
    const result = lintOnly(capture, ['orphaned-processes', 'slow-shutdown']);
    expect(summary(result)).toEqual(['orphaned-processes survivors transport']);
    expect(result.findings[0]!.message).toContain('Server left 1 process running after it was shut down');
    expect(result.findings[0]!.evidence).toContain('bookstore-sync-daemon');
    await expectAllGone(capture, marker);
  });

  it('a double-forked setsid daemon started by a tool call: found, killed, reported', async () => {
    const marker = markerOf('call');
    const probes = probeHook(resolveProbeConfig(undefined, {}, { timeoutMs: 5000, startupTimeoutMs: 10_000 }));
    const capture = await captureFixture('hostile/daemon-on-call.mjs', { ...NORMAL, args: [marker], probes });
    expect(capture.exit?.survivors?.map((p) => p.command)).toEqual([expect.stringContaining(`bookstore-index-daemon ${marker}`)]);
    expect(summary(lintOnly(capture, ['orphaned-processes']))).toEqual(['orphaned-processes survivors transport']);
    await expectAllGone(capture, marker);
  });

  it.runIf(hasPerl)('a daemon with an empty environment and a process group of its own: found through its session', async () => {
    const marker = markerOf('clean-env');
    const capture = await captureFixture('hostile/daemon-clean-env.mjs', { ...NORMAL, args: [marker], probeConfig: false });
    expect(capture.exit?.survivors?.map((p) => p.command)).toEqual([expect.stringContaining(`bookstore-quiet-daemon ${marker}`)]);
    await expectAllGone(capture, marker);
  });

  it('a clean server leaves no survivors', async () => {
    const capture = await captureFixture('clean-server.mjs', { ...NORMAL, probeConfig: false });
    expect(capture.exit?.survivors).toBeUndefined();
  });
});

describe.runIf(linux)('killAll', () => {
  it("SIGKILLs every process that carries this run's marker, synchronously", async () => {
    const sessionMarker = newSessionMarker();
    const daemon = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], {
      detached: true,
      stdio: 'ignore',
      env: { [RUN_MARKER_VAR]: `${sessionMarker}/nested` },
    });
    daemon.unref();
    const pid = daemon.pid!;
    for (let i = 0; i < 100 && !markedProcesses(RUN_MARKER).some((p) => p.pid === pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(markedProcesses(RUN_MARKER).map((p) => [p.pid, p.marker])).toContainEqual([pid, `${sessionMarker}/nested`]);
    killAll();
    const exited = await new Promise<string | null>((resolve) => daemon.once('exit', (_code, signal) => resolve(signal)));
    expect(exited).toBe('SIGKILL');
    expect(markedProcesses(RUN_MARKER)).toEqual([]);
  });
});
