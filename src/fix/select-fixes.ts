/**
 * Which planned fixes one run applies, and the texts they make. A fix is taken whole or not at
 * all: one whose edit overlaps an edit already taken waits for the next run (as Ruff and ESLint
 * do), and the same edit made by two fixes (`import sys` added once) is made once.
 */
import type { ReadFile } from './fix-files.js';
import type { PlannedEdit } from './fixer.js';
import type { PlannedFindingFix } from './plan-fixes.js';

export interface FileChange {
  readonly file: ReadFile;
  readonly after: string;
  /** The fixes with an edit in this file. */
  readonly fixes: readonly PlannedFindingFix[];
}

export interface Selection {
  readonly applied: readonly PlannedFindingFix[];
  /** Left for a later run: they overlap a fix applied now. */
  readonly deferred: readonly PlannedFindingFix[];
}

const sameEdit = (a: PlannedEdit, b: PlannedEdit): boolean =>
  a.file.path === b.file.path && a.start === b.start && a.end === b.end && a.replacement === b.replacement;

/** Two edits overlap when their ranges share a character, or both insert at one point. */
const overlaps = (a: PlannedEdit, b: PlannedEdit): boolean =>
  a.file.path === b.file.path && (a.start === a.end && b.start === b.end ? a.start === b.start : a.start < b.end && b.start < a.end);

export function selectFixes(fixes: readonly PlannedFindingFix[], allowUnsafe: boolean): Selection {
  const taken: PlannedEdit[] = [];
  const applied: PlannedFindingFix[] = [];
  const deferred: PlannedFindingFix[] = [];
  for (const fix of fixes) {
    if (fix.fix.safety === 'unsafe' && !allowUnsafe) continue;
    const clash = fix.planned.some((e) => taken.some((t) => !sameEdit(t, e) && overlaps(t, e)));
    if (clash) {
      deferred.push(fix);
      continue;
    }
    for (const e of fix.planned) if (!taken.some((t) => sameEdit(t, e))) taken.push(e);
    applied.push(fix);
  }
  return { applied, deferred };
}

/** The new text of every file the fixes edit. */
export function fileChanges(fixes: readonly PlannedFindingFix[]): FileChange[] {
  const byFile = new Map<string, { file: ReadFile; edits: PlannedEdit[]; fixes: PlannedFindingFix[] }>();
  for (const fix of fixes) {
    for (const edit of fix.planned) {
      let entry = byFile.get(edit.file.path);
      if (!entry) byFile.set(edit.file.path, (entry = { file: edit.file, edits: [], fixes: [] }));
      if (!entry.edits.some((e) => sameEdit(e, edit))) entry.edits.push(edit);
      if (!entry.fixes.includes(fix)) entry.fixes.push(fix);
    }
  }
  return [...byFile.values()].map(({ file, edits, fixes }) => ({ file, after: applyEdits(file.text, edits), fixes }));
}

/** The text with the edits made (non-overlapping; inserts at one point keep their order). */
export function applyEdits(text: string, edits: readonly Pick<PlannedEdit, 'start' | 'end' | 'replacement'>[]): string {
  const sorted = edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.start - b.e.start || a.e.end - b.e.end || a.i - b.i);
  let out = '';
  let at = 0;
  for (const { e } of sorted) {
    out += text.slice(at, e.start) + e.replacement;
    at = Math.max(at, e.end);
  }
  return out + text.slice(at);
}
