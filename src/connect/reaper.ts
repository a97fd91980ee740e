/**
 * Last line of defence for process hygiene: every spawned server is tracked here, and when
 * mcplint exits for any reason (normal end, error, Ctrl-C) each live process group is killed —
 * and every descendant seen, even one that left the group (setsid, `detached: true`), and every
 * process that carries this run's marker (run-marker.ts), even one that double-forked away.
 * Live sessions also register a progress callback, so an interrupted run can say how far it got.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { anySessionStarted, isUnder, markerOf, RUN_MARKER } from './run-marker.js';

const live = new Set<ChildProcess>();
/** Descendants seen while a server ran, by the server's pid: killed with it. */
const known = new Map<number, Map<number, string>>();
/** Each tracked server's run marker and start time (clock ticks since boot, Linux), by pid. */
const sessions = new Map<number, { readonly marker: string; readonly start: number }>();
let installed = false;

/** A process found still running after its server was stopped. */
export interface Survivor {
  readonly pid: number;
  readonly command: string;
}

/** What waits for the first server process or session of the run (src/cli/signals.ts). */
const firstServerListeners: (() => void)[] = [];
let serversStarted = false;

/** Call `listener` when the run's first server process or session is tracked; at once if one already was. */
export function whenServersStart(listener: () => void): void {
  if (serversStarted) listener();
  else firstServerListeners.push(listener);
}

function serversStart(): void {
  if (serversStarted) return;
  serversStarted = true;
  for (const listener of firstServerListeners.splice(0)) listener();
}

/** What is told of every server process tracked (src/connect/process-scope.ts: the processes of one lint). */
const trackListeners = new Set<(child: ChildProcess) => void>();

export function onChildTracked(listener: (child: ChildProcess) => void): void {
  trackListeners.add(listener);
}

export function trackChild(child: ChildProcess, marker?: string): void {
  serversStart();
  live.add(child);
  for (const listener of trackListeners) listener(child);
  if (child.pid !== undefined && marker !== undefined) {
    sessions.set(child.pid, { marker, start: Number(readStat(child.pid)?.start ?? OWN_START) });
  }
  if (!installed) {
    installed = true;
    process.once('exit', killAll);
  }
}

export function untrackChild(child: ChildProcess): void {
  live.delete(child);
  if (child.pid !== undefined) {
    known.delete(child.pid);
    sessions.delete(child.pid);
  }
}

/**
 * Synchronously SIGKILL every tracked process group, every descendant seen and every process that
 * carries this run's marker. Safe to call more than once, from any exit or signal path.
 */
export function killAll(): void {
  for (const child of live) {
    killTree(child);
    if (child.pid !== undefined) reapEscaped(child.pid);
  }
  live.clear();
  if (anySessionStarted()) killMarked(RUN_MARKER);
}

