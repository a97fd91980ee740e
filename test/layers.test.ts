/**
 * The layering, enforced: each layer is one folder; a module imports only its own layer and the
 * layers its row allows, and no module imports itself through others. Type-only imports count:
 * they couple the code just the same. Data flows up: shared helpers ← model ← connect, probes,
 * source, schema ← engine ← rules ← locate, config, score ← report ← session ← commands ← cli, api
 * ← scripts; rules see the world only through the model, the schema helpers and the engine, never
 * through the code that talks to servers or reads files.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAYERS, ORDER, type Layer } from './helpers/layers.js';
import { importCycles, importGraph, importSpecifiers, sourceFiles, type ImportEdge } from './helpers/module-graph.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function layerOf(file: string): Layer | undefined {
  return (Object.keys(LAYERS) as Layer[]).find((layer) => file.startsWith(LAYERS[layer].folder));
}

const allowed = (edge: ImportEdge): boolean => {
  const from = layerOf(edge.from);
  const to = layerOf(edge.to);
  return from === undefined || to === undefined || from === to || LAYERS[from].mayImport.includes(to);
};

const files = sourceFiles(ROOT, ['src', 'rules', 'scripts']);
const { edges, unresolved } = importGraph(ROOT, files);

describe('layering', () => {
  it('reads every kind of import, type-only and dynamic ones included', () => {
    const text = [
      "import a from './a.js';",
      "import type { B } from './b.js';",
      "import { type C } from './c.js';",
      "import './d.js';",
      "export * from './e.js';",
      "export type { F } from './f.js';",
      "const g = await import('./g.js');",
      "type H = typeof import('./h.js');",
      "let i: import('./i.js').I;",
      "import j = require('./j.js');",
      'const notLiteral = await import(name);',
    ].join('\n');
    expect(importSpecifiers('sample.ts', text).map((s) => s.specifier)).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((x) => `./${x}.js`),
    );
  });

  it('finds cycles and names their path', () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, to, specifier: to, line: 1 });
    const cycles = importCycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd'), edge('e', 'e')]);
    expect(cycles).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
  });

  it('lists each layer above the layers it may import', () => {
    const order = Object.keys(LAYERS) as Layer[];
    expect(order, 'ORDER and LAYERS list the layers alike').toEqual([...ORDER]);
    const upward = order.flatMap((layer, i) =>
      LAYERS[layer].mayImport.filter((below) => order.indexOf(below) >= i).map((above) => `${layer} -> ${above}`),
    );
    expect(upward).toEqual([]);
  });

  it('places every source file in a layer', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => layerOf(file) === undefined)).toEqual([]);
  });

  it('resolves every relative import to a file', () => {
    expect(unresolved.map((e) => `${e.from}:${e.line} imports ${e.specifier}`)).toEqual([]);
  });

  it('has no import against the layering', () => {
    const against = edges
      .filter((e) => !allowed(e))
      .map((e) => `${e.from}:${e.line} (${layerOf(e.from)}) imports ${e.to} (${layerOf(e.to)})`);
    expect(against).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles(edges).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
