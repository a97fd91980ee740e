/**
 * A response-size limit in the code: a CHARACTER_LIMIT-style `const`, or else a truncation
 * (`text.slice(0, LIMIT)`, `.substring(0, 25000)`). The first of each is kept; a constant wins.
 */
import { Node, type CallExpression, type PropertyAccessExpression, type SourceFile } from 'ts-morph';
import type { SourcePosition } from '../../model/source-index.js';
import { position } from './positions.js';
import { unwrap } from './resolve.js';
import type { Scope } from './scope.js';
import type { CallVisitor } from './visitor.js';

const LIMIT_NAME = /CHAR(ACTER)?_?LIMIT|MAX_(RESPONSE|OUTPUT)_(CHARS|LENGTH|SIZE)/i;
const TRUNCATING_METHODS = new Set(['slice', 'substring', 'substr']);

type Limit = SourcePosition & { readonly name: string };

export class ResponseLimitDetector implements CallVisitor {
  private constant: Limit | undefined;
  private truncation: Limit | undefined;

  constructor(private readonly scope: Scope) {}

  /** The limit found: the first constant, else the first truncation. */
  get limit(): Limit | undefined {
    return this.constant ?? this.truncation;
  }

  /** Look for a limit constant among a file's top-level `const` declarations. */
  visitFile(file: SourceFile): void {
    if (this.constant) return;
    for (const statement of file.getVariableStatements()) {
      if (!((statement.getDeclarationList().getFlags() & 2) /* NodeFlags.Const */)) continue;
      for (const decl of statement.getDeclarations()) {
        const name = decl.getName();
        if (LIMIT_NAME.test(name)) {
          this.constant = { ...position(decl.getNameNode(), this.scope), name };
          return;
        }
      }
    }
  }

  visitCall(call: CallExpression, callee: PropertyAccessExpression): void {
    if (this.truncation || !TRUNCATING_METHODS.has(callee.getName())) return;
    const [start, end] = call.getArguments();
    if (start && end && unwrap(start).getText() === '0' && isLimitExpression(end)) {
      const text = call.getText();
      this.truncation = { ...position(call, this.scope), name: text.length > 80 ? `${text.slice(0, 80)}…` : text };
    }
  }
}

function isLimitExpression(node: Node): boolean {
  const expr = unwrap(node);
  if (Node.isNumericLiteral(expr)) return expr.getLiteralValue() >= 1000;
  if (Node.isIdentifier(expr)) return /limit|max/i.test(expr.getText());
  if (Node.isPropertyAccessExpression(expr)) return /limit|max/i.test(expr.getName());
  return false;
}
