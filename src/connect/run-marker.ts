/**
 * The run marker: every server mcplint starts gets `MCPLINT_RUN=<run>/<session>` in its
 * environment, and every process it starts inherits it — through a double fork, `setsid` or a new
 * process group, which neither the process tree nor the process group survives. On Linux
 * /proc/<pid>/environ shows the environment a process started with, so the marker finds a server's
 * processes again wherever they went. Without /proc (macOS, the BSDs, Windows) it cannot be read
 * back, and only the process group and the descendants seen are tracked.
 */
import { readFileSync } from 'node:fs';

export const RUN_MARKER_VAR = 'MCPLINT_RUN';

/**
 * This mcplint process's run. Nested under the run that started it, if any (the test suite, or
 * mcplint linting a server that runs mcplint), so the outer run finds the inner run's processes too.
 * The process id makes it unique among the processes alive at once, the random part among those
 * that had the same id before. It names, it does not authenticate (a process can drop it from its
 * environment), so it needs no node:crypto, which the bin would otherwise load before anything else.
 */
export const RUN_MARKER = [process.env[RUN_MARKER_VAR], `${process.pid.toString(36)}-${Math.random().toString(36).slice(2, 10)}`]
  .filter(Boolean)
  .join('/');

let sessions = 0;

/** A marker of its own for each server process started (a restart is a new session). */
export function newSessionMarker(): string {
  return `${RUN_MARKER}/${++sessions}`;
}

/** Whether any server was started by this process (else there is nothing to look for). */
export function anySessionStarted(): boolean {
  return sessions > 0;
}

/** Whether `value` is `marker` itself or a marker nested under it. */
export function isUnder(value: string, marker: string): boolean {
  return value === marker || value.startsWith(`${marker}/`);
}

const KEY = Buffer.from(`${RUN_MARKER_VAR}=`);

/** The marker in a process's environment; undefined when it has none or it cannot be read (another user, gone, no /proc). */
export function markerOf(pid: number): string | undefined {
  let environ: Buffer;
  try {
    environ = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return undefined;
  }
  // Entries are NUL-separated: the key counts only at the start of one.
  for (let at = environ.indexOf(KEY); at !== -1; at = environ.indexOf(KEY, at + 1)) {
    if (at !== 0 && environ[at - 1] !== 0) continue;
    const end = environ.indexOf(0, at);
    return environ.toString('utf8', at + KEY.length, end === -1 ? environ.length : end);
  }
  return undefined;
}
