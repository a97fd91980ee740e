/**
 * One npm command for the packed-package check (src/session/packed.ts): no shell, none of the
 * project's scripts (every caller passes --ignore-scripts), its answer read up to a cap, and npm
 * with whatever it started stopped at the deadline. It runs in a process group of its own,
 * tracked and marked by the reaper (src/connect/reaper.ts) like a server, so Ctrl-C stops it too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { killMarked, killTree, trackChild, untrackChild } from '../reaper.js';
import { newSessionMarker, RUN_MARKER_VAR } from '../run-marker.js';

const MAX_OUTPUT = 32 * 1024 * 1024;

export type NpmResult = { readonly stdout: string } | { readonly problem: string };

/** `npm <args>` in `cwd`; `what` names it in the problem ("npm pack --dry-run"). */
export function runNpm(args: readonly string[], cwd: string, what: string, deadlineMs: number): Promise<NpmResult> {
  return new Promise((resolveRun) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const marker = newSessionMarker();
    let child: ChildProcess;
    try {
      child = spawn(npm, [...args, '--loglevel=error'], {
        cwd,
        env: {
          ...process.env,
          npm_config_update_notifier: 'false',
          npm_config_fund: 'false',
          npm_config_audit: 'false',
          [RUN_MARKER_VAR]: marker,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
        shell: process.platform === 'win32',
      });
    } catch (error) {
      resolveRun({ problem: `npm could not be started (${error instanceof Error ? error.message : String(error)})` });
      return;
    }
    trackChild(child, marker);
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled = false;
    let exited = false;
    child.once('exit', () => (exited = true));
    const finish = (result: NpmResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Stopped early (deadline, output cap): npm's whole group; what left it is found by the marker.
      if (!exited) killTree(child);
      killMarked(marker);
      untrackChild(child);
      resolveRun(result);
    };
    const timer = setTimeout(() => finish({ problem: `${what} did not answer within ${deadlineMs / 1000} s` }), deadlineMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) finish({ problem: `${what} answered with more than 32 MiB` });
      else chunks.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => finish({ problem: `npm could not be started (${error.message})` }));
    child.on('close', (code) => {
      if (code === 0) finish({ stdout: Buffer.concat(chunks).toString('utf8') });
      else finish({ problem: `${what} failed (exit ${code}): ${firstLine(stderr)}` });
    });
  });
}

/** npm's first error line, without its "npm error" prefix, cut to one readable line. */
function firstLine(stderr: string): string {
  const line = stderr.split('\n').find((l) => l.trim() !== '') ?? '';
  return line
    .replace(/^npm (?:ERR!|error)\s*/, '')
    .trim()
    .slice(0, 200);
}
