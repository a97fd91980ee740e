/**
 * input-schema-strict's fix (unsafe: the server then rejects arguments it used to ignore): the
 * tool's input schema closed where it is written. A JSON Schema literal gets
 * `additionalProperties: false`; a zod object gets `.strict()`; a zod raw shape given to
 * registerTool becomes `z.object({…}).strict()`. A server-wide finding is fixed tool by tool.
 * Python (Pydantic `extra="forbid"`) has no fix yet: the rule's metadata says `languages: ['javascript']`.
 */
import { Node, type Expression } from 'ts-morph';
import type { Finding } from '../../engine/run.js';
import type { FixContext, Fixer, PlannedEdit, PlannedFix } from '../fixer.js';
import type { ReadFile } from '../fix-files.js';
import { nodeAt } from '../ts/parse.js';
import { appendProperties } from '../ts/object-literal.js';
import { hasOpaqueProperties, propertyNamed, toolRegistration } from '../ts/tool-object.js';

/** zod methods that keep unknown keys on purpose: such a schema is left as it is. */
const DELIBERATE = /\.(?:passthrough|loose|catchall|strip)\s*\(/;

export const fixStrictInputSchema: Fixer = (finding, ctx) => {
  if (ctx.source.language === 'python') return undefined;
  const names = finding.subject.kind === 'tool' ? [finding.subject.name] : (finding.tools ?? []);
  const fixes = names.map((name) => closeToolSchema(name, finding, ctx)).filter((f): f is PlannedFix => f !== undefined);
  if (fixes.length === 0) return undefined;
  return {
    description: fixes.length === 1 ? fixes[0]!.description : `close ${fixes.length} input schemas`,
    edits: fixes.flatMap((f) => f.edits),
  };
};

const isSchemaNode = (node: Node): node is Node => Node.isPropertyAssignment(node) || Node.isExpression(node);

function closeToolSchema(name: string, _finding: Finding, ctx: FixContext): PlannedFix | undefined {
  const registration = toolRegistration(ctx, name);
  const at = registration?.properties?.['/inputSchema'];
  const found = at ? nodeAt(ctx.files, at, isSchemaNode) : undefined;
  if (!registration || !found) return undefined;
  const inPropertyOf = Node.isPropertyAssignment(found.node);
  const value = Node.isPropertyAssignment(found.node) ? found.node.getInitializer() : found.node;
  if (!value) return undefined;
  const edit = closeSchema(found.file, value, inPropertyOf && registration.style === 'registerTool');
  return edit;
}

function closeSchema(file: ReadFile, value: Node, rawShapeAllowed: boolean): { description: string; edits: PlannedEdit[] } | undefined {
  if (Node.isCallExpression(value) && /^\w+\.object\s*\(/.test(value.getText())) {
    if (DELIBERATE.test(value.getText()) || /\.strict\s*\(\s*\)\s*$/.test(value.getText())) return undefined;
    return {
      description: 'z.object(…) → z.object(…).strict()',
      edits: [{ file, start: value.getEnd(), end: value.getEnd(), replacement: '.strict()' }],
    };
  }
  if (!Node.isObjectLiteralExpression(value) || hasOpaqueProperties(value)) return undefined;
  const zod = value.getProperties().length === 0 ? zodImport(value) : zodNamespace(value);
  if (zod && rawShapeAllowed) {
    // Two inserts around the shape rather than one replacement of it, so an edit inside the shape
    // (a parameter's .max(…)) does not overlap this one.
    return {
      description: `{…} → ${zod}.object({…}).strict()`,
      edits: [
        { file, start: value.getStart(), end: value.getStart(), replacement: `${zod}.object(` },
        { file, start: value.getEnd(), end: value.getEnd(), replacement: ').strict()' },
      ],
    };
  }
  if (zod || !isJsonSchemaObject(value)) return undefined;
  const extra = propertyNamed(value, 'additionalProperties');
  if (extra) {
    const initializer = extra.getInitializer();
    if (initializer?.getText() !== 'true') return undefined;
    return {
      description: 'additionalProperties: true → false',
      edits: [{ file, start: initializer.getStart(), end: initializer.getEnd(), replacement: 'false' }],
    };
  }
  return { description: 'add additionalProperties: false', edits: [appendProperties(file, value, ['additionalProperties: false'])] };
}

/** The zod namespace a raw shape's values are built with (`z` of `{ q: z.string() }`), if they are. */
function zodNamespace(object: Node): string | undefined {
  if (!Node.isObjectLiteralExpression(object)) return undefined;
  const properties = object.getProperties();
  if (properties.length === 0) return undefined;
  let namespace: string | undefined;
  for (const property of properties) {
    const initializer: Expression | undefined = Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
    const head = initializer ? /^(\w+)\.\w+\s*\(/.exec(initializer.getText())?.[1] : undefined;
    if (!head || (namespace !== undefined && head !== namespace)) return undefined;
    namespace = head;
  }
  return namespace;
}

/** The name the file imports zod's namespace as (`import { z } from 'zod'`, `import * as z from 'zod'`). */
function zodImport(node: Node): string | undefined {
  for (const declaration of node.getSourceFile().getImportDeclarations()) {
    if (!/^zod(?:\/v[34])?$/.test(declaration.getModuleSpecifierValue())) continue;
    const namespace = declaration.getNamespaceImport()?.getText();
    if (namespace) return namespace;
    const named = declaration.getNamedImports().find((n) => n.getName() === 'z');
    if (named) return named.getAliasNode()?.getText() ?? 'z';
    const fallback = declaration.getDefaultImport()?.getText();
    if (fallback) return fallback;
  }
  return undefined;
}

/** A JSON Schema object literal: `type: 'object'` or a `properties` key. */
function isJsonSchemaObject(object: Node): boolean {
  if (!Node.isObjectLiteralExpression(object)) return false;
  const type = propertyNamed(object, 'type')?.getInitializer()?.getText().replace(/['"`]/g, '');
  return type === 'object' || propertyNamed(object, 'properties') !== undefined;
}
