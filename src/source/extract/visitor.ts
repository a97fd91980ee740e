import type { CallExpression, PropertyAccessExpression } from 'ts-morph';

/**
 * A part of the extractor that looks at method calls (`receiver.method(…)`). The orchestrator
 * walks each file's calls once and hands every such call, callee unwrapped, to each visitor.
 */
export interface CallVisitor {
  visitCall(call: CallExpression, callee: PropertyAccessExpression): void;
}
