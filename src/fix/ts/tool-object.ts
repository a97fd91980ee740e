/**
 * Where a tool is defined in TypeScript or JavaScript: the object literal holding its name,
 * description, annotations and inputSchema (registerTool's config, or a low-level tool literal),
 * found from the source index's positions of the registration's parts.
 */
import { Node, type ObjectLiteralExpression, type PropertyAssignment } from 'ts-morph';
import type { Registration } from '../../model/source-index.js';
import type { ReadFile } from '../fix-files.js';
import type { FixContext } from '../fixer.js';
import { nodeAt } from './parse.js';

/** The pointers of a tool definition's own properties, the first the index recorded tells where the object is. */
const TOP_LEVEL = ['/description', '/title', '/annotations', '/inputSchema', '/outputSchema'];

export function toolRegistration(ctx: FixContext, name: string): Registration | undefined {
  return ctx.source.registrations.find((r) => r.kind === 'tool' && r.name === name);
}

export interface ToolObject {
  readonly file: ReadFile;
  readonly object: ObjectLiteralExpression;
  /** The tool name's string literal, when it is written in the object (its quotes are the file's). */
  readonly quoteSample?: Node;
}

const isProperty = (node: Node): node is PropertyAssignment => Node.isPropertyAssignment(node);
const isStringLiteral = (node: Node): node is Node => Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node);

/** The tool's definition object, or undefined (`server.tool(name, …)` has none; nor has a config built elsewhere). */
export function toolObject(ctx: FixContext, registration: Registration): ToolObject | undefined {
  const name = nodeAt(ctx.files, registration, isStringLiteral);
  for (const pointer of TOP_LEVEL) {
    const at = registration.properties?.[pointer];
    const found = at ? nodeAt(ctx.files, at, isProperty) : undefined;
    const object = found?.node.getParent();
    if (found && object && Node.isObjectLiteralExpression(object)) {
      return { file: found.file, object, ...(name ? { quoteSample: name.node } : {}) };
    }
  }
  // No part recorded: the name literal of `{ name: 'x', … }` (a low-level list) or registerTool('x', { … }).
  if (!name) return undefined;
  const parent = name.node.getParent();
  if (parent && Node.isPropertyAssignment(parent) && parent.getName() === 'name') {
    const object = parent.getParent();
    if (Node.isObjectLiteralExpression(object)) return { file: name.file, object, quoteSample: name.node };
  }
  if (parent && Node.isCallExpression(parent) && registration.style === 'registerTool') {
    const config = parent.getArguments()[1];
    if (config && Node.isObjectLiteralExpression(config)) return { file: name.file, object: config, quoteSample: name.node };
  }
  return undefined;
}

/** The object's property of that name (a plain `key: value` one), if any. */
export function propertyNamed(object: ObjectLiteralExpression, key: string): PropertyAssignment | undefined {
  for (const property of object.getProperties()) {
    if (Node.isPropertyAssignment(property) && property.getName().replace(/^['"]|['"]$/g, '') === key) return property;
  }
  return undefined;
}

/** Whether the object has properties a fixer cannot see into (`...spread`, computed keys, methods). */
export function hasOpaqueProperties(object: ObjectLiteralExpression): boolean {
  return object
    .getProperties()
    .some(
      (p) =>
        (!Node.isPropertyAssignment(p) && !Node.isShorthandPropertyAssignment(p)) ||
        (Node.isPropertyAssignment(p) && Node.isComputedPropertyName(p.getNameNode())),
    );
}
