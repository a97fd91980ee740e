/**
 * One lint of the workspace for `mcplint lsp`, in a child process: the mcplint CLI itself with
 * `--format json --show-fixes`, in the workspace folder, so it finds the target as a normal run
 * does (the mcplint config's `target`, else a server.json or bundle manifest.json, else package.json
 * `bin`). A target that hangs holds up only
 * the child, never the language server's event loop. Cancelling sends SIGTERM, which the child's
 * own signal path (src/cli/signals.ts) turns into stopping its servers and exiting.
 *
 * Each child runs under a run marker nested in the language server's own (src/connect/run-marker.ts),
 * so whatever it started is found again and stopped once the child is gone — however it ended,
 * a signal that came before its handlers included — and when the language server exits.
 */
import { spawn } from 'node:child_process';
import { killMarked } from '../../connect/reaper.js';
import { RUN_MARKER, RUN_MARKER_VAR } from '../../connect/run-marker.js';
import type { JsonReport } from './diagnostics.js';

export type ChildLint =
  | { readonly kind: 'report'; readonly report: JsonReport }
  /** The child could not lint (exit 2: no target, a config error…): its first stderr line. */
  | { readonly kind: 'failed'; readonly reason: string }
  | { readonly kind: 'cancelled' };

/** The largest report read from the child; past it the lint is a failure, not a heap spent. */
const MAX_REPORT_CHARS = 64 * 1024 * 1024;

let lints = 0;
let reapOnExit = false;

export function lintInChild(root: string, signal: AbortSignal): Promise<ChildLint> {
  return new Promise((resolveLint) => {
    if (signal.aborted) return resolveLint({ kind: 'cancelled' });
    if (!reapOnExit) {
      reapOnExit = true;
      process.once('exit', () => killMarked(RUN_MARKER));
    }
    const marker = `${RUN_MARKER}/lint-${++lints}`;
    const done = (outcome: ChildLint): void => {
      killMarked(marker);
      resolveLint(outcome);
    };
    const cli = process.argv[1]!;
    const child = spawn(process.execPath, [cli, '--format', 'json', '--show-fixes', '--no-color'], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', [RUN_MARKER_VAR]: marker },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let tooLarge = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length + d.length > MAX_REPORT_CHARS) {
        tooLarge = true;
        child.kill('SIGTERM');
      } else stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < 64 * 1024) stderr += d;
    });
    const onAbort = (): void => void child.kill('SIGTERM');
    signal.addEventListener('abort', onAbort, { once: true });
    child.once('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      done({ kind: 'failed', reason: error.message });
    });
    child.once('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) return done({ kind: 'cancelled' });
      if (tooLarge) return done({ kind: 'failed', reason: `the report was larger than ${MAX_REPORT_CHARS} characters` });
      if (code === 0 || code === 1) {
        try {
          return done({ kind: 'report', report: JSON.parse(stdout) as JsonReport });
        } catch {
          // Fall through: not a report.
        }
      }
      const line = stderr
        .split('\n')
        .map((l) => l.replace(/^mcplint: /, '').trim())
        .find(Boolean);
      done({ kind: 'failed', reason: line ?? `mcplint exited with ${code}` });
    });
  });
}
