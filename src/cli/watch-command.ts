/**
 * `mcplint --watch`: lint, then lint again whenever the server's source project changes. Every lint
 * goes through the lint session (src/session/lint-session.ts: the one lint path, the last result
 * kept, the delta against it); this module only decides when to lint and what to print. The first
 * run prints the full report (src/cli/finish.ts), each later one only its delta (watch-delta.ts);
 * `r` on a terminal reprints the full report of the last run, `q` quits (watch-keys.ts). A change
 * during a lint cancels it (its servers are stopped, src/connect/process-scope.ts) and starts the
 * next, after --fix-build's build when there is one (src/session/run-build.ts). Ctrl-C goes through the one
 * signal path (src/cli/signals.ts): every server and build process tree is stopped, exit 130.
 */
import { resolve, sep } from 'node:path';
import { killAll, type LiveProgress } from '../connect/reaper.js';
import type { Rule } from '../engine/rule.js';
import { LintCancelled, createLintSession, type LintSessionRun } from '../session/lint-session.js';
import type { RunOptions } from '../session/options.js';
import type { ResolvedRun } from '../session/resolve-run.js';
import type { RunConfig } from '../session/run-config.js';
import { inertLine } from '../shared/inert.js';
import { EXIT } from './exit-codes.js';
import { finishLint } from './finish.js';
import { finishingOf } from './finish-options.js';
import { activityText, lintingText, startProgress } from './progress.js';
import { UsageError } from './usage-error.js';
import { runBuild } from '../session/run-build.js';
import { deltaText } from './watch-delta.js';
import { watchProject, type ProjectWatcher } from './watch-files.js';
import { readWatchKeys } from './watch-keys.js';

/** How long mcplint may take to end after `q` before it exits regardless. */
const QUIT_GRACE_MS = 1000;

/** What --watch cannot go with, and why, in one line each (exit 2, before anything is launched). */
export function checkWatch(resolved: ResolvedRun): void {
  const { target } = resolved;
  if (target?.kind === 'capture-file')
    throw new UsageError('--watch lints a server again on every change; a saved capture (--from) never changes');
  if (resolved.fix)
    throw new UsageError(
      '--watch does not go with --fix or --diff: run mcplint --fix once, or use --fix-build CMD to build before each lint',
    );
  if (resolved.format !== 'text')
    throw new UsageError(`--watch prints text (a full report, then what changed); --format ${resolved.format} is for one run`);
  const outputs = [
    resolved.output && '--output',
    resolved.reports.length > 0 && '--report',
    resolved.saveCapture && '--save-capture',
    resolved.baseline && (resolved.baseline.update ? '--update-baseline' : '--baseline'),
    resolved.shard && '--shard',
  ].filter(Boolean);
  if (outputs.length > 0) throw new UsageError(`--watch prints to the terminal and writes no file: drop ${outputs.join(', ')}`);
  if (target?.kind === 'server' && target.server.kind === 'http' && !resolved.source.project)
    throw new UsageError("--watch with --url needs --project DIR: the folder of the server's source to watch");
}

export interface WatchContext {
  readonly options: RunOptions;
  readonly run: RunConfig;
  readonly rules: () => Promise<readonly Rule[]>;
  readonly colorSupported: boolean;
}

