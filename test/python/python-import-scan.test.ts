/**
 * The Python import scanner (src/source/python/import-scan.ts) is linear on hostile text and
 * finds what the regular expressions it replaced found: those are kept here as the reference, run
 * only on short generated texts (on long ones they are quadratic, which is why they were replaced).
 */
import { describe, expect, it } from 'vitest';
import { imports } from '../../src/source/python/import-scan.js';
import { seededText } from '../helpers/seeded-text.js';

/** The former scanner, verbatim. */
function referenceImports(text: string): { module: string; names: string[] }[] {
  const out: { module: string; names: string[] }[] = [];
  const source = text.replace(/\\\r?\n/g, ' ');
  for (const match of source.matchAll(/^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]*)/gm)) {
    const names = match[2]!
      .replace(/[()]/g, ' ')
      .split(',')
      .map((n) =>
        n
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter((n) => /^\w+$/.test(n));
    out.push({ module: match[1]!, names });
  }
  for (const match of source.matchAll(/^[ \t]*import[ \t]+([^\n#;]*)/gm)) {
    for (const part of match[1]!.split(',')) {
      const module = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (/^[A-Za-z_][\w.]*$/.test(module)) out.push({ module, names: [] });
    }
  }
  return out;
}

const TOKENS = [
  'from',
  'import',
  'from ',
  'import ',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\u2028',
  '\u00a0',
  '\\\n',
  '.',
  '..',
  'a',
  'b_2',
  '1x',
  'pkg.mod',
  '(',
  ')',
  ',',
  ', ',
  'as',
  ' as ',
  '#',
  ';',
  '*',
];

const generated = (seed: number, length: number): string => seededText(TOKENS, seed, length);

describe('Python import scanner', () => {
  it('finds what the former regular expressions found, on 20,000 generated texts', () => {
    for (let seed = 1; seed <= 20_000; seed++) {
      const text = generated(seed, 1 + (seed % 50));
      expect(imports(text), `seed ${seed}: ${JSON.stringify(text)}`).toEqual(referenceImports(text));
    }
  });

  it('reads the usual forms', () => {
    const text = [
      'import os, sys as system',
      'from . import tools',
      'from .tools import (',
      '    search,',
      '    fetch as get,',
      ')',
      'from pkg.sub import a, b  # comment',
      'if True:',
      '    import pkg.lazy',
      'x = 1; import late',
    ].join('\n');
    expect(imports(text)).toEqual([
      { module: '.', names: ['tools'] },
      { module: '.tools', names: ['search', 'fetch'] },
      { module: 'pkg.sub', names: ['a', 'b'] },
      { module: 'os', names: [] },
      { module: 'sys', names: [] },
      { module: 'pkg.lazy', names: [] },
    ]);
  });

  // The reference takes tens of seconds on each of these (quadratic); a linear scan, milliseconds.
  // The timeout is only the failure condition, sized for a loaded machine.
  const HOSTILE_MS = 15_000;
  it(
    'stays linear on `from m import (` lines that never close (480 KB)',
    () => {
      const text = `from .tools import search\n${'from x import (\n'.repeat(30_000)}`;
      const found = imports(text);
      expect(found).toHaveLength(30_001);
      expect(found[0]).toEqual({ module: '.tools', names: ['search'] });
    },
    HOSTILE_MS,
  );

  it(
    'stays linear on a long run of spaces in a name list, and of dots in a module name',
    () => {
      expect(imports(`from .tools import (search${' '.repeat(150_000)}fetch)`)).toEqual([{ module: '.tools', names: [] }]);
      expect(imports(`from ${'.'.repeat(150_000)} x`)).toEqual([]);
    },
    HOSTILE_MS,
  );
});
