/**
 * Tool handlers that throw: each `throw` of a tool's handler that no try/catch inside the handler
 * catches (the SDK turns it into a protocol error instead of an `isError` result). Throws in
 * nested functions are not the handler's own; in a CallTool handler, the "unknown tool" default
 * branch may throw, and a throw is tied to the tool of its branch.
 */
import { Node, SyntaxKind } from 'ts-morph';
import type { SourceIndex } from '../../model/source-index.js';
import { enclosingFunction } from './functions.js';
import { lineText, position } from './positions.js';
import type { ToolCode } from './registration-findings.js';
import type { Scope } from './scope.js';
import { inDefaultClause, toolOfBranch } from './tool-branches.js';

type ThrowingHandler = SourceIndex['throwingHandlers'][number];

/** The uncaught throws of the tools' handlers, in the order of `tools`. */
export function throwingHandlers(tools: readonly ToolCode[], scope: Scope): ThrowingHandler[] {
  const found: ThrowingHandler[] = [];
  for (const code of tools) {
    const handler = code.handler;
    if (!handler) continue;
    const toolOf = code.style === 'CallToolRequestSchema' ? (node: Node) => toolOfBranch(node, handler, scope) : () => code.tool;
    for (const node of handler.getDescendantsOfKind(SyntaxKind.ThrowStatement)) {
      // Throws inside nested functions (callbacks, helpers) are not the handler's own.
      if (enclosingFunction(node) !== handler) continue;
      if (caughtInside(node, handler)) continue;
      if (code.style === 'CallToolRequestSchema' && inDefaultClause(node, handler)) continue;
      found.push({ ...position(node, scope), tool: toolOf(node) ?? '', style: code.style, text: lineText(node) });
    }
  }
  return found;
}

/** Inside the try block of a try/catch within the handler? */
function caughtInside(node: Node, handler: Node): boolean {
  let child: Node = node;
  for (let parent = node.getParent(); parent && child !== handler; child = parent, parent = parent.getParent()) {
    if (Node.isTryStatement(parent) && parent.getTryBlock() === child && parent.getCatchClause()) return true;
    if (parent === handler) break;
  }
  return false;
}
