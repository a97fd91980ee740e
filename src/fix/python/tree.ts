/**
 * Python files parsed with tree-sitter (the parser the source index uses, src/source/python/),
 * and the node that starts at a source-index position. Fixers edit node ranges only.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { SourcePosition } from '../../model/source-index.js';
import { pythonParser } from '../../source/python/parser.js';
import { offsetAt, type FixFiles, type ReadFile } from '../fix-files.js';
import type { PlannedEdit } from '../fixer.js';

/** Run `use` on the file's tree with the outermost node of one of `types` starting at `at`; the tree is freed after. */
export async function withNodeAt<T>(
  files: FixFiles,
  at: SourcePosition,
  types: ReadonlySet<string>,
  use: (file: ReadFile, node: Node, tree: Tree) => T | undefined,
): Promise<T | undefined> {
  const file = files.get(at.file);
  const offset = file ? offsetAt(file.text, at.line, at.column) : undefined;
  if (!file || offset === undefined) return undefined;
  const tree = (await pythonParser()).parse(file.text);
  if (!tree) return undefined;
  try {
    let found: Node | undefined;
    for (let node: Node | null = tree.rootNode.descendantForIndex(offset); node && node.startIndex === offset; node = node.parent) {
      if (types.has(node.type)) found = node;
    }
    return found ? use(file, found, tree) : undefined;
  } finally {
    tree.delete();
  }
}

/** Keyword arguments (`name=value` source text) added at the end of a call's argument list, as the list is laid out. */
export function appendArguments(file: ReadFile, args: Node, added: readonly string[]): PlannedEdit {
  const close = args.endIndex - 1;
  const inside = file.text.slice(args.startIndex + 1, close);
  if (inside.trim() === '') return { file, start: args.startIndex + 1, end: close, replacement: added.join(', ') };
  const end = args.startIndex + 1 + inside.trimEnd().length;
  const trailingComma = /,\s*$/.test(inside);
  if (inside.includes('\n')) {
    // One argument per line: the new ones on lines of their own, at the last one's indentation.
    const indent = /^\s*/.exec(inside.trimEnd().split('\n').at(-1)!)![0];
    const lines = added.map((a) => `\n${indent}${a}`).join(',');
    return { file, start: end, end, replacement: `${trailingComma ? '' : ','}${lines}${trailingComma ? ',' : ''}` };
  }
  return { file, start: end, end, replacement: `${trailingComma ? ' ' : ', '}${added.join(', ')}` };
}
