/**
 * `--diff`: the changes as a unified diff in git's form (`diff --git a/… b/…`, three lines of
 * context), which `git apply` and `patch -p1` accept. The changed lines come from the edits
 * themselves (every line an edit touches), so no line-matching algorithm is needed.
 */
export interface DiffFile {
  /** Relative to the directory the patch applies in, with `/` separators. */
  readonly name: string;
  readonly before: string;
  readonly edits: readonly { readonly start: number; readonly end: number; readonly replacement: string }[];
}

const CONTEXT = 3;

/** Lines with their `\n` (the last one may lack it). */
function linesOf(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

interface Span {
  /** First and last old line (0-based, inclusive). */
  readonly from: number;
  readonly to: number;
  readonly added: readonly string[];
}

export function unifiedDiff(files: readonly DiffFile[]): string {
  return files
    .filter((f) => f.edits.length > 0)
    .map(fileDiff)
    .join('');
}

function fileDiff(file: DiffFile): string {
  const old = linesOf(file.before);
  const starts: number[] = [];
  let offset = 0;
  for (const line of old) {
    starts.push(offset);
    offset += line.length;
  }
  const lineOf = (at: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (starts[mid]! <= at) low = mid;
      else high = mid - 1;
    }
    return low;
  };
  const edits = [...file.edits].sort((a, b) => a.start - b.start || a.end - b.end);
  // Each run of edits on touching lines is one span of old lines, replaced by its new lines.
  const groups: { from: number; to: number; edits: typeof edits }[] = [];
  for (const edit of edits) {
    const from = lineOf(edit.start);
    const to = Math.max(from, lineOf(Math.max(edit.start, edit.end - 1)));
    const last = groups.at(-1);
    if (last && from <= last.to) {
      last.to = Math.max(last.to, to);
      last.edits.push(edit);
    } else groups.push({ from, to, edits: [edit] });
  }
  const spans: Span[] = groups.map(({ from, to, edits: inSpan }) => {
    const base = starts[from]!;
    const text = old.slice(from, to + 1).join('');
    let out = '';
    let at = 0;
    for (const e of inSpan) {
      out += text.slice(at, e.start - base) + e.replacement;
      at = Math.max(at, e.end - base);
    }
    // Lines an edit left as they were (an insertion after a line's last character) are context, not changes.
    let added = linesOf(out + text.slice(at));
    let first = from;
    let last = to;
    while (first <= last && added.length > 0 && added[0] === old[first]) {
      added = added.slice(1);
      first++;
    }
    while (first <= last && added.length > 0 && added.at(-1) === old[last]) {
      added = added.slice(0, -1);
      last--;
    }
    return { from: first, to: last, added };
  });
  const changed = spans.filter((span) => span.from <= span.to || span.added.length > 0);
  if (changed.length === 0) return '';
  spans.splice(0, spans.length, ...changed);
  let body = `diff --git a/${file.name} b/${file.name}\n--- a/${file.name}\n+++ b/${file.name}\n`;
  let delta = 0;
  for (let i = 0; i < spans.length; ) {
    let j = i;
    while (j + 1 < spans.length && spans[j + 1]!.from - spans[j]!.to - 1 <= 2 * CONTEXT) j++;
    const first = spans[i]!;
    const last = spans[j]!;
    const from = Math.max(0, first.from - CONTEXT);
    const to = Math.min(old.length - 1, last.to + CONTEXT);
    const lines: string[] = [];
    let oldCount = 0;
    let newCount = 0;
    const context = (a: number, b: number): void => {
      for (let k = a; k <= b; k++) {
        lines.push(line(' ', old[k]!));
        oldCount++;
        newCount++;
      }
    };
    context(from, first.from - 1);
    for (let k = i; k <= j; k++) {
      const span = spans[k]!;
      if (k > i) context(spans[k - 1]!.to + 1, span.from - 1);
      for (let m = span.from; m <= span.to; m++) lines.push(line('-', old[m]!));
      for (const added of span.added) lines.push(line('+', added));
      oldCount += span.to - span.from + 1;
      newCount += span.added.length;
    }
    context(last.to + 1, to);
    const newStart = from + 1 + delta;
    body += `@@ -${range(from + 1, oldCount)} +${range(newCount === 0 ? newStart - 1 : newStart, newCount)} @@\n${lines.join('')}`;
    delta += newCount - oldCount;
    i = j + 1;
  }
  return body;
}

const range = (start: number, count: number): string => (count === 1 ? `${start}` : `${start},${count}`);

function line(mark: string, text: string): string {
  return text.endsWith('\n') ? `${mark}${text}` : `${mark}${text}\n\\ No newline at end of file\n`;
}
