/**
 * The server processes one piece of work starts (one lint of an `mcplint mcp` request, say), so it
 * can be stopped alone while other work goes on: killAll (reaper.ts) stops every server of the
 * process. The scope follows the work through every await (AsyncLocalStorage), so a process the
 * lint starts later (version negotiation's second process, a restart) joins it too; once the
 * scope is stopped, such a process is killed as soon as it is started.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ChildProcess } from 'node:child_process';
import { killTree, liveProgress, onChildTracked, onProgressTracked, reapEscaped, type LiveProgress } from './reaper.js';

export interface ProcessScope {
  /** Kill every process tree started in the scope, now and from now on. Idempotent. */
  stop(): void;
  readonly stopped: boolean;
  /** The pids of the server processes started in the scope, in order. */
  readonly pids: readonly number[];
  /** How far each server session of the scope still running got (not other work's). */
  progress(): LiveProgress[];
}

interface ScopeState {
  readonly children: ChildProcess[];
  readonly sessions: Set<() => LiveProgress>;
  stopped: boolean;
}

const current = new AsyncLocalStorage<ScopeState>();
let listening = false;

/** Run `work` in a scope of its own; `scope` may be stopped while `work` is under way. */
export function runInProcessScope<T>(work: () => Promise<T>): { readonly result: Promise<T>; readonly scope: ProcessScope } {
  if (!listening) {
    listening = true;
    onChildTracked((child) => {
      const state = current.getStore();
      if (!state) return;
      state.children.push(child);
      if (state.stopped) stopChild(child);
    });
    onProgressTracked((report) => current.getStore()?.sessions.add(report));
  }
  const state: ScopeState = { children: [], sessions: new Set(), stopped: false };
  const scope: ProcessScope = {
    stop() {
      state.stopped = true;
      for (const child of state.children) stopChild(child);
    },
    get stopped() {
      return state.stopped;
    },
    get pids() {
      return state.children.flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
    },
    progress: () => liveProgress(state.sessions),
  };
  return { result: current.run(state, work), scope };
}

function stopChild(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  killTree(child);
  if (child.pid !== undefined) reapEscaped(child.pid);
}
