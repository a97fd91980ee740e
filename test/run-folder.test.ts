/** test/helpers/run-folder-setup.ts: the run's own folder is also its temporary folder, removed with it. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_FOLDER_VAR, RUN_TMP } from './helpers/run-folder-setup.js';

describe("the test run's folder", () => {
  it('holds the scratch folders of the tests and of the processes they start', () => {
    const folder = process.env[RUN_FOLDER_VAR];
    expect(folder).toBeDefined();
    expect(tmpdir()).toBe(join(folder!, RUN_TMP));
    expect(mkdtempSync(join(tmpdir(), 'mcplint-scratch-')).startsWith(folder! + sep)).toBe(true);
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())'], { encoding: 'utf8' });
    expect(child.stdout).toBe(join(folder!, RUN_TMP));
  });
});
