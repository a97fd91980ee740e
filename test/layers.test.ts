/**
 * The layering, enforced: a module imports only its own layer and the layers its row allows, and
 * no module imports itself through others. Type-only imports count: they couple the code just the
 * same. Data flows up: shared helpers ← capture model ← connect/probes/source ← engine ← rules ←
 * report ← CLI ← scripts; rules and formatters see the world only through the capture model and the
 * engine, never through the code that talks to servers or reads files.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importSpecifiers, sourceFiles, type ImportEdge } from './helpers/module-graph.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Layer = 'shared' | 'model' | 'connect' | 'probes' | 'source' | 'engine' | 'rules' | 'report' | 'cli' | 'scripts';

/**
 * Bottom to top. A member ending in '/' is a folder (everything below it); the longest match wins,
 * so a file can sit in a lower layer than its folder (the probe and source data types are capture model).
 */
const LAYERS: Readonly<Record<Layer, { readonly members: readonly string[]; readonly mayImport: readonly Layer[] }>> = {
  shared: { members: ['src/shared/'], mayImport: [] },
  model: {
    members: [
      'src/capture.ts',
      'src/client-formats.ts',
      'src/paths.ts',
      'src/version.ts',
      'src/util/',
      'src/probes/types.ts',
      'src/probes/records.ts',
      'src/probes/http-types.ts',
      'src/source/types.ts',
      // The guide's Quality Checklist is data; rules name its items, the checklist formatter reads them.
      'src/checklist-items.ts',
    ],
    mayImport: ['shared'],
  },
  connect: { members: ['src/connect/'], mayImport: ['shared', 'model'] },
  probes: { members: ['src/probes/'], mayImport: ['shared', 'model', 'connect'] },
  source: { members: ['src/source/'], mayImport: ['shared', 'model'] },
  // The engine validates the probes section of the config (src/probes/config-schema.ts), and its
  // anchors read a Python launch command as the source index does (src/source/python/launch.ts).
  engine: { members: ['src/engine/'], mayImport: ['shared', 'model', 'probes', 'source'] },
  rules: { members: ['rules/'], mayImport: ['shared', 'model', 'engine'] },
  report: {
    members: ['src/report.ts', 'src/report-baseline.ts', 'src/gate.ts', 'src/docs.ts', 'src/formatters/'],
    mayImport: ['shared', 'model', 'engine'],
  },
  cli: {
    members: [
      'src/cli.ts',
      'src/cli/',
      'src/pipeline/',
      'src/lint.ts',
      'src/plan-probes.ts',
      'src/merge.ts',
      'src/init.ts',
      'src/init-python.ts',
      'src/init-candidate.ts',
      'src/index.ts',
      'src/progress.ts',
      'src/baseline-file.ts',
      'src/rule-catalog.ts',
    ],
    mayImport: ['shared', 'model', 'connect', 'probes', 'source', 'engine', 'rules', 'report'],
  },
  scripts: { members: ['scripts/'], mayImport: ['shared', 'model', 'connect', 'probes', 'source', 'engine', 'rules', 'report', 'cli'] },
};

/**
 * Imports against the layering that are still there, each with what removes it. Remove an entry
 * when its import is gone: the test fails on an entry that no longer matches, so the list only shrinks.
 */
const KNOWN_VIOLATIONS: Readonly<Record<string, string>> = {};

/** Import cycles still there (by their files, sorted), each with what breaks it. Same rule: the list only shrinks. */
const KNOWN_CYCLES: Readonly<Record<string, string>> = {};

function layerOf(file: string): Layer | undefined {
  let best: { layer: Layer; length: number } | undefined;
  for (const [layer, { members }] of Object.entries(LAYERS) as [Layer, (typeof LAYERS)[Layer]][]) {
    for (const member of members) {
      const matches = member.endsWith('/') ? file.startsWith(member) : file === member;
      if (matches && (best === undefined || member.length > best.length)) best = { layer, length: member.length };
    }
  }
  return best?.layer;
}

const allowed = (edge: ImportEdge): boolean => {
  const from = layerOf(edge.from);
  const to = layerOf(edge.to);
  return from === undefined || to === undefined || from === to || LAYERS[from].mayImport.includes(to);
};

const edgeKey = (edge: ImportEdge): string => `${edge.from} -> ${edge.to}`;
const cycleKey = (cycle: readonly string[]): string => [...new Set(cycle)].sort().join(' <-> ');

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
    const against = edges.filter((e) => !allowed(e));
    const unexpected = against
      .filter((e) => !(edgeKey(e) in KNOWN_VIOLATIONS))
      .map((e) => `${e.from}:${e.line} (${layerOf(e.from)}) imports ${e.to} (${layerOf(e.to)})`);
    expect(unexpected).toEqual([]);
    const gone = Object.keys(KNOWN_VIOLATIONS).filter((key) => !against.some((e) => edgeKey(e) === key));
    expect(gone, 'KNOWN_VIOLATIONS entries whose import is gone: remove them').toEqual([]);
  });

  it('has no import cycle', () => {
    const cycles = importCycles(edges);
    expect(cycles.filter((cycle) => !(cycleKey(cycle) in KNOWN_CYCLES)).map((cycle) => cycle.join(' -> '))).toEqual([]);
    const gone = Object.keys(KNOWN_CYCLES).filter((key) => !cycles.some((cycle) => cycleKey(cycle) === key));
    expect(gone, 'KNOWN_CYCLES entries that are no longer cycles: remove them').toEqual([]);
  });
});