/** Resolves with the exit code when the watch ends by `q` (a signal ends the process itself). */
export async function watchCommand({ options, run, rules, colorSupported }: WatchContext): Promise<number> {
  const { resolved } = run;
  const { cwd } = resolved;
  const finishing = finishingOf(resolved);
  const color = finishing.color ?? colorSupported;
  const session = createLintSession(options);
  const say = (line: string): void => void process.stderr.write(`mcplint: ${inertLine(line)}\n`);

  let watcher: ProjectWatcher | undefined;
  let current: AbortController | undefined;
  /** The changes not yet linted, for the cycle queued next (undefined: none queued). */
  let queued: Set<string> | undefined;
  /** When the first lint began reading the project (after --fix-build's build, whose output it reads). */
  let firstLintStarted: number | undefined;
  let running: Promise<void> = Promise.resolve();
  let quit: (code: number) => void = () => undefined;
  const ended = new Promise<number>((resolve) => {
    quit = resolve;
  });

  async function fullReport(outcome: LintSessionRun['outcome']): Promise<void> {
    const { configFile } = outcome;
    await finishLint(outcome.report, await rules(), { cwd, colorSupported, ...(configFile ? { configFile } : {}), ...finishing });
  }

  /** One build-and-lint; a change while it runs aborts it and the next one starts. */
  async function cycle(changed: readonly string[] | undefined): Promise<void> {
    const controller = new AbortController();
    current = controller;
    const { signal } = controller;
    if (changed) say(`${changed.length === 1 ? changed[0] : `${changed.length} files`} changed; linting again`);
    const build = resolved.watch?.build;
    if (build) {
      const built = await runBuild(build, cwd, signal);
      if ('cancelled' in built) return;
      if (!built.ok) {
        say(`--fix-build "${build}" failed (${built.reason}); not linted, waiting for the next change`);
        return;
      }
    }
    // The spinner of a normal lint (progress.ts), on a terminal only, reading this run's servers.
    let progress: (() => LiveProgress[]) | undefined;
    const spinner = startProgress(await lintingText(resolved.target, options.command ?? []), {
      enabled: !resolved.quiet && process.stderr.isTTY === true,
      detail: () => activityText(progress?.() ?? []),
    });
    try {
      firstLintStarted ??= Date.now();
      const result = await session
        .lint({
          signal,
          onStart: (read) => {
            progress = read;
          },
        })
        .finally(() => spinner.stop());
      if (result.runNumber === 1) await fullReport(result.outcome);
      else process.stdout.write(deltaText(result.delta, color, resolved.quiet));
      watcher?.add(watchedPaths(result.outcome, resolved));
    } catch (error) {
      if (error instanceof LintCancelled) return;
      // A config edited into an error, a project gone: said in one line; the next change tries again.
      say(`the lint failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; waiting for the next change`);
    } finally {
      if (current === controller) current = undefined;
    }
  }

  /** Run cycles one after another; a burst of changes during one makes one more. */
  function schedule(changed: readonly string[]): void {
    current?.abort();
    if (queued) {
      for (const path of changed) queued.add(path);
      return;
    }
    queued = new Set(changed);
    running = running.then(async () => {
      const paths = [...(queued ?? [])];
      queued = undefined;
      await cycle(paths.length > 0 ? paths : undefined);
    });
  }

  // The watch starts once the first lint has said what to watch: a file saved during that lint is
  // found by its modification time and linted again at once (the build before it is not a change).
  schedule([]);
  await running;
  const first = session.last;
  watcher = await watchProject(
    first ? watchedPaths(first, resolved) : [resolve(cwd)],
    cwd,
    (changed) => schedule(changed),
    firstLintStarted,
  );
  const keys = readWatchKeys({
    // After the lint under way, if any: its delta and the report never interleave.
    reprint: () => {
      running = running.then(async () => {
        const last = session.last;
        try {
          if (last) await fullReport(last);
        } catch (error) {
          say(`the report could not be printed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        }
      });
    },
    quit: () => quit(EXIT.ok),
  });
  say(`watching for changes${keys ? ' (r: full report, q: quit)' : ' (Ctrl-C to stop)'}`);
  const code = await ended;
  keys?.close();
  current?.abort();
  await watcher.close();
  await running.catch(() => undefined);
  // A cancelled lint may still be winding down (its servers are stopped already): nothing of it is waited for.
  killAll();
  setTimeout(() => process.exit(code), QUIT_GRACE_MS).unref();
  return code;
}

/**
 * What to watch: each server's source project root (the source index's), else the run's folder,
 * plus the files the run reads (the mcplint config, a client config, a manifest).
 */
export function watchedPaths(outcome: LintSessionRun['outcome'], resolved: ResolvedRun): string[] {
  const roots = outcome.sources.flatMap((source) => (source ? [source.root] : []));
  const paths = new Set(roots.length > 0 ? roots : [resolved.source.project?.path ?? resolve(resolved.cwd)]);
  if (resolved.configFile) paths.add(resolved.configFile.path);
  if (resolved.target?.kind === 'client-config') paths.add(resolve(resolved.cwd, resolved.target.file));
  // A manifest (server.json, manifest.json, an .mcpb) is linted itself, and says what to launch.
  if (resolved.target?.kind === 'manifest') paths.add(resolve(resolved.cwd, resolved.target.file));
  // A file inside a watched folder is watched already.
  return [...paths].filter((p) => ![...paths].some((other) => other !== p && p.startsWith(other + sep)));
}
