/**
 * Writes to stdout, which a stdio server's protocol owns: console.log/info/debug/… and literal
 * text given to process.stdout.write. Not reported: console methods some indexed file reassigns
 * (`console.log = console.error`), and writes in an HTTP server's start-up (stdout is free there).
 */
import { Node, SyntaxKind, type CallExpression, type PropertyAccessExpression, type SourceFile } from 'ts-morph';
import type { SourceIndex } from '../../model/source-index.js';
import { lineText, position } from './positions.js';
import { unwrap } from './resolve.js';
import type { Scope } from './scope.js';
import type { CallVisitor } from './visitor.js';

/** Console methods that print to stdout in Node (warn, error and trace print to stderr). */
const STDOUT_CONSOLE = new Set([
  'log',
  'info',
  'debug',
  'dir',
  'dirxml',
  'table',
  'count',
  'timeLog',
  'timeEnd',
  'group',
  'groupCollapsed',
]);

export class StdoutWriteDetector implements CallVisitor {
  readonly writes: SourceIndex['stdoutWrites'][number][] = [];
  /** console methods some indexed file reassigns (e.g. `console.log = console.error`); '*' = all. */
  private readonly reassignedConsole = new Set<string>();

  /** `files`: every indexed file, since a reassignment in one silences console calls in all. */
  constructor(
    private readonly scope: Scope,
    files: readonly SourceFile[],
  ) {
    for (const file of files) this.findConsoleReassignments(file);
  }

  visitCall(call: CallExpression, callee: PropertyAccessExpression): void {
    const method = callee.getName();
    const receiverText = callee.getExpression().getText();
    if (receiverText === 'console' && STDOUT_CONSOLE.has(method)) {
      if (!this.reassignedConsole.has(method) && !this.reassignedConsole.has('*') && !inHttpSetup(call)) {
        this.writes.push({ ...position(call, this.scope), call: `console.${method}`, text: lineText(call) });
      }
    } else if (receiverText === 'process.stdout' && method === 'write') {
      const arg = call.getArguments()[0];
      if (arg && writesText(arg) && !inHttpSetup(call)) {
        this.writes.push({ ...position(call, this.scope), call: 'process.stdout.write', text: lineText(call) });
      }
    }
  }

  private findConsoleReassignments(file: SourceFile): void {
    if (!file.getFullText().includes('console')) return;
    for (const binary of file.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
      if (binary.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
      const left = unwrap(binary.getLeft());
      const text = left.getText();
      if (text === 'console' || text === 'globalThis.console' || text === 'global.console') {
        this.reassignedConsole.add('*');
      } else if (Node.isPropertyAccessExpression(left) && left.getExpression().getText() === 'console') {
        this.reassignedConsole.add(left.getName());
      }
    }
  }
}

/** Starting an HTTP transport: after it, stdout is free for logs ("listening on …"). */
const HTTP_SETUP = /\.listen\s*\(|\bnew\s+(?:StreamableHTTPServerTransport|SSEServerTransport)\s*\(/;

/**
 * A write that belongs to an HTTP transport's start-up, where stdout is not the protocol channel:
 * inside a `.listen(…)` callback, or in a block whose own statements start an HTTP server.
 */
function inHttpSetup(call: Node): boolean {
  let block: Node | undefined;
  for (let parent = call.getParent(); parent; parent = parent.getParent()) {
    if (Node.isCallExpression(parent)) {
      const callee = unwrap(parent.getExpression());
      if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'listen') return true;
    }
    if (!block && (Node.isBlock(parent) || Node.isSourceFile(parent))) block = parent;
  }
  if (!block) return false;
  return (block as Node & { getStatements(): Node[] })
    .getStatements()
    .some(
      (statement) => (Node.isExpressionStatement(statement) || Node.isVariableStatement(statement)) && HTTP_SETUP.test(statement.getText()),
    );
}

/** Literal text written with process.stdout.write (a banner, a log line) — not a serialised message. */
function writesText(arg: Node): boolean {
  const expr = unwrap(arg);
  const literal: string[] = [];
  let serialised = false;
  const walk = (node: Node): void => {
    const n = unwrap(node);
    if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)) literal.push(n.getLiteralText());
    else if (Node.isTemplateExpression(n)) {
      literal.push(n.getHead().getLiteralText());
      for (const span of n.getTemplateSpans()) {
        walk(span.getExpression());
        literal.push(span.getLiteral().getLiteralText());
      }
    } else if (Node.isBinaryExpression(n) && n.getOperatorToken().getKind() === SyntaxKind.PlusToken) {
      walk(n.getLeft());
      walk(n.getRight());
    } else if (/JSON\.stringify|serialize|encode/i.test(n.getText())) serialised = true;
  };
  walk(expr);
  if (serialised) return false;
  const text = literal.join('').trim();
  if (text === '') return false;
  // A literal JSON-RPC message is protocol output, not noise.
  return !/^[{[]/.test(text) && !text.includes('"jsonrpc"');
}
