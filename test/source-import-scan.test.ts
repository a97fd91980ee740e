/**
 * The JS/TS import scanner (src/source/import-scan.ts) is linear on hostile text and finds what
 * the regular expressions it replaced found: those are kept here as the reference, run only on
 * short generated texts (on long ones they are quadratic, which is why they were replaced).
 */
import { describe, expect, it } from 'vitest';
import { moduleReferences, withoutComments } from '../src/source/import-scan.js';
import { seededText } from './helpers/seeded-text.js';

/** The former scanner, verbatim. */
const reference = {
  withoutComments(text: string): string {
    return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
  },
  moduleReferences(text: string): { specifiers: string[]; computed: boolean } {
    const STATIC_IMPORT = /(?:^|[^\w$.])(?:import|export)\s*(?:type\s+)?(?:[^'"`;]*?\bfrom\s*)?(['"])([^'"\n]+)\1/g;
    const DYNAMIC_IMPORT = /(?:^|[^\w$.])(?:import|require)\s*\(\s*([^)]*?)\s*\)/g;
    const code = reference.withoutComments(text);
    const specifiers: string[] = [];
    let computed = false;
    for (const match of code.matchAll(STATIC_IMPORT)) specifiers.push(match[2]!);
    for (const match of code.matchAll(DYNAMIC_IMPORT)) {
      const arg = match[1]!;
      const literal = /^(['"`])([^'"`$]*)\1$/.exec(arg);
      if (literal) specifiers.push(literal[2]!);
      else if (arg !== '') computed = true;
    }
    return { specifiers: specifiers.filter((s) => s.startsWith('./') || s.startsWith('../') || s === '.' || s === '..'), computed };
  },
};

const TOKENS = [
  'import',
  'export',
  'require',
  'from',
  'type',
  ' ',
  '  ',
  '\n',
  '\t',
  '\u00a0',
  "'",
  '"',
  '`',
  ';',
  '(',
  ')',
  './a',
  '../b',
  '.',
  '..',
  'x',
  '$',
  '_',
  '/*',
  '*/',
  '//',
  '/',
  '*',
  ':',
  '\\',
  '{ a }',
  ',',
  '${',
  '}',
  "'./c.js'",
  '"./d"',
  '`./e`',
];

const generated = (seed: number, length: number): string => seededText(TOKENS, seed, length);

describe('JS/TS import scanner', () => {
  it('finds what the former regular expressions found, on 20,000 generated texts', () => {
    for (let seed = 1; seed <= 20_000; seed++) {
      const text = generated(seed, 1 + (seed % 60));
      expect(withoutComments(text), `seed ${seed}: ${JSON.stringify(text)}`).toBe(reference.withoutComments(text));
      expect(moduleReferences(text), `seed ${seed}: ${JSON.stringify(text)}`).toEqual(reference.moduleReferences(text));
    }
  });

  it('reads the usual forms', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b';",
      "export * from './c';",
      "import './d.css.js';",
      "const e = await import('./e.js');",
      "const f = require('./f.cjs');",
      "const g = require('node:fs');",
      'const plugin = await import(`./plugins/${name}.js`);',
      "// import { h } from './h.js';",
      "/* import { i } from './i.js'; */",
      "const url = 'https://example.com/x'; import { j } from './j.js';",
    ].join('\n');
    expect(moduleReferences(text)).toEqual({
      specifiers: ['./a.js', '../b', './c', './d.css.js', './j.js', './e.js', './f.cjs'],
      computed: true,
    });
  });

  // The reference takes tens of seconds on each of these (quadratic); a linear scan, milliseconds.
  // The timeout is only the failure condition, sized for a loaded machine.
  const HOSTILE_MS = 15_000;
  it(
    'stays linear on a template literal full of `import` words (420 KB)',
    () => {
      const text = `import { tools } from './tools.js';\nconst s = \`${'import '.repeat(60_000)}\`;\nexport { x } from './x.js';\n`;
      expect(moduleReferences(text)).toEqual({ specifiers: ['./tools.js', './x.js'], computed: false });
    },
    HOSTILE_MS,
  );

  it(
    'stays linear on unclosed comments and calls (about 300 KB each)',
    () => {
      const comments = `import { a } from './a.js';\n${'/* '.repeat(90_000)}`;
      expect(moduleReferences(comments).specifiers).toEqual(['./a.js']);
      const calls = `import { a } from './a.js';\n${'import( '.repeat(40_000)}`;
      expect(moduleReferences(calls)).toEqual({ specifiers: ['./a.js'], computed: false });
    },
    HOSTILE_MS,
  );
});
