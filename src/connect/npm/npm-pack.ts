/**
 * What npm would publish from a project: `npm pack --dry-run --json --ignore-scripts` in its
 * folder — no tarball written, no network, none of the project's scripts run (a `prepack` build
 * would change the files being judged).
 */
import { runNpm } from './run-npm.js';

const DEADLINE_MS = 60_000;
/** A package of more files than this is not judged (its list is not cut: a cut would invent left-out files). */
const MAX_FILES = 50_000;

export type PackedFiles = { readonly files: readonly string[] } | { readonly problem: string };

export async function npmPackFiles(dir: string): Promise<PackedFiles> {
  const answer = await runNpm(['pack', '--dry-run', '--json', '--ignore-scripts'], dir, 'npm pack --dry-run', DEADLINE_MS);
  if ('problem' in answer) return answer;
  try {
    const parsed = JSON.parse(answer.stdout) as { files?: { path?: unknown }[] }[];
    const files = (parsed[0]?.files ?? []).flatMap((f) => (typeof f.path === 'string' ? [f.path] : []));
    // A list cut short would make every file past the cut look left out: not judged instead.
    if (files.length > MAX_FILES)
      return { problem: `the package would hold ${files.length} files, more than the ${MAX_FILES} mcplint judges` };
    return { files };
  } catch {
    return { problem: 'npm pack --dry-run --json did not answer with JSON' };
  }
}
