/**
 * The compile cache (src/cli/compile-cache.ts): turned on beside mcplint's own code where Node
 * has one, never in a folder the user did not choose, and never when the user chose or refused one.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCacheDirectory, enableCompileCache } from '../src/cli/compile-cache.js';
import { PACKAGE_ROOT } from '../src/shared/paths.js';

describe('the compile cache', () => {
  it('is kept under mcplint’s own node_modules/.cache', () => {
    const asked: string[] = [];
    expect(enableCompileCache((dir) => asked.push(dir), {}, '/opt/mcplint')).toBe(true);
    expect(asked).toEqual([join('/opt/mcplint', 'node_modules', '.cache', 'mcplint-compile')]);
    expect(compileCacheDirectory()).toBe(join(PACKAGE_ROOT, 'node_modules', '.cache', 'mcplint-compile'));
  });

  it('leaves a cache the user chose, or turned off, as it is', () => {
    const asked: string[] = [];
    expect(enableCompileCache((dir) => asked.push(dir), { NODE_COMPILE_CACHE: '/home/me/cache' })).toBe(false);
    expect(enableCompileCache((dir) => asked.push(dir), { NODE_DISABLE_COMPILE_CACHE: '1' })).toBe(false);
    expect(asked).toEqual([]);
  });

  it('does nothing where Node has no compile cache, and a failing one does not stop the run', () => {
    expect(enableCompileCache(undefined, {})).toBe(false);
    expect(
      enableCompileCache(() => {
        throw new Error('EACCES');
      }, {}),
    ).toBe(false);
  });
});
