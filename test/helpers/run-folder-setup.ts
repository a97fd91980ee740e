/**
 * Vitest global setup: a folder of this test run's own, named to every worker (and every process
 * they start) through MCPLINT_TEST_RUN_FOLDER and removed when the run ends. It holds what the test
 * files share within one run: the fixture captures of test/helpers/shared-capture.ts and the source
 * index cache of the --fix tests (test/helpers/fix-projects.ts). One run never reads another's, and
 * a rerun of `vitest --watch` starts with it empty, so a change to mcplint or to a fixture is
 * always seen afresh. It is also the run's temporary folder (TMPDIR, which os.tmpdir() reads): the
 * hundreds of scratch folders the tests make go with it, instead of piling up in /tmp run after run.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export const RUN_FOLDER_VAR = 'MCPLINT_TEST_RUN_FOLDER';

/** A part of the run's folder, or undefined outside the suite's setup (a file run on its own by another runner). */
export function runFolder(part: string): string | undefined {
  const folder = process.env[RUN_FOLDER_VAR];
  return folder ? join(folder, part) : undefined;
}

/** The run's temporary folder, inside its own. */
export const RUN_TMP = 'tmp';

/** Set in vitest's own process once its first project has made the run's folder. */
const OWNER_VAR = 'MCPLINT_TEST_RUN_OWNER';

export default function setup(project: TestProject): () => void {
  // Vitest runs a global setup once per project: every project shares the folder the first made.
  const shared = process.env[OWNER_VAR] === String(process.pid) ? process.env[RUN_FOLDER_VAR] : undefined;
  const outerTmp = shared === undefined ? process.env.TMPDIR : undefined;
  const folder = shared ?? mkdtempSync(join(tmpdir(), 'mcplint-test-run-'));
  const make = () => mkdirSync(join(folder, RUN_TMP), { recursive: true });
  make();
  process.env[RUN_FOLDER_VAR] = folder;
  process.env[OWNER_VAR] = String(process.pid);
  process.env.TMPDIR = join(folder, RUN_TMP);
  // `vitest --watch` reruns in the same run: what the folder holds may predate the edit that
  // started the rerun, so each rerun starts with it empty.
  project.onTestsRerun(() => {
    rmSync(folder, { recursive: true, force: true });
    make();
  });
  if (shared !== undefined) return () => undefined;
  return () => {
    rmSync(folder, { recursive: true, force: true });
    delete process.env[OWNER_VAR];
    if (outerTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTmp;
  };
}
