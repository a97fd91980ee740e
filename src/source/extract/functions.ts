/** Handler functions: the function an argument names, what it returns, which function a node is in. */
import { Node, SyntaxKind } from 'ts-morph';
import { resolveValue, type Imports } from './resolve.js';

/** An argument that is a handler function, or an identifier naming one. */
export function handlerFunction(node: Node | undefined, imports: Imports): Node | undefined {
  if (!node) return undefined;
  const value = resolveValue(node, imports);
  if (
    value &&
    (Node.isArrowFunction(value) ||
      Node.isFunctionExpression(value) ||
      Node.isFunctionDeclaration(value) ||
      Node.isMethodDeclaration(value))
  )
    return value;
  return undefined;
}

/** Expressions a handler function returns (arrow expression bodies included). */
export function returnedExpressions(handler: Node): Node[] {
  if (Node.isArrowFunction(handler)) {
    const body = handler.getBody();
    if (!Node.isBlock(body)) return [body];
  }
  const out: Node[] = [];
  for (const statement of handler.getDescendantsOfKind(SyntaxKind.ReturnStatement)) {
    if (enclosingFunction(statement) !== handler) continue;
    const expr = statement.getExpression();
    if (expr) out.push(expr);
  }
  return out;
}

function isFunctionLike(node: Node): boolean {
  return (
    Node.isArrowFunction(node) ||
    Node.isFunctionExpression(node) ||
    Node.isFunctionDeclaration(node) ||
    Node.isMethodDeclaration(node) ||
    Node.isConstructorDeclaration(node) ||
    Node.isGetAccessorDeclaration(node) ||
    Node.isSetAccessorDeclaration(node)
  );
}

/** The nearest function around a node. */
export function enclosingFunction(node: Node): Node | undefined {
  for (let parent = node.getParent(); parent; parent = parent.getParent()) if (isFunctionLike(parent)) return parent;
  return undefined;
}
