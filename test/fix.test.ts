/**
 * `mcplint --fix`, end to end through the built CLI on copies of real SDK servers
 * (fixtures/fix/<case>/before): the fixed files equal the golden after/ files, a second lint no
 * longer reports what was fixed, a second --fix changes nothing, --diff writes nothing and its
 * patch applies with git apply; a fix that breaks the start is rolled back (exit 3).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

const FIXED_RULES = [
  'tool-title-present',
  'tool-annotations-complete',
  'source-stdout-write',
  'input-schema-strict',
  'source-loose-zod',
  'tool-annotations-present',
  'input-schema-bounded',
];
const UNSAFE = new Set(['input-schema-strict', 'source-loose-zod', 'tool-annotations-present', 'input-schema-bounded']);

/** The SDK stand-in Python fixtures run on (fixtures/python/README.md): the official SDK cannot be installed here. */
const PYTHON_STUBS = fixturePath('python/stubs');

interface Case {
  readonly name: string;
  readonly command: readonly string[];
  readonly files: readonly string[];
  /** Findings --fix fixes, and the more --unsafe-fixes fixes. */
  readonly safe: number;
  readonly unsafe: number;
  /** Fixable rules whose findings this case's language has no fix for. */
  readonly unfixed?: readonly string[];
}

const CASES: readonly Case[] = [
  { name: 'js-sdk', command: ['node', 'server.mjs'], files: ['server.mjs'], safe: 5, unsafe: 2 },
  { name: 'js-loose-zod', command: ['node', 'server.mjs'], files: ['server.mjs'], safe: 0, unsafe: 1 },
  { name: 'ts-lowlevel', command: ['node', '--import', 'tsx', 'server.ts'], files: ['server.ts'], safe: 4, unsafe: 2 },
  {
    name: 'python-fastmcp',
    command: ['env', `PYTHONPATH=${PYTHON_STUBS}`, 'python3', 'server.py'],
    files: ['server.py'],
    safe: 4,
    unsafe: 0,
    unfixed: ['input-schema-strict', 'tool-annotations-present', 'input-schema-bounded'],
  },
  {
    name: 'python-lowlevel',
    command: ['env', `PYTHONPATH=${PYTHON_STUBS}`, 'python3', 'server.py'],
    files: ['server.py'],
    safe: 3,
    unsafe: 1,
  },
];

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh copy of a fixture project in a temporary folder, resolving packages from mcplint's own node_modules. */
function copyProject(from: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-fix-'));
  made.push(dir);
  cpSync(from, dir, { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');
const lint = (dir: string, args: readonly string[], command: readonly string[]) =>
  runCli(['--no-cache', '--no-color', ...args, '--', ...command], { cwd: dir });

interface JsonFinding {
  ruleId: string;
  fix?: { safety: string; edits: { file: string; start: number; end: number; replacement: string; sha256: string }[] };
}
const findingsOf = (stdout: string): JsonFinding[] =>
  (JSON.parse(stdout) as { servers: { findings: JsonFinding[] }[] }).servers.flatMap((s) => s.findings);

describe.each(CASES)('mcplint --fix on fixtures/fix/$name', ({ name, command, files, safe, unsafe, unfixed = [] }) => {
  const fixed = safe + unsafe;
  const fixable = FIXED_RULES.filter((id) => !unfixed.includes(id));
  const before = fixturePath(`fix/${name}/before`);
  const after = fixturePath(`fix/${name}/after`);

  it('marks fixable findings, and JSON with --show-fixes carries each fix with edits against the file read', async () => {
    const dir = copyProject(before);
    const text = await lint(dir, [], command);
    if (safe > 0) expect(text.stdout).toMatch(/ tool-title-present \[\*\]/);
    const more = unsafe > 0 ? ` (${unsafe} more with --unsafe-fixes)` : '';
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(`[*] ${safe} fixable with --fix${more}`);
    // A plain JSON lint computes no fix (a warm run loads no parser); --show-fixes does.
    const plain = await lint(dir, ['--format', 'json'], command);
    expect(findingsOf(plain.stdout).filter((f) => f.fix)).toEqual([]);
    const json = await lint(dir, ['--format', 'json', '--show-fixes'], command);
    const withFixes = findingsOf(json.stdout).filter((f) => f.fix);
    expect(withFixes.map((f) => f.ruleId).sort()).toEqual(
      findingsOf(json.stdout)
        .filter((f) => fixable.includes(f.ruleId))
        .map((f) => f.ruleId)
        .sort(),
    );
    expect(withFixes).toHaveLength(fixed);
    const hash = createHash('sha256').update(read(dir, files[0]!)).digest('hex');
    for (const f of withFixes) {
      expect(f.fix!.safety).toBe(UNSAFE.has(f.ruleId) ? 'unsafe' : 'safe');
      for (const edit of f.fix!.edits) expect(edit).toMatchObject({ file: files[0], sha256: hash });
    }
  });

  it('--fix --unsafe-fixes writes the golden files, the fixed findings are gone, and a second --fix changes nothing', async () => {
    const dir = copyProject(before);
    const result = await lint(dir, ['--fix', '--unsafe-fixes'], command);
    expect(result.stderr).toContain(`mcplint: ${fixed} fixed (`);
    expect(result.stderr).toContain('the server started again and every fixed finding is gone');
    expect(result.code).toBe(0);
    for (const file of files) expect(read(dir, file)).toBe(read(after, file));
    expect(readdirSync(dir).sort()).toEqual([...readdirSync(after), 'node_modules'].sort());

    const again = await lint(dir, ['--format', 'json'], command);
    const left = findingsOf(again.stdout).map((f) => f.ruleId);
    expect(left.filter((id) => fixable.includes(id) || id === 'stdout-pollution')).toEqual([]);

    const second = await lint(dir, ['--fix', '--unsafe-fixes'], command);
    expect(second.stderr).toContain('mcplint: nothing to fix');
    for (const file of files) expect(read(dir, file)).toBe(read(after, file));
  });

  it('--diff writes nothing, and its patch applies with git apply to give the golden files', async () => {
    const dir = copyProject(before);
    const result = await lint(dir, ['--diff', '--unsafe-fixes'], command);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('nothing was written');
    for (const file of files) expect(read(dir, file)).toBe(read(before, file));
    const patch = join(mkdtempSync(join(tmpdir(), 'mcplint-patch-')), 'fix.patch');
    made.push(join(patch, '..'));
    writeFileSync(patch, result.stdout);
    // A repository of its own: inside another one (a temporary folder under a work tree), git apply skips paths outside the current folder.
    expect(spawnSync('git', ['init', '-q'], { cwd: dir }).status).toBe(0);
    const check = spawnSync('git', ['apply', '--check', patch], { cwd: dir, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(spawnSync('git', ['apply', patch], { cwd: dir }).status).toBe(0);
    for (const file of files) expect(read(dir, file)).toBe(read(after, file));
  });
});

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

describe('the Markdown and HTML reports list the fixes', () => {
  it('says what each fix does and which command applies it, and counts them', async () => {
    const dir = copyProject(fixturePath('fix/js-sdk/before'));
    const html = join(mkdtempSync(join(tmpdir(), 'mcplint-html-')), 'report.html');
    made.push(join(html, '..'));
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
