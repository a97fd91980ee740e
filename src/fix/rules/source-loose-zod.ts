/**
 * source-loose-zod's fix (unsafe: the server then rejects arguments it used to drop): every loose
 * zod object of the tool the source index found gets `.strict()` right after its `z.object(…)`
 * call (before any `.describe(…)` that follows); a raw shape given to registerTool becomes
 * `z.object({…}).strict()`. A Pydantic model gets `extra="forbid"` (src/fix/python/forbid-extra.ts).
 */
import { Node, type CallExpression, type ObjectLiteralExpression } from 'ts-morph';
import type { Fixer, PlannedEdit } from '../fixer.js';
import { nodeAt } from '../ts/parse.js';
import { toolRegistration } from '../ts/tool-object.js';
import { fixPydanticExtra } from '../python/forbid-extra.js';

const isZodObjectCall = (node: Node): node is CallExpression =>
  Node.isCallExpression(node) && /^\w+\.object$/.test(node.getExpression().getText().replace(/\s+/g, ''));
const isObject = (node: Node): node is ObjectLiteralExpression => Node.isObjectLiteralExpression(node);

export const fixLooseZod: Fixer = (finding, ctx) => {
  if (finding.subject.kind !== 'tool') return undefined;
  const tool = finding.subject.name;
  if (ctx.source.language === 'python') {
    const model = ctx.source.looseZodObjects.find((l) => l.tool === tool && l.form === 'pydantic');
    return model ? fixPydanticExtra(model, ctx) : undefined;
  }
  const registration = toolRegistration(ctx, tool);
  const edits: PlannedEdit[] = [];
  for (const loose of ctx.source.looseZodObjects.filter((l) => l.tool === tool)) {
    if (loose.form === 'object' || loose.form === 'parse') {
      const call = nodeAt(ctx.files, loose, isZodObjectCall);
      if (!call) return undefined;
      edits.push({ file: call.file, start: call.node.getEnd(), end: call.node.getEnd(), replacement: '.strict()' });
    } else if (loose.form === 'rawShape' && registration?.style === 'registerTool') {
      const shape = nodeAt(ctx.files, loose, isObject);
      const zod = shape ? /^(\w+)\.\w+\s*\(/.exec(shape.node.getProperties()[0]?.getText().split(':')[1]?.trim() ?? '')?.[1] : undefined;
      if (!shape || !zod) return undefined;
      // Two inserts around the shape, so edits inside it do not overlap this one.
      edits.push(
        { file: shape.file, start: shape.node.getStart(), end: shape.node.getStart(), replacement: `${zod}.object(` },
        { file: shape.file, start: shape.node.getEnd(), end: shape.node.getEnd(), replacement: ').strict()' },
      );
    } else return undefined;
  }
  return edits.length > 0
    ? {
        description: `.strict() on ${edits.length === 1 ? 'the' : `${edits.length}`} zod input object${edits.length === 1 ? '' : 's'}`,
        edits,
      }
    : undefined;
};
