/**
 * The Python parser: tree-sitter compiled to WebAssembly (web-tree-sitter) with the official
 * Python grammar's wasm from the tree-sitter-python package — no native build, nothing fetched.
 * Loaded on first use only, so TypeScript projects and runs without source mapping never pay for it.
 */
import { createRequire } from 'node:module';
import type { Parser, Tree } from 'web-tree-sitter';

let loading: Promise<Parser> | undefined;

/** The one parser of this thread (the wasm runtime and the grammar load once). */
export function pythonParser(): Promise<Parser> {
  return (loading ??= load());
}

async function load(): Promise<Parser> {
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init();
  // The grammar package has no exports map: its wasm sits at the package root.
  const grammar = createRequire(import.meta.url).resolve('tree-sitter-python/tree-sitter-python.wasm');
  const language = await Language.load(grammar);
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}

/** Parse each text; the caller must delete() the trees (they live in wasm memory). */
export async function parseAll(texts: ReadonlyMap<string, string>): Promise<Map<string, Tree>> {
  const parser = await pythonParser();
  const trees = new Map<string, Tree>();
  for (const [path, text] of texts) {
    const tree = parser.parse(text);
    if (tree) trees.set(path, tree);
  }
  return trees;
}
