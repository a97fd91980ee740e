/**
 * A lint session: lint the same target again and again and say what changed since the last run.
 * Each run goes through the one lint path (loadRunConfig, then lintRun: one resolved run, one
 * judge); the session only keeps the last outcome and computes the delta (lint-delta.ts).
 * Front-end neutral: --watch and `mcplint mcp` drive it, each printing its own way (`mcplint lsp`
 * lints in a child process, src/commands/lsp/lint-child.ts).
 */
import { runInProcessScope } from '../connect/process-scope.js';
import type { LiveProgress } from '../connect/reaper.js';
import { lintRun, type LintOutcome } from './lint.js';
import { lintDelta, type LintDelta } from './lint-delta.js';
import type { RunOptions } from './options.js';
import { loadRunConfig } from './run-config.js';

export interface LintSessionRun {
  readonly outcome: LintOutcome;
  /** Against the last run of this session in which every server started (the first run: every finding is added). */
  readonly delta: LintDelta;
  /** 1 for the first run of the session. */
  readonly runNumber: number;
}

export interface LintRunOptions {
  /**
   * Aborted: the run's server processes are stopped at once (only this run's: src/connect/process-scope.ts),
   * the run rejects with LintCancelled, and the session keeps the run before it as the one to compare with.
   */
  readonly signal?: AbortSignal;
  /** Told when the run starts: `progress` reads how far this run's server sessions got (never another run's). */
  readonly onStart?: (progress: () => LiveProgress[]) => void;
}

/** What a cancelled run rejects with. */
export class LintCancelled extends Error {
  constructor() {
    super('the lint was cancelled; its server processes were stopped');
    this.name = 'LintCancelled';
  }
}

export interface LintSession {
  /** Lint once more (the config is loaded afresh: it may have changed too; each run indexes the source afresh, its disk cache aside). */
  lint(options?: LintRunOptions): Promise<LintSessionRun>;
  /** The last run's outcome (undefined before the first). */
  readonly last: LintOutcome | undefined;
}

/** `options` are read at every run, so a front end may pass a getter's result each time. */
export function createLintSession(options: RunOptions | (() => RunOptions)): LintSession {
  const optionsNow = typeof options === 'function' ? options : () => options;
  let last: LintOutcome | undefined;
  /** What the next run is compared with: the last run in which every server started. */
  let compared: LintOutcome | undefined;
  let runs = 0;
  // Runs are one after another: a run started while one is under way waits for it, so each delta is against the run before.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    get last() {
      return last;
    },
    lint(options = {}) {
      const run = (): Promise<LintSessionRun> => runOnce(options);
      const next = queue.then(run, run);
      queue = next.catch(() => undefined);
      return next;
    },
  };

  async function runOnce({ signal, onStart }: LintRunOptions): Promise<LintSessionRun> {
    if (signal?.aborted) throw new LintCancelled();
    const { result, scope } = runInProcessScope(async () => lintRun(await loadRunConfig(optionsNow())));
    onStart?.(() => scope.progress());
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        scope.stop();
        reject(new LintCancelled());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    // The stopped run still ends on its own (its server is gone); nobody waits for it, and its failure is nobody's.
    result.catch(() => undefined);
    const outcome = await Promise.race([result, aborted]).finally(() => {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    });
    const delta = lintDelta(compared?.report, outcome.report);
    last = outcome;
    // A run in which a server did not start (a save with a syntax error) says nothing about what
    // was fixed: the next run is compared with the last one in which every server started.
    if (!compared || outcome.report.servers.every((s) => s.handshake.ok)) compared = outcome;
    runs++;
    return { outcome, delta, runNumber: runs };
  }
}
