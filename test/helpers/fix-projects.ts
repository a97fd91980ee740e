/**
 * The fixture projects of the --fix tests (fixtures/fix/<case>/before and after) and how those
 * tests copy, lint and read them. The tests are split over several files (fix-golden-*.test.ts,
 * fix-build.test.ts, fix.test.ts) so that the suite's workers share them: in one file they kept
 * one worker busy for over three minutes.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, fixturePath } from './capture.js';
import { runCli } from './cli.js';
import { runFolder } from './run-folder-setup.js';

export const FIXED_RULES = [
  'tool-title-present',
  'tool-annotations-complete',
  'source-stdout-write',
  'input-schema-strict',
  'source-loose-zod',
  'tool-annotations-present',
  'input-schema-bounded',
];
export const UNSAFE = new Set(['input-schema-strict', 'source-loose-zod', 'tool-annotations-present', 'input-schema-bounded']);

/** The SDK stand-in Python fixtures run on (fixtures/python/README.md): the official SDK cannot be installed here. */
export const PYTHON_STUBS = fixturePath('python/stubs');

export interface Case {
  readonly name: string;
  readonly command: readonly string[];
  readonly files: readonly string[];
  /** Findings --fix fixes, and the more --unsafe-fixes fixes. */
  readonly safe: number;
  readonly unsafe: number;
  /** Fixable rules whose findings this case's language has no fix for. */
  readonly unfixed?: readonly string[];
}

export const CASES: readonly Case[] = [
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

/** Temporary folders of the file that imports this module, removed after its tests. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder removed after the file's tests. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A fresh copy of a fixture project in a temporary folder, resolving packages from mcplint's own node_modules. */
export function copyProject(from: string): string {
  const dir = scratchDir('mcplint-fix-');
  cpSync(from, dir, { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

export const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');
// The source index is cached in the run's folder, not in the node_modules the copies link to
// (which would gather one cache file per temporary copy); outside the suite's setup, not at all.
const sourceCache = runFolder('source-cache');
export const lint = (dir: string, args: readonly string[], command: readonly string[]) =>
  sourceCache
    ? runCli(['--no-color', ...args, '--', ...command], { cwd: dir, env: { MCPLINT_CACHE_DIR: sourceCache } })
    : runCli(['--no-cache', '--no-color', ...args, '--', ...command], { cwd: dir });

export interface JsonFinding {
  ruleId: string;
  fix?: { safety: string; edits: { file: string; start: number; end: number; replacement: string; sha256: string }[] };
}
export const findingsOf = (stdout: string): JsonFinding[] =>
  (JSON.parse(stdout) as { servers: { findings: JsonFinding[] }[] }).servers.flatMap((s) => s.findings);

/** The golden tests of each case: marks and edits, --fix to the after/ files (proven, idempotent), --diff applied by git. */
export function goldenFixTests(cases: readonly Case[]): void {
  describe.each(cases)('mcplint --fix on fixtures/fix/$name', ({ name, command, files, safe, unsafe, unfixed = [] }) => {
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
}
