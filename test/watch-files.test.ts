/** --watch's watcher (src/cli/watch-files.ts): a file saved while the first lint ran is not missed. */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchProject, type ProjectWatcher } from '../src/cli/watch-files.js';

describe('the --watch watcher', () => {
  let dir: string | undefined;
  let watcher: ProjectWatcher | undefined;
  afterEach(async () => {
    await watcher?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('tells the files modified since the first lint began, before it was watching, as changed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcplint-watch-files-'));
    const since = Date.now() - 60_000;
    writeFileSync(join(dir, 'old.mjs'), '');
    utimesSync(join(dir, 'old.mjs'), new Date(since - 60_000), new Date(since - 60_000));
    writeFileSync(join(dir, 'saved-during-the-lint.mjs'), '');
    const told: string[][] = [];
    const changed = new Promise<void>((resolve) => {
      const onChange = (paths: readonly string[]): void => {
        told.push([...paths]);
        resolve();
      };
      void watchProject([dir!], dir!, onChange, since).then((w) => {
        watcher = w;
      });
    });
    // A failure deadline only (no change is ever told without the check), far above the 200 ms debounce for a loaded machine.
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, 30_000).unref());
    await Promise.race([changed, deadline]);
    expect(told).toEqual([['saved-during-the-lint.mjs']]);
  });
});
