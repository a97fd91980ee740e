/** test/helpers/shared-capture.ts: one capture per key per run, the same parsed copy for every caller. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Capture } from '../src/model/capture.js';
import { makeCapture } from './helpers/capture.js';
import { RUN_FOLDER_VAR } from './helpers/run-folder-setup.js';
import { sharedCapture, sharedFixtureCapture } from './helpers/shared-capture.js';

describe('shared fixture captures', () => {
  let folder: string;
  let before: string | undefined;
  beforeEach(() => {
    before = process.env[RUN_FOLDER_VAR];
    folder = mkdtempSync(join(tmpdir(), 'mcplint-shared-'));
    process.env[RUN_FOLDER_VAR] = folder;
  });
  afterEach(() => {
    if (before === undefined) delete process.env[RUN_FOLDER_VAR];
    else process.env[RUN_FOLDER_VAR] = before;
    rmSync(folder, { recursive: true, force: true });
  });

  it('makes a key once for concurrent callers and gives each the capture parsed back, frozen', async () => {
    let made = 0;
    const make = async (): Promise<Capture> => {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return makeCapture({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] });
    };
    const [one, two] = await Promise.all([sharedCapture('k', make), sharedCapture('k', make)]);
    expect(made).toBe(1);
    expect(one).toEqual(two);
    expect(one).not.toBe(two);
    expect(Object.isFrozen(one.lists.tools.items[0])).toBe(true);
    expect(readdirSync(join(folder, 'captures')).filter((f) => f.endsWith('.json'))).toHaveLength(1);
    // Another key is made on its own.
    await sharedCapture('other', make);
    expect(made).toBe(2);
  });

  it("captures a fixture again once the run's folder was emptied (a rerun of vitest --watch)", async () => {
    const first = await sharedFixtureCapture('clean-server.mjs');
    expect(await sharedFixtureCapture('clean-server.mjs')).toBe(first);
    rmSync(join(folder, 'captures'), { recursive: true, force: true });
    const again = await sharedFixtureCapture('clean-server.mjs');
    expect(again).not.toBe(first);
    expect(again.handshake.ok).toBe(true);
  });

  it('leaves a failed capture to the next caller, which makes it again', async () => {
    await expect(sharedCapture('k', () => Promise.reject(new Error('server did not start')))).rejects.toThrow('server did not start');
    const capture = await sharedCapture('k', async () => makeCapture());
    expect(capture.handshake.ok).toBe(true);
    expect(readdirSync(join(folder, 'captures')).filter((f) => f.endsWith('.lock'))).toEqual([]);
  });
});
