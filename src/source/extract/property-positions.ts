/**
 * Where a registration writes its parts, as JSON pointer → position (`/description`,
 * `/annotations/readOnlyHint`, `/inputSchema/properties/query`, `/arguments/0`), so findings about
 * a tool's description or one parameter point at that line.
 */
import { Node, type ObjectLiteralExpression } from 'ts-morph';
import type { SourcePosition } from '../../model/source-index.js';
import { escapePointer, position } from './positions.js';
import { findProperty, isStringish, propertyValue, propName, properties, resolveObject, resolveValue, unwrap } from './resolve.js';
import type { Scope } from './scope.js';
import { zodObject, zodShapeEntries, type ZodObject } from './zod.js';

/** Positions of a registration's parts, by JSON pointer. */
export type Properties = Record<string, SourcePosition>;

/** Keys of a tool annotations object (what tells an annotations literal from a raw shape). */
const ANNOTATION_KEYS = new Set(['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

export function isAnnotations(object: ObjectLiteralExpression): boolean {
  const props = object.getProperties();
  return (
    props.length > 0 &&
    props.every((p) => {
      const key = propName(p);
      return key !== undefined && ANNOTATION_KEYS.has(key);
    })
  );
}

export function argumentProperties(node: Node | undefined, props: Properties, scope: Scope): void {
  if (!node) return;
  const zod = zodObject(node, scope);
  if (!zod) return;
  props['/arguments'] = position(node, scope);
  zodShapeEntries(zod, scope).forEach(([, prop], i) => {
    props[`/arguments/${i}`] = position(prop, scope);
  });
}

/**
 * Positions inside a tool definition object (registerTool's config, or a low-level tool literal).
 * Returns the inputSchema expression when there is one.
 */
export function toolObjectProperties(
  object: ObjectLiteralExpression,
  props: Properties,
  scope: Scope,
  style: 'registerTool' | 'object',
): Node | undefined {
  let inputSchema: Node | undefined;
  for (const [key, prop] of properties(object, scope)) {
    const value = propertyValue(prop);
    switch (key) {
      case 'title':
      case 'description':
        props[`/${key}`] = position(prop, scope);
        break;
      case 'annotations': {
        props['/annotations'] = position(prop, scope);
        const annotations = value ? resolveObject(value, scope) : undefined;
        if (annotations)
          for (const [k, p] of properties(annotations, scope)) props[`/annotations/${escapePointer(k)}`] = position(p, scope);
        break;
      }
      case 'inputSchema':
      case 'outputSchema': {
        props[`/${key}`] = position(prop, scope);
        if (!value) break;
        if (key === 'inputSchema') inputSchema = value;
        schemaProperties(value, `/${key}`, props, scope, style === 'registerTool');
        break;
      }
      default:
        break;
    }
  }
  return inputSchema;
}

/** Parameter positions of a schema written as zod, or as a JSON Schema literal. */
export function schemaProperties(node: Node, pointer: string, props: Properties, scope: Scope, zodOnly: boolean, depth = 0): void {
  if (depth > 4) return;
  const zod = zodObject(node, scope);
  if (zod) {
    zodProperties(zod, pointer, props, scope, depth);
    return;
  }
  if (zodOnly) return;
  const value = resolveValue(node, scope);
  if (!value) return;
  // zodToJsonSchema(X) / z.toJSONSchema(X) / toJsonSchema(X): look at X.
  if (Node.isCallExpression(value) && /to_?json_?schema/i.test(value.getExpression().getText())) {
    const first = value.getArguments()[0];
    if (first) schemaProperties(first, pointer, props, scope, true, depth + 1);
    return;
  }
  if (!Node.isObjectLiteralExpression(value)) return;
  const propsNode = findProperty(value, 'properties', scope);
  const propsObject = propsNode ? resolveObject(propertyValue(propsNode) ?? propsNode, scope) : undefined;
  if (!propsObject) return;
  for (const [key, prop] of properties(propsObject, scope)) {
    const at = `${pointer}/properties/${escapePointer(key)}`;
    props[at] = position(prop, scope);
    const inner = propertyValue(prop);
    if (inner) schemaProperties(inner, at, props, scope, false, depth + 1);
  }
}

export function zodProperties(zod: ZodObject, pointer: string, props: Properties, scope: Scope, depth: number): void {
  if (depth > 4) return;
  for (const [key, prop] of zodShapeEntries(zod, scope)) {
    const at = `${pointer}/properties/${escapePointer(key)}`;
    props[at] = position(prop, scope);
    const value = propertyValue(prop);
    const inner = value ? zodObject(value, scope) : undefined;
    if (inner && inner.form === 'object') zodProperties(inner, at, props, scope, depth + 1);
  }
}

/**
 * Positions in an McpServer tool registration's arguments: registerTool's config object, or
 * tool(name, description?, paramsSchema?, annotations?, callback). Returns the input schema.
 */
export function serverToolProperties(args: readonly Node[], style: string, props: Properties, scope: Scope): Node | undefined {
  if (style === 'registerTool') {
    const config = args[1] ? resolveObject(args[1], scope) : undefined;
    return config ? toolObjectProperties(config, props, scope, 'registerTool') : undefined;
  }
  let inputSchema: Node | undefined;
  for (const arg of args.slice(1, -1)) {
    const expr = unwrap(arg);
    if (!Node.isObjectLiteralExpression(expr) && !Node.isCallExpression(expr) && isStringish(expr) && !props['/description']) {
      props['/description'] = position(arg, scope);
      continue;
    }
    const object = resolveObject(arg, scope);
    // The first object that is not annotations is the schema (`{}` too: a raw shape without parameters).
    if (!inputSchema && (zodObject(arg, scope) || (object && !isAnnotations(object)))) {
      inputSchema = arg;
      props['/inputSchema'] = position(arg, scope);
      const zod = zodObject(arg, scope);
      if (zod) zodProperties(zod, '/inputSchema', props, scope, 0);
    } else if (object) {
      props['/annotations'] = position(arg, scope);
      for (const [key, prop] of properties(object, scope)) props[`/annotations/${escapePointer(key)}`] = position(prop, scope);
    }
  }
  return inputSchema;
}

/** Positions in registerPrompt's config, or in prompt(name, description?, argsSchema?, callback). */
export function serverPromptProperties(args: readonly Node[], style: string, props: Properties, scope: Scope): void {
  if (style === 'registerPrompt') {
    const config = args[1] ? resolveObject(args[1], scope) : undefined;
    if (!config) return;
    for (const [key, prop] of properties(config, scope)) {
      if (key === 'title' || key === 'description') props[`/${key}`] = position(prop, scope);
      if (key === 'argsSchema') argumentProperties(propertyValue(prop), props, scope);
    }
    return;
  }
  for (const arg of args.slice(1, -1)) {
    const expr = unwrap(arg);
    if (Node.isObjectLiteralExpression(expr) || Node.isIdentifier(expr)) argumentProperties(arg, props, scope);
    else if (isStringish(expr)) props['/description'] = position(arg, scope);
  }
}

/** Positions in a resource's metadata: registerResource/resource(name, uri, metadata, callback). */
export function serverResourceProperties(args: readonly Node[], props: Properties, scope: Scope): void {
  const metadata = args.length >= 4 ? resolveObject(args[2]!, scope) : undefined;
  if (!metadata) return;
  for (const [key, prop] of properties(metadata, scope)) {
    if (key === 'title' || key === 'description' || key === 'mimeType') props[`/${key}`] = position(prop, scope);
  }
}
