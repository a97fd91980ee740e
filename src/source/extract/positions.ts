/** Where a node is, and the evidence text findings quote from it. */
import { relative, sep } from 'node:path';
import type { Node, SourceFile } from 'ts-morph';
import type { SourcePosition } from '../../model/source-index.js';
import { LineIndex, oneLine } from '../line-index.js';

/** One line index per parsed file (keyed by the compiler's node, which ts-morph keeps for the file's life). */
const indexes = new WeakMap<object, LineIndex>();

function linesOf(file: SourceFile): LineIndex {
  let index = indexes.get(file.compilerNode);
  if (!index) indexes.set(file.compilerNode, (index = new LineIndex(file.getFullText())));
  return index;
}

export function position(node: Node, scope: { readonly root: string }): SourcePosition {
  const file = node.getSourceFile();
  const { line, column } = linesOf(file).at(node.getStart());
  return { file: relative(scope.root, file.getFilePath()).split(sep).join('/'), line, column };
}

/** The trimmed source line a node starts on (evidence), capped. */
export function lineText(node: Node): string {
  return linesOf(node.getSourceFile()).quotedLine(node.getStart());
}

/** A node's text on one line, capped (evidence for multi-line expressions). */
export function snippet(node: Node): string {
  return oneLine(node.getSourceFile().getFullText(), node.getStart(), node.getEnd());
}

/** A key as one JSON pointer segment (RFC 6901). */
export const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
