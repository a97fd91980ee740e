/** tool-annotations-complete's fix: the unset hints written out with the values clients already assume. */
import { Node, type ObjectLiteralExpression } from 'ts-morph';
import type { Fixer } from '../fixer.js';
import { nodeAt } from '../ts/parse.js';
import { appendProperties } from '../ts/object-literal.js';
import { hasOpaqueProperties, propertyNamed, toolRegistration } from '../ts/tool-object.js';
import { fixPythonAnnotationHints } from '../python/annotation-hints.js';

/**
 * ToolAnnotations' defaults (MCP schema), in the order the spec lists the hints. A tool annotated
 * readOnlyHint: true is different: destructiveHint and idempotentHint are "meaningful only when
 * readOnlyHint == false" (the spec), so clients read nothing from them, and the values that say
 * what a read-only tool is (destroys nothing, may be repeated) are written instead; the
 * defaults there would contradict the tool's own readOnlyHint (tool-annotations-consistent).
 */
export const ASSUMED_HINTS = [
  ['readOnlyHint', false],
  ['destructiveHint', true],
  ['idempotentHint', false],
  ['openWorldHint', true],
] as const;

const isAnnotationsNode = (node: Node): node is Node => Node.isPropertyAssignment(node) || Node.isObjectLiteralExpression(node);

export const fixAnnotationHints: Fixer = (finding, ctx) => {
  if (finding.subject.kind !== 'tool') return undefined;
  if (ctx.source.language === 'python') {
    const registration = toolRegistration(ctx, finding.subject.name);
    return registration ? fixPythonAnnotationHints(registration, (present) => hintsToAdd(present, 'True'), ctx) : undefined;
  }
  const at = toolRegistration(ctx, finding.subject.name)?.properties?.['/annotations'];
  const found = at ? nodeAt(ctx.files, at, isAnnotationsNode) : undefined;
  if (!found) return undefined;
  const object: Node | undefined = Node.isPropertyAssignment(found.node) ? found.node.getInitializer() : found.node;
  if (!object || !Node.isObjectLiteralExpression(object) || hasOpaqueProperties(object)) return undefined;
  const missing = unsetHints(object);
  if (missing.length === 0) return undefined;
  const properties = missing.map(([hint, value]) => `${hint}: ${value}`);
  return { description: `set ${properties.join(', ')}`, edits: [appendProperties(found.file, object, properties)] };
};

const READ_ONLY_HINTS: Readonly<Record<string, boolean>> = { destructiveHint: false, idempotentHint: true };

function unsetHints(object: ObjectLiteralExpression): (readonly [string, boolean])[] {
  const present = new Map<string, string>();
  for (const [hint] of ASSUMED_HINTS) {
    const property = propertyNamed(object, hint);
    if (property) present.set(hint, property.getInitializer()?.getText() ?? '');
    else if (object.getProperty(hint)) present.set(hint, '');
  }
  return hintsToAdd(present, 'true');
}

/** The hints to write, given those the literal sets (by name, with their source text) and how the language writes true. */
function hintsToAdd(present: ReadonlyMap<string, string>, trueText: string): (readonly [string, boolean])[] {
  const readOnly = present.get('readOnlyHint') === trueText;
  return ASSUMED_HINTS.filter(([hint]) => !present.has(hint)).map(([hint, value]) => [
    hint,
    readOnly && hint in READ_ONLY_HINTS ? READ_ONLY_HINTS[hint]! : value,
  ]);
}
