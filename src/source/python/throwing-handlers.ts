/**
 * `raise` statements in tool code that no enclosing `try` of that code catches: FastMCP and the
 * low-level Server turn the exception into an isError result carrying only its message.
 * A raise inside an `except` clause or `finally` escapes its own try; a raise in a try body with
 * an except clause is taken as handled (the except may not match, but that is a guess either way).
 */
import type { Node } from 'web-tree-sitter';
import type { SourceIndex } from '../../model/source-index.js';
import type { ToolCode } from './registrations.js';
import { lineText, ownDescendants, position } from './syntax.js';

type Throw = SourceIndex['throwingHandlers'][number];

export function raisingHandlers(toolCode: readonly ToolCode[]): Throw[] {
  const out: Throw[] = [];
  for (const code of toolCode) {
    for (const raise of ownDescendants(code.node, new Set(['raise_statement']))) {
      if (code.exclude?.some((branch) => within(raise, branch)) || caught(raise, code.node)) continue;
      out.push({ ...position(raise, code.module), tool: code.tool, style: code.style, text: lineText(raise, code.module) });
    }
  }
  return out;
}

export function within(node: Node, ancestor: Node): boolean {
  return node.startIndex >= ancestor.startIndex && node.endIndex <= ancestor.endIndex;
}

/** Whether a try statement between the raise and the tool code's top catches it. */
function caught(raise: Node, top: Node): boolean {
  let child: Node = raise;
  for (let node = raise.parent; node && node.id !== top.id; child = node, node = node.parent) {
    if (node.type !== 'try_statement') continue;
    const body = node.childForFieldName('body');
    const handles = node.namedChildren.some((c) => c?.type === 'except_clause' || c?.type === 'except_group_clause');
    if (handles && body && body.id === child.id) return true;
  }
  return false;
}
