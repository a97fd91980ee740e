/**
 * installPacked (--packed=install) refuses a package.json "name" that is not an npm name before it
 * runs npm or makes a folder: the name places the installed copy, so `../x` would point outside it.
 */
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { installPacked } from '../src/connect/npm/npm-install.js';
import { fixturePath } from './helpers/capture.js';

describe('installPacked', () => {
  it.each(['../../escape', '@scope/../../escape', 'Upper', '.hidden', ''])('refuses the name %j', async (name) => {
    const before = readdirSync(tmpdir()).filter((f) => f.startsWith('mcplint-installed-')).length;
    const copy = await installPacked(fixturePath('packed/installable'), name);
    expect(copy).toEqual({ problem: expect.stringMatching(/is not a valid npm package name$/) });
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith('mcplint-installed-')).length).toBeLessThanOrEqual(before);
  });
});
