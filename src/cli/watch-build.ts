/**
 * --watch --fix-build CMD: the build run before each lint. Unlike --fix's build (src/session/fix-run.ts,
 * synchronous), it runs asynchronously so a change during it can stop it and a key press is still
 * read. It runs in a process group of its own, tracked by the reaper (src/connect/reaper.ts) like a
 * server, so Ctrl-C (src/cli/signals.ts) stops it and whatever it started; its output goes to stderr.
 */
import { spawn } from 'node:child_process';
import { killTree, trackChild, untrackChild } from '../connect/reaper.js';

export type BuildResult = { readonly ok: true } | { readonly ok: false; readonly reason: string } | { readonly cancelled: true };

export function runWatchBuild(command: string, cwd: string, signal: AbortSignal): Promise<BuildResult> {
  return new Promise((done) => {
    if (signal.aborted) return done({ cancelled: true });
    const child = spawn(command, { cwd, shell: true, stdio: ['ignore', 2, 2], detached: process.platform !== 'win32' });
    trackChild(child);
    const onAbort = (): void => killTree(child);
    signal.addEventListener('abort', onAbort, { once: true });
    const end = (result: BuildResult): void => {
      signal.removeEventListener('abort', onAbort);
      untrackChild(child);
      done(result);
    };
    child.once('error', (error) => end({ ok: false, reason: error.message }));
    child.once('close', (code, killed) => {
      if (signal.aborted) end({ cancelled: true });
      else if (code === 0) end({ ok: true });
      else end({ ok: false, reason: `exit ${code ?? killed}` });
    });
  });
}
