/**
 * mcplint's layers, bottom up: one folder each, with the layers each may import. test/layers.test.ts
 * enforces them on every import; test/docs.test.ts holds docs/architecture.md to them.
 */
export type Layer =
  | 'shared'
  | 'model'
  | 'connect'
  | 'probes'
  | 'source'
  | 'schema'
  | 'engine'
  | 'rules'
  | 'locate'
  | 'config'
  | 'score'
  | 'fix'
  | 'report'
  | 'session'
  | 'commands'
  | 'cli'
  | 'api'
  | 'scripts';

export const ORDER = [
  'shared',
  'model',
  'connect',
  'probes',
  'source',
  'schema',
  'engine',
  'rules',
  'locate',
  'config',
  'score',
  'fix',
  'report',
  'session',
  'commands',
  'cli',
  'api',
  'scripts',
] as const satisfies readonly Layer[];

/** Every layer from the bottom up to `last`: the upper layers may import all of what is below them. */
const upTo = (last: Layer): Layer[] => ORDER.slice(0, ORDER.indexOf(last as (typeof ORDER)[number]) + 1);

/** Bottom to top: each layer is one folder, and a layer imports only the layers its row names. */
export const LAYERS: Readonly<Record<Layer, { readonly folder: string; readonly mayImport: readonly Layer[] }>> = {
  shared: { folder: 'src/shared/', mayImport: [] },
  model: { folder: 'src/model/', mayImport: ['shared'] },
  connect: { folder: 'src/connect/', mayImport: ['shared', 'model'] },
  probes: { folder: 'src/probes/', mayImport: ['shared', 'model', 'connect'] },
  source: { folder: 'src/source/', mayImport: ['shared', 'model'] },
  schema: { folder: 'src/schema/', mayImport: ['shared', 'model'] },
  engine: { folder: 'src/engine/', mayImport: ['shared', 'model'] },
  rules: { folder: 'rules/', mayImport: ['shared', 'model', 'schema', 'engine'] },
  // Anchors read a Python launch command as the source index does (src/source/python/launch.ts).
  locate: { folder: 'src/locate/', mayImport: ['shared', 'model', 'source', 'engine'] },
  // The config validates the probes section (src/probes/config-schema.ts) and anchors its own file.
  config: { folder: 'src/config/', mayImport: ['shared', 'model', 'probes', 'engine', 'locate'] },
  score: { folder: 'src/score/', mayImport: ['shared', 'model', 'engine'] },
  // Fixes: edits computed from the source index's positions (ts-morph, tree-sitter), written safely.
  fix: { folder: 'src/fix/', mayImport: ['shared', 'model', 'source', 'engine'] },
  report: { folder: 'src/report/', mayImport: ['shared', 'model', 'engine', 'locate', 'config', 'score'] },
  session: { folder: 'src/session/', mayImport: upTo('report') },
  commands: { folder: 'src/commands/', mayImport: upTo('session') },
  cli: { folder: 'src/cli/', mayImport: upTo('commands') },
  // mcplint as a library (the package's main export): a sibling of the CLI, not above it.
  api: { folder: 'src/api/', mayImport: upTo('commands') },
  scripts: { folder: 'scripts/', mayImport: upTo('cli') },
};
