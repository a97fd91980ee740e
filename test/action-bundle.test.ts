/**
 * The committed Action bundle (action/) is what the current code bundles to: a workflow runs it
 * as committed, so a change to mcplint that is not bundled would never reach Action users.
 * Rebuilds it from dist/ (`npm test` builds first) into a temporary folder and compares bytes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/capture.js';

const REFRESH = 'action/ is stale: run `npm run bundle:action` and commit action/';

describe('GitHub Action bundle', () => {
  it('action/ is current', () => {
    const out = mkdtempSync(join(tmpdir(), 'mcplint-action-bundle-'));
    try {
      const script = join(ROOT, 'dist', 'scripts', 'bundle-action.js');
      const build = spawnSync(process.execPath, [script, out], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
      expect(build.status, build.stderr).toBe(0);
      const committed = readdirSync(join(ROOT, 'action')).sort();
      const fresh = readdirSync(out).sort();
      expect(committed, REFRESH).toEqual(fresh);
      const differing = fresh.filter((file) => !readFileSync(join(out, file)).equals(readFileSync(join(ROOT, 'action', file))));
      expect(differing, REFRESH).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
