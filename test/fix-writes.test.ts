/**
 * Where and how a fix writes (src/fix/write-guard.ts, src/fix/write-fixes.ts): only inside the
 * project root, never under node_modules, a virtual environment, a build output with its source
 * beside it or through a link; never over a file that changed since it was read; atomically; and
 * restored from the text read.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readForFix } from '../src/fix/fix-files.js';
import { fileChanges, selectFixes, type FileChange } from '../src/fix/select-fixes.js';
import { restore, writeChanges } from '../src/fix/write-fixes.js';
import { refusedFixTarget } from '../src/fix/write-guard.js';
import type { PlannedFindingFix } from '../src/fix/plan-fixes.js';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'mcplint-guard-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

/** The change one edit makes: `console.log` → `console.error` at the file's start. */
function change(path: string): FileChange {
  const file = readForFix(path)!;
  const fix: PlannedFindingFix = {
    ruleId: 'source-stdout-write',
    fingerprint: 'f',
    fix: { safety: 'safe', description: 'console.log → console.error', edits: [] },
    planned: [{ file, start: 8, end: 11, replacement: 'error' }],
  };
  return fileChanges([fix])[0]!;
}

describe('the write guard', () => {
  it("allows the project's own files", () => {
    const root = project({ 'server.mjs': 'console.log(1);\n', 'src/tools.ts': 'x' });
    expect(refusedFixTarget(root, join(root, 'server.mjs'))).toBeUndefined();
    expect(refusedFixTarget(root, join(root, 'src/tools.ts'))).toBeUndefined();
  });

  it('refuses files outside the project root, under node_modules or a virtual environment', () => {
    const root = project({
      'node_modules/sdk/index.js': 'x',
      '.venv/lib/site.py': 'x',
      'env/pyvenv.cfg': 'home = /usr/bin',
      'env/lib/mod.py': 'x',
    });
    const outside = project({ 'other.mjs': 'x' });
    expect(refusedFixTarget(root, join(outside, 'other.mjs'))).toContain("is outside the server's project root");
    expect(refusedFixTarget(root, join(root, 'node_modules/sdk/index.js'))).toContain('under node_modules/');
    expect(refusedFixTarget(root, join(root, '.venv/lib/site.py'))).toContain('under .venv/');
    expect(refusedFixTarget(root, join(root, 'env/lib/mod.py'))).toContain('Python virtual environment (env)');
  });

  it('refuses a build output whose source is beside it, and says to fix the source', () => {
    const root = project({ 'dist/server.js': 'x', 'src/server.ts': 'x', 'build/tool.js': 'x' });
    expect(refusedFixTarget(root, join(root, 'dist/server.js'))).toBe(
      'is build output (dist/) and its source src/server.ts is beside it: fix the source, then rebuild (--fix-build)',
    );
    // A build folder with no source beside it is the code there is.
    expect(refusedFixTarget(root, join(root, 'build/tool.js'))).toBeUndefined();
  });

  it('refuses links, to files and to folders', () => {
    const root = project({ 'real/server.mjs': 'x', 'target.mjs': 'x' });
    symlinkSync(join(root, 'target.mjs'), join(root, 'link.mjs'));
    symlinkSync(join(root, 'real'), join(root, 'linked'), 'dir');
    expect(refusedFixTarget(root, join(root, 'link.mjs'))).toContain('symbolic link');
    expect(refusedFixTarget(root, join(root, 'linked/server.mjs'))).toContain('its folder linked is a symbolic link');
  });
});

describe('writing fixes', () => {
  it('writes atomically (no temporary file left) and restores the text read', () => {
    const root = project({ 'server.mjs': 'console.log(1);\n' });
    const path = join(root, 'server.mjs');
    const planned = change(path);
    const result = writeChanges([planned], root, root);
    expect(result.refused).toEqual([]);
    expect(readFileSync(path, 'utf8')).toBe('console.error(1);\n');
    expect(readdirSync(root)).toEqual(['server.mjs']);
    restore([planned.file], root);
    expect(readFileSync(path, 'utf8')).toBe('console.log(1);\n');
  });

  it('never overwrites a file that changed between read and write', () => {
    const root = project({ 'server.mjs': 'console.log(1);\n' });
    const path = join(root, 'server.mjs');
    const planned = change(path);
    writeFileSync(path, 'console.log(2);\n');
    const result = writeChanges([planned], root, root);
    expect(result.written).toEqual([]);
    expect(result.refused.map((r) => r.reason)).toEqual(['changed since mcplint read it (its SHA-256 differs); run again']);
    expect(readFileSync(path, 'utf8')).toBe('console.log(2);\n');
  });

  it('never writes under node_modules, even when asked to', () => {
    const root = project({ 'node_modules/pkg/index.js': 'console.log(1);\n' });
    const path = join(root, 'node_modules/pkg/index.js');
    const result = writeChanges([change(path)], root, root);
    expect(result.written).toEqual([]);
    expect(result.refused[0]!.reason).toContain('under node_modules/');
    expect(readFileSync(path, 'utf8')).toBe('console.log(1);\n');
  });
});

describe('selecting fixes', () => {
  const root = (): string => project({ 'a.mjs': 'console.log(1); console.log(2);\n' });
  const fixOf = (file: ReturnType<typeof readForFix>, id: string, edits: [number, number, string][], safety: 'safe' | 'unsafe' = 'safe') =>
    ({
      ruleId: id,
      fingerprint: `${id}${edits[0]![0]}`,
      fix: { safety, description: id, edits: [] },
      planned: edits.map(([start, end, replacement]) => ({ file: file!, start, end, replacement })),
    }) satisfies PlannedFindingFix;

  it('takes a fix whole or defers it when it overlaps one taken, makes a shared edit once, and leaves unsafe fixes unless asked', () => {
    const file = readForFix(join(root(), 'a.mjs'));
    const first = fixOf(file, 'one', [
      [8, 11, 'error'],
      [0, 0, '// a\n'],
    ]);
    const overlapping = fixOf(file, 'two', [[10, 12, 'x']]);
    const sharing = fixOf(file, 'three', [
      [24, 27, 'error'],
      [0, 0, '// a\n'],
    ]);
    const unsafe = fixOf(file, 'four', [[30, 30, ' ']], 'unsafe');
    const safeOnly = selectFixes([first, overlapping, sharing, unsafe], false);
    expect(safeOnly.applied.map((f) => f.ruleId)).toEqual(['one', 'three']);
    expect(safeOnly.deferred.map((f) => f.ruleId)).toEqual(['two']);
    expect(fileChanges(safeOnly.applied)[0]!.after).toBe('// a\nconsole.error(1); console.error(2);\n');
    expect(selectFixes([first, unsafe], true).applied.map((f) => f.ruleId)).toEqual(['one', 'four']);
  });
});