/** SIGKILL a server's process group, its current descendants and every descendant seen earlier. */
export function killTree(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (process.platform === 'win32') {
    try {
      execFileSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    } catch {
      child.kill('SIGKILL');
    }
    return;
  }
  rememberDescendants(pid);
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  for (const [descendant, start] of known.get(pid) ?? []) {
    // Only the same process (same start time), never a recycled pid.
    if (startTime(descendant) !== start) continue;
    try {
      process.kill(descendant, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** Note the descendants of `pid` now, while they are still its descendants (an orphan is reparented). */
export function rememberDescendants(pid: number): void {
  if (process.platform === 'win32') return;
  if (process.platform === 'linux' && rememberFromChildrenFiles(pid)) return;
  const table = processTable();
  if (table.size === 0) return;
  const children = new Map<number, number[]>();
  for (const [p, info] of table) {
    const list = children.get(info.ppid);
    if (list) list.push(p);
    else children.set(info.ppid, [p]);
  }
  let seen = known.get(pid);
  if (!seen) known.set(pid, (seen = new Map()));
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const p = queue.pop()!;
    if (seen.has(p)) continue;
    seen.set(p, table.get(p)!.start);
    queue.push(...(children.get(p) ?? []));
  }
}

/** Linux: walk /proc/<pid>/task/<tid>/children (no scan of every process); false when unavailable. */
function rememberFromChildrenFiles(pid: number): boolean {
  const direct = childrenOf(pid);
  // Gone (a server that exited by itself): its children now belong to another parent, so a scan of
  // every process would find none of them; those seen earlier are remembered already.
  if (direct === undefined) return !existsSync(`/proc/${pid}`);
  let seen = known.get(pid);
  if (!seen) known.set(pid, (seen = new Map()));
  const queue = [...direct];
  while (queue.length > 0) {
    const p = queue.pop()!;
    if (seen.has(p)) continue;
    const stat = readStat(p);
    if (!stat) continue;
    seen.set(p, stat.start);
    queue.push(...(childrenOf(p) ?? []));
  }
  return true;
}

function childrenOf(pid: number): number[] | undefined {
  try {
    const out: number[] = [];
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ')) if (child.trim()) out.push(Number(child));
    }
    return out;
  } catch {
    return undefined;
  }
}

interface ProcInfo {
  ppid: number;
  pgid: number;
  /** Session id (Linux; -1 elsewhere). */
  sid: number;
  start: string;
  /** One-letter state (Linux): Z = zombie, already dead. */
  state: string;
}

/** Processes started by the server that are still alive: every remembered descendant, and its process group. */
export function survivors(pid: number): { pid: number; command: string }[] {
  if (process.platform === 'win32') return [];
  // The usual case, cheaply: nothing was remembered and the process group is empty — no scan.
  if ((known.get(pid)?.size ?? 0) === 0 && !groupExists(pid)) return [];
  const table = processTable();
  const alive = new Set<number>();
  for (const [descendant, start] of known.get(pid) ?? []) {
    const info = table.get(descendant);
    if (info && info.start === start && info.state !== 'Z') alive.add(descendant);
  }
  for (const [p, info] of table) if (info.pgid === pid && p !== pid && info.state !== 'Z') alive.add(p);
  return [...alive].sort((a, b) => a - b).map((p) => ({ pid: p, command: commandOf(p) }));
}

/** A daemon may fork again while it is being killed: look again, a few times at most. */
const REAP_ROUNDS = 5;
/** When this process started (clock ticks since boot): nothing older can be a server's. */
const OWN_START = process.platform === 'linux' ? Number(readStat(process.pid)?.start ?? 0) : 0;

/**
 * After a server's process group and its seen descendants were killed (killTree): SIGKILL every
 * process of its session that is alive anyway, and return them. A process belongs to the session
 * when it carries the session's marker, or — for one that cleared its environment — when its
 * parent, process group or session is one of the session's processes. Linux only ([] elsewhere).
 */
export function reapEscaped(pid: number): Survivor[] {
  const session = sessions.get(pid);
  if (process.platform !== 'linux' || !session) return [];
  // Already SIGKILLed with the tree, possibly not yet gone: killed again, not reported again.
  const withTree = (p: number, info: ProcInfo) => info.pgid === pid || known.get(pid)?.get(p) === info.start;
  const handled = new Set<number>();
  const reaped: Survivor[] = [];
  for (let round = 0; round < REAP_ROUNDS; round++) {
    const table = processTable();
    const fresh = [...sessionMembers(pid, session, table)].filter((p) => !handled.has(p));
    if (fresh.length === 0) break;
    for (const p of fresh) {
      handled.add(p);
      if (!withTree(p, table.get(p)!)) reaped.push({ pid: p, command: commandOf(p) });
      sigkill(p);
    }
  }
  return reaped.sort((a, b) => a.pid - b.pid);
}

/** Live processes of one server session (see reapEscaped), found in `table`. */
function sessionMembers(
  pid: number,
  session: { readonly marker: string; readonly start: number },
  table: Map<number, ProcInfo>,
): Set<number> {
  const markers = new Map<number, string | undefined>();
  const marker = (p: number): string | undefined => {
    if (!markers.has(p)) markers.set(p, markerOf(p));
    return markers.get(p);
  };
  // Only processes that started after the server can be its own (this also skips a recycled pid).
  const candidates = [...table].filter(([p, info]) => p !== process.pid && info.state !== 'Z' && Number(info.start) >= session.start);
  const members = new Set<number>();
  for (const [p] of candidates) {
    const m = marker(p);
    if (m !== undefined && isUnder(m, session.marker)) members.add(p);
  }
  for (const [p, start] of known.get(pid) ?? []) if (candidates.some(([c, info]) => c === p && info.start === start)) members.add(p);
  const anchors = new Set([pid, ...(known.get(pid)?.keys() ?? [])]);
  const linked = (info: ProcInfo) =>
    members.has(info.ppid) || anchors.has(info.pgid) || anchors.has(info.sid) || members.has(info.pgid) || members.has(info.sid);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, info] of candidates) {
      if (members.has(p) || !linked(info)) continue;
      const m = marker(p);
      // Carries another session's marker: that session's, not this one's.
      if (m !== undefined && !isUnder(m, session.marker)) continue;
      members.add(p);
      grew = true;
    }
  }
  return members;
}

