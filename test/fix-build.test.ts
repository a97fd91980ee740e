/**
 * `mcplint --fix` on a TypeScript project launched from its build output (--fix-build), and on
 * fixes that overlap (applied in proven rounds).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fixturePath } from './helpers/capture.js';
import { copyProject, lint, read } from './helpers/fix-projects.js';

describe('mcplint --fix on a TypeScript project launched from its build output (fixtures/fix/ts-build)', () => {
  const before = fixturePath('fix/ts-build/before');
  const built = (): string => {
    const dir = copyProject(before);
    expect(spawnSync(process.execPath, ['build.mjs'], { cwd: dir }).status).toBe(0);
    return dir;
  };
  const launch = ['node', 'dist/server.js'];

  it('fixes the source, not the build, and without --fix-build does not claim the findings gone', async () => {
    const dir = built();
    const output = read(dir, 'dist/server.js');
    const result = await lint(dir, ['--fix'], launch);
    expect(result.code).not.toBe(3);
    expect(result.stderr).toContain('the server runs built files, so mcplint could not run the fixed sources');
    expect(result.stderr).not.toContain('every fixed finding is gone');
    expect(read(dir, 'src/server.ts')).toBe(read(fixturePath('fix/ts-build/after'), 'src/server.ts'));
    expect(read(dir, 'dist/server.js')).toBe(output);
  });

  it('with --fix-build, rebuilds after fixing and proves the fixes on the rebuilt server', async () => {
    const dir = built();
    const result = await lint(dir, ['--fix', '--fix-build', 'node build.mjs'], launch);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('1 fixed (tool-title-present: 1) in 1 file (src/server.ts); the server started again');
    expect(read(dir, 'src/server.ts')).toBe(read(fixturePath('fix/ts-build/after'), 'src/server.ts'));
    expect(read(dir, 'dist/server.js')).toContain("title: 'Greeter Say Hello'");
  });

  it('restores the sources when the build fails (exit 3)', async () => {
    const dir = built();
    const result = await lint(dir, ['--fix', '--fix-build', 'exit 7'], launch);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('--fix-build "exit 7" failed after fixing (exit 7); every file was restored');
    expect(read(dir, 'src/server.ts')).toBe(read(before, 'src/server.ts'));
  });
});

describe('fixes that overlap (fixtures/fix/js-rounds)', () => {
  it('are applied in rounds, each proven, so a second --fix changes nothing; --diff shows the first round and says more follow', async () => {
    const before = fixturePath('fix/js-rounds/before');
    const dir = copyProject(before);
    const result = await lint(dir, ['--fix', '--unsafe-fixes'], ['node', 'server.mjs']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('mcplint: 2 fixed (');
    expect(read(dir, 'server.mjs')).toBe(read(fixturePath('fix/js-rounds/after'), 'server.mjs'));
    const again = await lint(dir, ['--fix', '--unsafe-fixes'], ['node', 'server.mjs']);
    expect(again.stderr).toContain('mcplint: nothing to fix');

    const fresh = copyProject(before);
    const diff = await lint(fresh, ['--diff', '--unsafe-fixes'], ['node', 'server.mjs']);
    expect(diff.stderr).toContain('1 would be fixed');
    expect(diff.stderr).toContain('1 more fix overlap these and come after them; nothing was written');
  });
});
