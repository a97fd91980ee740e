/** What --watch watches besides the source project: the files the run reads (src/cli/watch-command.ts). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchedPaths } from '../src/cli/watch-command.js';
import type { ResolvedRun } from '../src/session/resolve-run.js';

type Outcome = Parameters<typeof watchedPaths>[0];

describe('--watch paths', () => {
  const cwd = '/work/project';
  const run = (extra: Partial<ResolvedRun>): ResolvedRun => ({ cwd, source: {}, ...extra }) as unknown as ResolvedRun;

  it('watches the manifest a --manifest run lints, besides the source project', () => {
    const outcome = { sources: [{ root: join(cwd, 'src') }] } as unknown as Outcome;
    const resolved = run({ target: { kind: 'manifest', foundBy: '--manifest', file: 'server.json' } });
    expect(watchedPaths(outcome, resolved).sort()).toEqual([join(cwd, 'server.json'), join(cwd, 'src')]);
  });

  it('leaves out a file inside a folder it watches already', () => {
    const outcome = { sources: [] } as unknown as Outcome;
    const resolved = run({ target: { kind: 'manifest', foundBy: 'manifest in this directory', file: 'manifest.json' } });
    expect(watchedPaths(outcome, resolved)).toEqual([cwd]);
  });
});
