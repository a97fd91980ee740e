/**
 * zod schemas in the code: which expressions build a zod object, its shape (with `.extend`), and
 * whether it rejects unknown keys (`.strict()`, `z.strictObject`), strips them (the default, and
 * raw shapes the SDK wraps) or lets them through on purpose (`.passthrough()`, `.loose()`, …).
 */
import { Node, type ObjectLiteralExpression, type SourceFile } from 'ts-morph';
import { declarationOf, MAX_DEPTH, properties, resolveObject, resolveValue, unwrap, type Imports } from './resolve.js';

const zodNamesCache = new WeakMap<SourceFile, Set<string>>();

/** Local names bound to the zod module in a file (always including `z`). */
function zodNames(file: SourceFile): Set<string> {
  const cached = zodNamesCache.get(file);
  if (cached) return cached;
  const names = new Set(['z']);
  for (const declaration of file.getImportDeclarations()) {
    if (!/^zod(\/|$)/.test(declaration.getModuleSpecifierValue())) continue;
    const def = declaration.getDefaultImport();
    if (def) names.add(def.getText());
    const ns = declaration.getNamespaceImport();
    if (ns) names.add(ns.getText());
    for (const named of declaration.getNamedImports()) if (named.getName() === 'z') names.add(named.getAliasNode()?.getText() ?? 'z');
  }
  zodNamesCache.set(file, names);
  return names;
}

/** The leftmost identifier of a call/property chain (`z` in `z.string().min(1)`). */
function chainRoot(node: Node): Node {
  let current = unwrap(node);
  for (;;) {
    if (Node.isCallExpression(current)) current = unwrap(current.getExpression());
    else if (Node.isPropertyAccessExpression(current)) current = unwrap(current.getExpression());
    else return current;
  }
}

function isZodExpression(node: Node, imports: Imports, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const root = chainRoot(node);
  if (!Node.isIdentifier(root)) return false;
  if (zodNames(root.getSourceFile()).has(root.getText())) return true;
  const declared = declarationOf(root, imports, depth + 1);
  return declared.kind === 'value' && isZodExpression(declared.node, imports, depth + 1);
}

type Strictness = 'strict' | 'strip' | 'deliberate';

export interface ZodObject {
  /** The `z.object(…)` call (where `.strict()` belongs), or the raw shape literal. */
  readonly at: Node;
  readonly shape?: ObjectLiteralExpression;
  /** Shapes added with `.extend({…})`. */
  readonly extensions: readonly ObjectLiteralExpression[];
  readonly mode: Strictness;
  readonly form: 'object' | 'rawShape';
}

/** Analyse a zod object schema expression: its shape and whether it rejects unknown keys. */
export function zodObject(node: Node, imports: Imports, depth = 0): ZodObject | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const expr = unwrap(node);
  if (Node.isIdentifier(expr)) {
    const declared = declarationOf(expr, imports, depth + 1);
    return declared.kind === 'value' ? zodObject(declared.node, imports, depth + 1) : undefined;
  }
  if (Node.isPropertyAccessExpression(expr)) {
    // `Schema.shape` is a raw shape: the SDK wraps it in a new, non-strict z.object.
    if (expr.getName() === 'shape') {
      const inner = zodObject(expr.getExpression(), imports, depth + 1);
      return inner ? { ...inner, at: expr, mode: 'strip', form: 'rawShape' } : undefined;
    }
    const value = resolveValue(expr, imports, depth + 1);
    return value && value !== expr ? zodObject(value, imports, depth + 1) : undefined;
  }
  if (Node.isObjectLiteralExpression(expr)) {
    const props = expr.getProperties();
    const zodValued = props.some((p) => {
      const value = Node.isPropertyAssignment(p) ? p.getInitializer() : Node.isShorthandPropertyAssignment(p) ? p.getNameNode() : undefined;
      return value !== undefined && isZodExpression(value, imports, depth + 1);
    });
    return zodValued ? { at: expr, shape: expr, extensions: [], mode: 'strip', form: 'rawShape' } : undefined;
  }
  if (!Node.isCallExpression(expr)) return undefined;
  const callee = unwrap(expr.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.getName();
  const receiver = unwrap(callee.getExpression());
  if (Node.isIdentifier(receiver) && zodNames(receiver.getSourceFile()).has(receiver.getText())) {
    const mode: Strictness | undefined =
      method === 'object' ? 'strip' : method === 'strictObject' ? 'strict' : method === 'looseObject' ? 'deliberate' : undefined;
    if (!mode) return undefined;
    const arg = expr.getArguments()[0];
    const shape = arg ? resolveObject(arg, imports, depth + 1) : undefined;
    return { at: expr, ...(shape ? { shape } : {}), extensions: [], mode, form: 'object' };
  }
  const inner = zodObject(receiver, imports, depth + 1);
  if (!inner) return undefined;
  switch (method) {
    case 'strict':
      return { ...inner, mode: 'strict' };
    case 'passthrough':
    case 'loose':
    case 'catchall':
      return { ...inner, mode: 'deliberate' };
    case 'strip':
      return { ...inner, mode: 'strip' };
    case 'extend': {
      const arg = expr.getArguments()[0];
      const shape = arg ? resolveObject(arg, imports, depth + 1) : undefined;
      return shape ? { ...inner, extensions: [...inner.extensions, shape] } : inner;
    }
    default:
      return inner;
  }
}

export function zodShapeEntries(object: ZodObject, imports: Imports): [string, Node][] {
  const out: [string, Node][] = [];
  for (const shape of [...(object.shape ? [object.shape] : []), ...object.extensions]) out.push(...properties(shape, imports));
  return out;
}
