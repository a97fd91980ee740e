/**
 * The branches of a low-level CallTool handler (`setRequestHandler(CallToolRequestSchema, …)`),
 * which dispatches on the tool name: `switch (name) { case 'x': … }` or `if (name === 'x') …`.
 */
import { Node, SyntaxKind } from 'ts-morph';
import { resolveString, unwrap, type Imports } from './resolve.js';

/** An expression that holds the called tool's name (`name`, `toolName`, `request.params.name`). */
const TOOL_NAME_REF = /^(?:[\w$]+\.)*(?:name|toolName|tool_name)$/;

/** The tool a node inside a CallTool handler belongs to: `case 'x':` or `if (name === 'x')`. */
export function toolOfBranch(node: Node, handler: Node, imports: Imports): string | undefined {
  let child: Node = node;
  for (let parent = node.getParent(); parent && child !== handler; child = parent, parent = parent.getParent()) {
    if (Node.isCaseClause(parent) || Node.isDefaultClause(parent)) {
      const switched = parent.getParentIfKind(SyntaxKind.CaseBlock)?.getParentIfKind(SyntaxKind.SwitchStatement);
      if (switched && TOOL_NAME_REF.test(unwrap(switched.getExpression()).getText())) {
        if (Node.isDefaultClause(parent)) return undefined;
        const value = resolveString(parent.getExpression(), imports);
        return 'value' in value ? value.value : undefined;
      }
    }
    if (Node.isIfStatement(parent) && parent.getThenStatement() === child) {
      const condition = unwrap(parent.getExpression());
      if (Node.isBinaryExpression(condition)) {
        const op = condition.getOperatorToken().getKind();
        if (op === SyntaxKind.EqualsEqualsEqualsToken || op === SyntaxKind.EqualsEqualsToken) {
          // `name === 'x'` / `request.params.name === TOOLS.x.name`; not `args.format === 'csv'`.
          const [left, right] = [condition.getLeft(), condition.getRight()];
          for (const [nameSide, valueSide] of [
            [left, right],
            [right, left],
          ] as const) {
            if (!TOOL_NAME_REF.test(unwrap(nameSide).getText())) continue;
            const value = resolveString(valueSide, imports);
            if ('value' in value) return value.value;
          }
        }
      }
    }
    if (parent === handler) break;
  }
  return undefined;
}

/** In the default clause of a switch on the tool name (the "unknown tool" branch)? */
export function inDefaultClause(node: Node, handler: Node): boolean {
  for (let parent = node.getParent(); parent && parent !== handler; parent = parent.getParent()) {
    if (!Node.isCaseClause(parent) && !Node.isDefaultClause(parent)) continue;
    const switched = parent.getParentIfKind(SyntaxKind.CaseBlock)?.getParentIfKind(SyntaxKind.SwitchStatement);
    if (!switched || !TOOL_NAME_REF.test(unwrap(switched.getExpression()).getText())) continue;
    return Node.isDefaultClause(parent);
  }
  return false;
}
