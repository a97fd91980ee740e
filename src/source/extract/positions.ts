/** Where a node is, and the evidence text findings quote from it. */
import { relative, sep } from 'node:path';
import type { Node } from 'ts-morph';
import type { SourcePosition } from '../../model/source-index.js';

export function position(node: Node, scope: { readonly root: string }): SourcePosition {
  const file = node.getSourceFile();
  const { line, column } = file.getLineAndColumnAtPos(node.getStart());
  return { file: relative(scope.root, file.getFilePath()).split(sep).join('/'), line, column };
}

/** The trimmed source line a node starts on (evidence), capped. */
export function lineText(node: Node): string {
  const file = node.getSourceFile();
  const text = file.getFullText();
  const start = node.getStart();
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const to = text.indexOf('\n', start);
  const line = text.slice(from, to === -1 ? undefined : to).trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** A node's text on one line, capped (evidence for multi-line expressions). */
export function snippet(node: Node): string {
  const text = node.getText().replace(/\s+/g, ' ').trim();
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** A key as one JSON pointer segment (RFC 6901). */
export const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
