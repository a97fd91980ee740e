/**
 * Last line of defence for process hygiene: every spawned server is tracked here, and when
 * mcplint exits for any reason (normal end, error, Ctrl-C) each live process group is killed.
 */
import type { ChildProcess } from 'node:child_process';

const live = new Set<ChildProcess>();
let installed = false;

export function trackChild(child: ChildProcess): void {
  live.add(child);
  if (!installed) {
    installed = true;
    process.once('exit', killAll);
  }
}

export function untrackChild(child: ChildProcess): void {
  live.delete(child);
}

/** Synchronously SIGKILL every tracked process group. Safe to call more than once. */
export function killAll(): void {
  for (const child of live) {
    const pid = child.pid;
    if (pid === undefined) continue;
    try {
      if (process.platform === 'win32') child.kill('SIGKILL');
      else process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  live.clear();
}

export function liveChildCount(): number {
  return live.size;
}
