/**
 * One capture per fixture per test run, for the test files that capture the same fixture the same
 * way (every rule's bad.mjs is captured by rule-fixtures.test.ts and again by sarif.test.ts): a
 * capture with the default options is the same however many files ask, so the fixture server (and
 * its version-negotiation twin) is started once per run instead of once per file.
 *
 * Shared through the run's folder (test/helpers/run-folder-setup.ts): the first file
 * to ask claims the fixture with a lock file and captures it, the others wait for its JSON. Every
 * caller, the one that captured included, gets the capture as parsed back from that JSON, so no
 * file's verdict depends on which file came first. Without the folder (a test file run outside
 * the suite's setup), each file captures for itself.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Capture } from '../../src/model/capture.js';
import { deepFreeze } from '../../src/shared/freeze.js';
import { captureFixture } from './capture.js';
import { runFolder } from './run-folder-setup.js';
import { captureHttpFixture, servesHttp } from './targets.js';

// Long enough for a slow capture on a loaded runner (a fixture that times out on purpose takes
// its full timeout); past it the waiting file captures for itself rather than fail.
const WAIT_MS = 90_000;
const POLL_MS = 50;

/** This worker's captures, and the run folder's JSON each came from while that is still there. */
const inThisWorker = new Map<string, { readonly capture: Promise<Capture>; readonly file: string | undefined; pending: boolean }>();

/**
 * A fixture (a path under fixtures/) captured with the default options: over Streamable HTTP when
 * its expected.json says so, else over stdio.
 */
export function sharedFixtureCapture(relative: string): Promise<Capture> {
  // Kept per folder too: a test that points the run's folder elsewhere gets captures of its own.
  const key = `${runFolder('captures') ?? ''}\n${relative}`;
  const kept = inThisWorker.get(key);
  // `vitest --watch` empties the run's folder before each rerun (run-folder-setup.ts): a capture
  // whose JSON has gone is from an earlier rerun, made before the fixture or mcplint changed.
  if (kept && (kept.pending || kept.file === undefined || existsSync(kept.file))) return kept.capture;
  const capture = sharedCapture(relative, () => (servesHttp(relative) ? captureHttpFixture(relative) : captureFixture(relative)));
  const entry = { capture, file: capturePaths(relative)?.file, pending: true };
  inThisWorker.set(key, entry);
  capture.then(
    () => (entry.pending = false),
    // A failed capture is not kept: the next test to ask tries again, and sees its own error.
    () => inThisWorker.delete(key),
  );
  return capture;
}

/** Where the run's folder keeps the capture of `key`, and the lock of the file making it. */
function capturePaths(key: string): { readonly folder: string; readonly file: string; readonly lock: string } | undefined {
  const folder = runFolder('captures');
  if (!folder) return undefined;
  const name = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return { folder, file: join(folder, `${name}.json`), lock: join(folder, `${name}.lock`) };
}

/** The capture `make` makes, made once per run for `key` (by whichever file asks first). */
export async function sharedCapture(key: string, make: () => Promise<Capture>): Promise<Capture> {
  const paths = capturePaths(key);
  if (!paths) return parsedBack(JSON.stringify(await make()));
  const { folder, file, lock } = paths;
  mkdirSync(folder, { recursive: true });
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (existsSync(file)) return parsedBack(readFileSync(file, 'utf8'));
    if (claim(lock)) {
      try {
        const text = JSON.stringify(await make());
        writeFileSync(`${file}.${process.pid}`, text);
        renameSync(`${file}.${process.pid}`, file);
        return parsedBack(text);
      } finally {
        rmSync(lock, { force: true });
      }
    }
    // Another file is capturing it; if that one failed (no JSON, lock gone), claim it next round.
    if (Date.now() > deadline) return parsedBack(JSON.stringify(await make()));
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function claim(lock: string): boolean {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

const parsedBack = (text: string): Capture => deepFreeze(JSON.parse(text) as Capture);
