/**
 * Lines of one source text, found once: a position's line and column, and the trimmed line quoted
 * as evidence, each for a binary search instead of a scan from the start of the file or line. The
 * index reports thousands of positions in one file, and a hostile file may be one long line, so a
 * scan per position was quadratic (a 1 MB file of registrations took minutes).
 *
 * Lines end at `\n`. at() counts columns from the last `\n` or `\r` before the position, as
 * ts-morph's getLineAndColumnAtPos does (what the TypeScript index reported before this);
 * newlineColumn() from the last `\n` (what the Python index reports).
 */
import { isSpace } from './chars.js';

export class LineIndex {
  /** Where each line starts: 0, then after every `\n`. */
  private readonly starts: number[] = [0];
  /** Where every `\r` is (rarely any). */
  private readonly returns: number[] = [];
  /** Per line, the bounds of its text without surrounding whitespace. */
  private readonly trimmed = new Map<number, readonly [number, number]>();

  constructor(private readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
    for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) this.returns.push(i);
  }

  /** 1-based line and column of an offset. */
  at(offset: number): { line: number; column: number } {
    const line = countAtMost(this.starts, offset);
    return { line, column: offset - this.columnStart(offset, line) + 1 };
  }

  /** 1-based column of an offset counted from its line's start only (`\r` is a character like any other). */
  newlineColumn(offset: number): number {
    return offset - this.starts[countAtMost(this.starts, offset) - 1]! + 1;
  }

  /** The trimmed line holding `offset`, cut to `cap` characters (and then ending in …). */
  quotedLine(offset: number, cap = 200): string {
    const line = countAtMost(this.starts, offset) - 1;
    let bounds = this.trimmed.get(line);
    if (!bounds) {
      let from = this.starts[line]!;
      let to = line + 1 < this.starts.length ? this.starts[line + 1]! - 1 : this.text.length;
      while (from < to && isSpace(this.text.charCodeAt(from))) from++;
      while (to > from && isSpace(this.text.charCodeAt(to - 1))) to--;
      bounds = [from, to];
      this.trimmed.set(line, bounds);
    }
    const [from, to] = bounds;
    return to - from > cap ? `${this.text.slice(from, from + cap)}…` : this.text.slice(from, to);
  }

  private columnStart(offset: number, line: number): number {
    const lineStart = this.starts[line - 1]!;
    if (this.returns.length === 0) return lineStart;
    const before = countAtMost(this.returns, offset - 1);
    return before > 0 ? Math.max(lineStart, this.returns[before - 1]! + 1) : lineStart;
  }
}

/** How many of the sorted `values` are at most `limit`. */
function countAtMost(values: readonly number[], limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (values[mid]! <= limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Text on one line (whitespace runs as one space, trimmed), cut to `cap` characters: reads only as far as it needs. */
export function oneLine(text: string, from: number, to: number, cap = 120): string {
  let out = '';
  let space = false;
  for (let i = from; i < to; i++) {
    if (isSpace(text.charCodeAt(i))) {
      space = out.length > 0;
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += text[i];
    if (out.length > cap) return `${out.slice(0, cap)}…`;
  }
  return out;
}
