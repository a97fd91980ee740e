/**
 * `mcplint --fix` in the reports (Markdown and HTML list the fixes) and its safety: unsafe fixes
 * only when asked, a fix that breaks the start or does not prove out is rolled back (exit 3), no
 * --fix without a server to launch again. The golden projects: fix-golden-*.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { copyProject, lint, read, scratchDir } from './helpers/fix-projects.js';

describe('the Markdown and HTML reports list the fixes', () => {
  it('says what each fix does and which command applies it, and counts them', async () => {
    const dir = copyProject(fixturePath('fix/js-sdk/before'));
    const html = join(scratchDir('mcplint-html-'), 'report.html');
    const result = await lint(dir, ['--format', 'markdown', '--show-fixes', '--report', `html=${html}`], ['node', 'server.mjs']);
    expect(result.stdout).toContain('_fix: add title "Get Forecast" (mcplint --fix)_');
    expect(result.stdout).toContain('_fix: close 2 input schemas (mcplint --fix --unsafe-fixes)_');
    expect(result.stdout).toContain('5 fixable with `mcplint --fix` (2 more with `--unsafe-fixes`).');
    expect(readFileSync(html, 'utf8')).toContain('<div class="muted">fix: console.log → console.error (mcplint --fix)</div>');
  });
});

describe('mcplint --fix safety', () => {
  it('--fix alone leaves the unsafe fixes, and --fix-dry-run is --diff', async () => {
    const dir = copyProject(fixturePath('fix/js-sdk/before'));
    const dry = await lint(dir, ['--fix-dry-run'], ['node', 'server.mjs']);
    expect(dry.stdout).toContain('+    title: ');
    expect(dry.stdout).not.toContain('.strict()');
    expect(dry.stderr).toContain('(2 more with --unsafe-fixes); nothing was written');
    expect(read(dir, 'server.mjs')).toBe(read(fixturePath('fix/js-sdk/before'), 'server.mjs'));
  });

  it('restores every file and names the fix when the fixed server no longer starts (exit 3)', async () => {
    const source = fixturePath('fix/breaks-start');
    const dir = copyProject(source);
    const result = await lint(dir, ['--fix'], ['node', 'server.mjs']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('after fixing, the server no longer started or answered');
    expect(result.stderr).toContain('every file was restored');
    expect(result.stderr).toContain('The fixes that broke it: source-stdout-write (1 fix in server.mjs).');
    expect(read(dir, 'server.mjs')).toBe(read(source, 'server.mjs'));
  });

  it('restores every file when a finding a fix claimed is still reported after fixing (exit 3)', async () => {
    const source = fixturePath('fix/claim-unproven');
    const dir = copyProject(source);
    const result = await lint(dir, ['--fix'], ['node', 'server.mjs']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      'mcplint: the fixes did not prove out: 1 fixed finding still reported (tool-title-present); every file was restored',
    );
    expect(read(dir, 'server.mjs')).toBe(read(source, 'server.mjs'));
  });

  it('refuses --fix on a saved capture: there is no server to launch again', async () => {
    const result = await runCli(['--fix', '--from', fixturePath('fix/js-sdk/before/package.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--fix and --diff need a server to launch again');
  });
});