/** SIGKILL every process that carries `marker` (or one nested under it). Linux only. */
export function killMarked(marker: string): void {
  if (process.platform !== 'linux') return;
  for (let round = 0; round < REAP_ROUNDS; round++) {
    const found = markedProcesses(marker);
    if (found.length === 0) return;
    for (const p of found) sigkill(p.pid);
  }
}

/** Live processes that carry `marker` (or one nested under it): what a test run checks it left nothing of. Linux only. */
export function markedProcesses(marker: string): (Survivor & { readonly marker: string })[] {
  if (process.platform !== 'linux') return [];
  const out: (Survivor & { readonly marker: string })[] = [];
  for (const [p, info] of processTable()) {
    if (p === process.pid || info.state === 'Z' || Number(info.start) < OWN_START) continue;
    const m = markerOf(p);
    if (m !== undefined && isUnder(m, marker)) out.push({ pid: p, command: commandOf(p), marker: m });
  }
  return out;
}

function sigkill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Whether any process is left in the process group `pgid` (signal 0 only checks). */
function groupExists(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandOf(pid: number): string {
  try {
    if (process.platform === 'linux') return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

function processTable(): Map<number, ProcInfo> {
  const table = new Map<number, ProcInfo>();
  if (process.platform === 'linux') {
    let pids: string[];
    try {
      pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return table;
    }
    for (const name of pids) {
      const stat = readStat(Number(name));
      if (stat) table.set(Number(name), stat);
    }
    return table;
  }
  try {
    const out = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,state=,lstart='], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    for (const line of out.split('\n')) {
      const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
      if (m) table.set(Number(m[1]), { ppid: Number(m[2]), pgid: Number(m[3]), sid: -1, state: m[4]!.slice(0, 1), start: m[5]!.trim() });
    }
  } catch {
    // No ps: the process group kill still applies.
  }
  return table;
}

function readStat(pid: number): ProcInfo | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself contain spaces or parentheses.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', ppid: Number(fields[1]), pgid: Number(fields[2]), sid: Number(fields[3]), start: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

function startTime(pid: number): string | undefined {
  if (process.platform === 'linux') return readStat(pid)?.start;
  try {
    return (
      execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() ||
      undefined
    );
  } catch {
    return undefined;
  }
}

/** How far a live session got: what an interrupted run reports. */
export interface LiveProgress {
  /** The server's command line (or URL), already redacted. */
  readonly label: string;
  readonly phase: string;
  readonly elapsedMs: number;
  /** Frames recorded (messages and noise), and how many of them are non-protocol stdout lines. */
  readonly frames: number;
  readonly messagesReceived: number;
  readonly noiseLines: number;
  /** The request mcplint is waiting on, if any. */
  readonly waitingFor?: string;
  /** The probe step under way (probe phase only). */
  readonly step?: { readonly index: number; readonly total: number; readonly tool?: string };
  readonly notes: readonly string[];
}

const progress = new Set<() => LiveProgress>();
/** What is told of every progress callback registered (src/connect/process-scope.ts: the sessions of one lint). */
const progressListeners = new Set<(report: () => LiveProgress) => void>();

export function onProgressTracked(listener: (report: () => LiveProgress) => void): void {
  progressListeners.add(listener);
}

/** Register a session's progress callback; returns the function that unregisters it. */
export function trackProgress(report: () => LiveProgress): () => void {
  serversStart();
  progress.add(report);
  for (const listener of progressListeners) listener(report);
  return () => progress.delete(report);
}

/** Progress of every session still running; `among`: of those of these callbacks only. */
export function liveProgress(among?: ReadonlySet<() => LiveProgress>): LiveProgress[] {
  const out: LiveProgress[] = [];
  for (const report of progress) {
    if (among && !among.has(report)) continue;
    try {
      out.push(report());
    } catch {
      // A progress report must never stop an interrupt.
    }
  }
  return out;
}
