/**
 * A response-size limit in Python code: a module-level CHARACTER_LIMIT-style constant, or else a
 * truncating slice (`text[:CHARACTER_LIMIT]`, `text[:25000]`) or `textwrap.shorten`. The first of
 * each is kept; a constant wins.
 */
import type { Node } from 'web-tree-sitter';
import type { SourcePosition } from '../../model/source-index.js';
import { descendants, dottedName, position, type PythonModule } from './syntax.js';

const LIMIT_NAME = /CHAR(ACTER)?_?LIMIT|MAX_(RESPONSE|OUTPUT)_(CHARS|LENGTH|SIZE)/i;

type Limit = SourcePosition & { readonly name: string };

export function responseLimit(modules: readonly PythonModule[]): Limit | undefined {
  for (const module of modules) {
    for (const statement of module.root.namedChildren) {
      const assignment = statement?.type === 'expression_statement' ? statement.namedChildren[0] : undefined;
      const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : undefined;
      if (left?.type === 'identifier' && LIMIT_NAME.test(left.text)) return { ...position(left, module), name: left.text };
    }
  }
  for (const module of modules) {
    for (const node of descendants(module.root, new Set(['subscript', 'call']))) {
      if (truncates(node)) {
        const text = node.text.replace(/\s+/g, ' ');
        return { ...position(node, module), name: text.length > 80 ? `${text.slice(0, 80)}…` : text };
      }
    }
  }
  return undefined;
}

function truncates(node: Node): boolean {
  if (node.type === 'call') return /(?:^|\.)shorten$/.test(dottedName(node.childForFieldName('function')) ?? '');
  const slice = node.namedChildren.find((c) => c?.type === 'slice');
  if (slice?.text.split(':').length !== 2) return false;
  const [start, end] = slice.text.split(':').map((s) => s.trim());
  if (start !== '' && start !== '0') return false;
  if (/^\d[\d_]*$/.test(end!)) return Number(end!.replace(/_/g, '')) >= 1000;
  return /limit|max/i.test(end!);
}
