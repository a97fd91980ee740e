/** The --diff patch (src/fix/unified-diff.ts): git's unified format, accepted by `git apply`, whatever the edits' places. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../src/fix/select-fixes.js';
import { unifiedDiff, type DiffFile } from '../src/fix/unified-diff.js';

/** Apply the patch with git in a scratch folder holding the files' old texts; returns the new texts. */
function gitApply(files: readonly DiffFile[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-diff-'));
  try {
    for (const f of files) writeFileSync(join(dir, f.name), f.before);
    writeFileSync(join(dir, 'fix.patch'), unifiedDiff(files));
    // A repository of its own: inside another one, git apply skips paths outside the current folder.
    expect(spawnSync('git', ['init', '-q'], { cwd: dir }).status).toBe(0);
    const applied = spawnSync('git', ['apply', 'fix.patch'], { cwd: dir, encoding: 'utf8' });
    expect(applied.stderr).toBe('');
    expect(applied.status).toBe(0);
    return files.map((f) => readFileSync(join(dir, f.name), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const numbered = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join('');

describe('unified diff', () => {
  it('prints git headers and one hunk with three lines of context', () => {
    const before = numbered(10);
    const at = before.indexOf('line 5');
    const patch = unifiedDiff([{ name: 'a.txt', before, edits: [{ start: at, end: at + 6, replacement: 'LINE 5' }] }]);
    expect(patch).toBe(
      [
        'diff --git a/a.txt b/a.txt',
        '--- a/a.txt',
        '+++ b/a.txt',
        '@@ -2,7 +2,7 @@',
        ' line 2',
        ' line 3',
        ' line 4',
        '-line 5',
        '+LINE 5',
        ' line 6',
        ' line 7',
        ' line 8',
        '',
      ].join('\n'),
    );
  });

  it('applies with git apply: far-apart and adjacent edits, inserted lines, a last line without a newline, several files', () => {
    const long = numbered(40);
    const noNewline = 'first\nsecond\nlast';
    const files: DiffFile[] = [
      {
        name: 'long.txt',
        before: long,
        edits: [
          { start: 0, end: 0, replacement: 'import sys\n' },
          { start: long.indexOf('line 3\n') + 6, end: long.indexOf('line 3\n') + 6, replacement: '\n  added after 3' },
          { start: long.indexOf('line 6\n'), end: long.indexOf('line 7\n'), replacement: '' },
          { start: long.indexOf('line 30'), end: long.indexOf('line 30') + 7, replacement: 'line thirty' },
        ],
      },
      {
        name: 'tail.txt',
        before: noNewline,
        edits: [{ start: noNewline.length, end: noNewline.length, replacement: ', file=sys.stderr' }],
      },
    ];
    expect(gitApply(files)).toEqual(files.map((f) => applyEdits(f.before, f.edits)));
  });

  it('is empty when no edit changes a line', () => {
    expect(unifiedDiff([{ name: 'a.txt', before: 'a\n', edits: [] }])).toBe('');
    expect(unifiedDiff([{ name: 'a.txt', before: 'a\n', edits: [{ start: 0, end: 1, replacement: 'a' }] }])).toBe('');
  });
});
