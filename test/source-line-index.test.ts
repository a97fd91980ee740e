/**
 * Positions and evidence lines from src/source/line-index.ts are the ones the scans it replaced
 * gave (kept here as the reference, on short generated texts): a scan per position from the start
 * of the file was quadratic on a file of many registrations, the index is a binary search.
 */
import { describe, expect, it } from 'vitest';
import { LineIndex, oneLine } from '../src/source/line-index.js';
import { seededRandom } from './helpers/seeded-text.js';

const reference = {
  /** ts-morph's getLineAndColumnAtPos (what src/source/extract/positions.ts called). */
  at(text: string, pos: number) {
    let line = 1;
    for (let i = 0; i < pos; i++) if (text.charCodeAt(i) === 10) line++;
    let start = pos;
    while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
    return { line, column: pos - start + 1 };
  },
  /** The Python index's column. */
  newlineColumn: (text: string, pos: number) => pos - (text.lastIndexOf('\n', pos - 1) + 1) + 1,
  lineText(text: string, start: number) {
    const from = text.lastIndexOf('\n', start - 1) + 1;
    const to = text.indexOf('\n', start);
    const line = text.slice(from, to === -1 ? undefined : to).trim();
    return line.length > 200 ? `${line.slice(0, 200)}…` : line;
  },
  snippet(text: string) {
    const one = text.replace(/\s+/g, ' ').trim();
    return one.length > 120 ? `${one.slice(0, 120)}…` : one;
  },
};

const TOKENS = ['a', 'bc', ' ', '  ', '\t', '\n', '\r', '\r\n', '\u2028', '\u00a0', 'x'.repeat(70), ' '.repeat(90)];

describe('line index', () => {
  it('gives the positions, lines and snippets the former scans gave, on 1,000 generated texts', () => {
    const wrong: string[] = [];
    const check = (what: string, got: unknown, expected: unknown) => {
      if (JSON.stringify(got) !== JSON.stringify(expected)) wrong.push(`${what}: ${JSON.stringify(got)} ≠ ${JSON.stringify(expected)}`);
    };
    for (let seed = 1; seed <= 1_000 && wrong.length < 5; seed++) {
      const next = seededRandom(seed);
      let text = '';
      for (let i = 0, n = 1 + (seed % 30); i < n; i++) text += TOKENS[Math.floor(next() * TOKENS.length)];
      const lines = new LineIndex(text);
      for (let pos = 0; pos <= text.length; pos++) {
        const where = `seed ${seed}, offset ${pos} of ${JSON.stringify(text)}`;
        check(`snippet, ${where}`, oneLine(text, pos, text.length), reference.snippet(text.slice(pos)));
        // Nodes start on a character that is not whitespace (and the former scans misread offset 0 of a text starting with \n).
        if (pos === text.length || /\s/.test(text[pos]!)) continue;
        check(`position, ${where}`, lines.at(pos), reference.at(text, pos));
        check(`Python column, ${where}`, lines.newlineColumn(pos), reference.newlineColumn(text, pos));
        check(`line, ${where}`, lines.quotedLine(pos), reference.lineText(text, pos));
      }
    }
    expect(wrong).toEqual([]);
  });
});
