/**
 * --fix-build CMD: the build that --fix runs after writing (src/session/fix-run.ts), and that --watch
 * runs before each lint. Asynchronous, so a change during it can stop it, a key press is still read
 * and `mcplint mcp` keeps answering while a fix builds. It runs in a process group of its own,
 * tracked by the reaper (src/connect/reaper.ts) like a server, so Ctrl-C (src/cli/signals.ts) or a
 * cancelled request (src/connect/process-scope.ts) stops it and whatever it started; its output
 * goes to stderr, never to stdout (which `mcplint mcp` speaks the protocol on).
 */
import { spawn } from 'node:child_process';
import { killMarked, killTree, trackChild, untrackChild } from '../connect/reaper.js';
import { newSessionMarker, RUN_MARKER_VAR } from '../connect/run-marker.js';

export type BuildResult = { readonly ok: true } | { readonly ok: false; readonly reason: string } | { readonly cancelled: true };

export function runBuild(command: string, cwd: string, signal: AbortSignal = new AbortController().signal): Promise<BuildResult> {
  return new Promise((done) => {
    if (signal.aborted) return done({ cancelled: true });
    // Marked like a server (src/connect/stdio.ts): what the build leaves running, or started outside
    // its process group, is found again and stopped when it ends and on Ctrl-C.
    const marker = newSessionMarker();
    const child = spawn(command, {
      cwd,
      shell: true,
      stdio: ['ignore', 2, 2],
      detached: process.platform !== 'win32',
      windowsHide: true,
      env: { ...process.env, [RUN_MARKER_VAR]: marker },
    });
    trackChild(child, marker);
    const onAbort = (): void => killTree(child);
    signal.addEventListener('abort', onAbort, { once: true });
    const end = (result: BuildResult): void => {
      signal.removeEventListener('abort', onAbort);
      killMarked(marker);
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

/** The build's failure as one phrase ("exit 2"), or undefined when it succeeded. */
export async function buildFailure(command: string, cwd: string): Promise<string | undefined> {
  const result = await runBuild(command, cwd);
  if ('cancelled' in result) return 'cancelled';
  return result.ok ? undefined : result.reason;
}
