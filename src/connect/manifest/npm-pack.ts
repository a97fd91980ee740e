/**
 * What npm would publish from a project: `npm pack --dry-run --json --ignore-scripts` in its
 * folder — no tarball written, no network, none of the project's scripts run (a `prepack` build
 * would change the files being judged). Bounded: the answer is read up to a cap, and npm is
 * stopped (the process mcplint started, by its id) when it takes longer than the deadline.
 */
import { spawn } from 'node:child_process';

const MAX_OUTPUT = 32 * 1024 * 1024;
const DEADLINE_MS = 60_000;
/** A package of more files than this is not judged (its list is not cut: a cut would invent left-out files). */
const MAX_FILES = 50_000;

export type PackedFiles = { readonly files: readonly string[] } | { readonly problem: string };

export function npmPackFiles(dir: string): Promise<PackedFiles> {
  return new Promise((resolveFiles) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(npm, ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
        cwd: dir,
        env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: process.platform === 'win32',
      });
    } catch (error) {
      resolveFiles({ problem: `npm could not be started (${error instanceof Error ? error.message : String(error)})` });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled = false;
    const finish = (result: PackedFiles) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolveFiles(result);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ problem: `npm pack --dry-run did not answer within ${DEADLINE_MS / 1000} s` });
    }, DEADLINE_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) {
        child.kill('SIGKILL');
        finish({ problem: 'npm pack --dry-run answered with more than 32 MiB' });
      } else chunks.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => finish({ problem: `npm could not be started (${error.message})` }));
    child.on('close', (code) => {
      if (code !== 0) {
        finish({ problem: `npm pack --dry-run failed (exit ${code}): ${stderr.trim().split('\n')[0]?.slice(0, 200) ?? ''}` });
        return;
      }
      try {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { files?: { path?: unknown }[] }[];
        const files = (parsed[0]?.files ?? []).flatMap((f) => (typeof f.path === 'string' ? [f.path] : []));
        // A list cut short would make every file past the cut look left out: not judged instead.
        if (files.length > MAX_FILES)
          finish({ problem: `the package would hold ${files.length} files, more than the ${MAX_FILES} mcplint judges` });
        else finish({ files });
      } catch {
        finish({ problem: 'npm pack --dry-run --json did not answer with JSON' });
      }
    });
  });
}
