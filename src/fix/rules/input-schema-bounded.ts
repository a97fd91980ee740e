/**
 * input-schema-bounded's fix for a limit-like parameter without a maximum, or with one above the
 * rule's maxLimit (unsafe: calls above it are then refused): the maximum the finding names, where
 * the parameter is written. zod without an explicit `.max` (zod 4's `.int()` alone advertises
 * 2^53 − 1) gets `.max(N)` right after its `z.number()` call (before `.default(…)`, whose result
 * has no `.max`); a JSON Schema literal gets `maximum: N`, or its `maximum` lowered to N.
 */
import { Node, type CallExpression } from 'ts-morph';
import type { Fixer } from '../fixer.js';
import { nodeAt } from '../ts/parse.js';
import { appendProperties } from '../ts/object-literal.js';
import { hasOpaqueProperties, propertyNamed, toolRegistration } from '../ts/tool-object.js';

/** The maximum the finding's message asks for ("add "maximum": 100", "cap it at 100"): the rule's configured maxLimit. */
const ASKED = /"maximum": (\d+)|cap it at (\d+)/;

const isProperty = (node: Node): node is Node => Node.isPropertyAssignment(node);

export const fixLimitMaximum: Fixer = (finding, ctx) => {
  const subject = finding.subject;
  if (subject.kind !== 'tool' || !subject.pointer || ctx.source.language === 'python') return undefined;
  const asked = ASKED.exec(finding.message);
  const maximum = asked?.[1] ?? asked?.[2];
  const at = toolRegistration(ctx, subject.name)?.properties?.[subject.pointer];
  const found = maximum && at ? nodeAt(ctx.files, at, isProperty) : undefined;
  const value = found && Node.isPropertyAssignment(found.node) ? found.node.getInitializer() : undefined;
  if (!found || !value) return undefined;
  if (Node.isObjectLiteralExpression(value)) {
    if (hasOpaqueProperties(value)) return undefined;
    const written = propertyNamed(value, 'maximum')?.getInitializer();
    if (written) {
      return {
        description: `maximum: ${written.getText()} → ${maximum}`,
        edits: [{ file: found.file, start: written.getStart(), end: written.getEnd(), replacement: maximum! }],
      };
    }
    return { description: `add maximum: ${maximum}`, edits: [appendProperties(found.file, value, [`maximum: ${maximum}`])] };
  }
  const number = numberCall(value);
  if (!number || /\.max\s*\(|\.lte?\s*\(/.test(value.getText())) return undefined;
  return {
    description: `${number.getText()} → ${number.getText()}.max(${maximum})`,
    edits: [{ file: found.file, start: number.getEnd(), end: number.getEnd(), replacement: `.max(${maximum})` }],
  };
};

/** The `z.number()` (or `z.coerce.number()`) call at the start of a zod chain. */
function numberCall(value: Node): CallExpression | undefined {
  let node: Node = value;
  while (Node.isCallExpression(node)) {
    const callee = node.getExpression();
    if (/^\w+(?:\.coerce)?\.number$/.test(callee.getText().replace(/\s+/g, ''))) return node;
    if (!Node.isPropertyAccessExpression(callee)) return undefined;
    node = callee.getExpression();
  }
  return undefined;
}
