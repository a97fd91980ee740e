/**
 * source-stdout-write's fix: the write goes to stderr instead. console.log/info/debug become
 * console.error (the same formatting, on stderr); process.stdout.write becomes process.stderr.write.
 * The other console methods (table, dir, group…) have no stderr twin that prints alike: left as they are.
 */
import { Node, type CallExpression } from 'ts-morph';
import type { Fixer } from '../fixer.js';
import { nodeAt } from '../ts/parse.js';
import { fixPythonPrint } from '../python/print-to-stderr.js';

const TO_ERROR = new Set(['log', 'info', 'debug']);

const isCall = (node: Node): node is CallExpression => Node.isCallExpression(node);

export const fixStdoutWrite: Fixer = (finding, ctx) => {
  if (!finding.at) return undefined;
  if (ctx.source.language === 'python') return fixPythonPrint(finding.at, ctx);
  const found = nodeAt(ctx.files, finding.at, isCall);
  if (!found) return undefined;
  const callee = found.node.getExpression();
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const receiver = callee.getExpression();
  const method = callee.getNameNode();
  if (receiver.getText() === 'console' && TO_ERROR.has(method.getText())) {
    return {
      description: `console.${method.getText()} → console.error`,
      edits: [{ file: found.file, start: method.getStart(), end: method.getEnd(), replacement: 'error' }],
    };
  }
  if (method.getText() === 'write' && Node.isPropertyAccessExpression(receiver) && receiver.getText() === 'process.stdout') {
    const stream = receiver.getNameNode();
    return {
      description: 'process.stdout.write → process.stderr.write',
      edits: [{ file: found.file, start: stream.getStart(), end: stream.getEnd(), replacement: 'stderr' }],
    };
  }
  return undefined;
};
