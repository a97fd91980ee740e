/**
 * What the source index learns from the syntax trees: where tools, prompts and resources are
 * registered (and where their description, annotations and parameters are written), writes to
 * stdout, handlers that throw, response-size limits and loose zod input objects. Syntax only: no
 * type checker, so indexing stays fast; identifiers are followed to their `const` declarations in
 * the same project (through relative imports). What cannot be resolved is reported, not guessed.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import {
  Node,
  Project,
  SyntaxKind,
  ts,
  type ArrayLiteralExpression,
  type CallExpression,
  type ImportDeclaration,
  type ObjectLiteralExpression,
  type SourceFile,
} from 'ts-morph';
import { originalSources } from './sourcemap.js';
import { resolveRelative, sameModuleName } from './files.js';
import type { HandlerStyle, Registration, SourceIndex, SourcePosition } from './types.js';

type Writable<T> = { -readonly [K in keyof T]: T[K] };
type Mutable<T> = T extends readonly (infer U)[] ? Writable<U>[] : never;

/** Resolves a relative module specifier from a file to an indexed source file. */
export type ModuleResolver = (from: SourceFile, specifier: string) => SourceFile | undefined;

interface Context {
  readonly root: string;
  readonly resolveModule: ModuleResolver;
  readonly registrations: Mutable<SourceIndex['registrations']>;
  readonly unresolved: Mutable<SourceIndex['unresolved']>;
  readonly stdoutWrites: Mutable<SourceIndex['stdoutWrites']>;
  readonly throwingHandlers: Mutable<SourceIndex['throwingHandlers']>;
  readonly looseZodObjects: Mutable<SourceIndex['looseZodObjects']>;
  limitConstant?: SourcePosition & { name: string };
  limitTruncation?: SourcePosition & { name: string };
  /** console methods some indexed file reassigns (e.g. `console.log = console.error`); '*' = all. */
  readonly reassignedConsole: Set<string>;
  readonly seenLoose: Set<string>;
}

const MAX_DEPTH = 12;
const ANNOTATION_KEYS = new Set(['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);
/** Console methods that print to stdout in Node (warn, error and trace print to stderr). */
const STDOUT_CONSOLE = new Set(['log', 'info', 'debug', 'dir', 'dirxml', 'table', 'count', 'timeLog', 'timeEnd', 'group', 'groupCollapsed']);
const LIMIT_NAME = /CHAR(ACTER)?_?LIMIT|MAX_(RESPONSE|OUTPUT)_(CHARS|LENGTH|SIZE)/i;
const MCP_METHODS: Record<string, { kind: Registration['kind']; style: string }> = {
  registerTool: { kind: 'tool', style: 'registerTool' },
  tool: { kind: 'tool', style: 'tool' },
  registerPrompt: { kind: 'prompt', style: 'registerPrompt' },
  prompt: { kind: 'prompt', style: 'prompt' },
  registerResource: { kind: 'resource', style: 'registerResource' },
  resource: { kind: 'resource', style: 'resource' },
};
const LIST_SCHEMAS: Record<string, { kind: Registration['kind']; key: string; nameKey: string }> = {
  ListToolsRequestSchema: { kind: 'tool', key: 'tools', nameKey: 'name' },
  ListPromptsRequestSchema: { kind: 'prompt', key: 'prompts', nameKey: 'name' },
  ListResourcesRequestSchema: { kind: 'resource', key: 'resources', nameKey: 'uri' },
  ListResourceTemplatesRequestSchema: { kind: 'resource', key: 'resourceTemplates', nameKey: 'uriTemplate' },
};
const PARSE_METHODS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync']);
/** An expression that holds the called tool's name (`name`, `toolName`, `request.params.name`). */
const TOOL_NAME_REF = /^(?:[\w$]+\.)*(?:name|toolName|tool_name)$/;

type Found = Omit<SourceIndex, 'root' | 'entry' | 'filesIndexed'>;

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** Parse the collected files (syntax only: no type checker, no lib files) and extract. */
export function parseAndExtract(texts: ReadonlyMap<string, string>, root: string): Found {
  const project = new Project({
    compilerOptions: { allowJs: true, checkJs: false, noEmit: true, target: ts.ScriptTarget.ES2022 },
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
  });
  const files = new Map<string, SourceFile>();
  for (const [path, text] of texts) files.set(path, project.createSourceFile(path, text, { overwrite: true }));
  const resolveModule = (from: SourceFile, specifier: string): SourceFile | undefined => {
    if (!specifier.startsWith('.')) return undefined;
    const target = resolveRelative(from.getFilePath(), specifier);
    if (!target) return undefined;
    const direct = files.get(target);
    if (direct) return direct;
    // A built file stands for its originals: the original of the same module name.
    const originals = originalSources(target, readText(target)).filter((o) => files.has(o));
    const match = originals.find((o) => sameModuleName(o, target)) ?? (originals.length === 1 ? originals[0] : undefined);
    return match ? files.get(match) : undefined;
  };
  const ordered = [...files.values()].sort((a, b) => (a.getFilePath() < b.getFilePath() ? -1 : 1));
  return extract(ordered, root, resolveModule);
}

export function extract(files: readonly SourceFile[], root: string, resolveModule: ModuleResolver): Found {
  const ctx: Context = {
    root,
    resolveModule,
    registrations: [],
    unresolved: [],
    stdoutWrites: [],
    throwingHandlers: [],
    looseZodObjects: [],
    reassignedConsole: new Set(),
    seenLoose: new Set(),
  };
  for (const file of files) findConsoleReassignments(file, ctx);
  for (const file of files) {
    findLimitConstant(file, ctx);
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) visitCall(call, ctx);
  }
  const responseLimit = ctx.limitConstant ?? ctx.limitTruncation;
  return {
    registrations: ctx.registrations,
    unresolved: ctx.unresolved,
    stdoutWrites: ctx.stdoutWrites,
    throwingHandlers: ctx.throwingHandlers,
    ...(responseLimit ? { responseLimit } : {}),
    looseZodObjects: ctx.looseZodObjects,
  };
}

// ── positions ────────────────────────────────────────────────────────────────────────────────

function position(node: Node, ctx: Context): SourcePosition {
  const file = node.getSourceFile();
  const { line, column } = file.getLineAndColumnAtPos(node.getStart());
  return { file: relative(ctx.root, file.getFilePath()).split(sep).join('/'), line, column };
}

/** The trimmed source line a node starts on (evidence), capped. */
function lineText(node: Node): string {
  const file = node.getSourceFile();
  const text = file.getFullText();
  const start = node.getStart();
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const to = text.indexOf('\n', start);
  const line = text.slice(from, to === -1 ? undefined : to).trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** A node's text on one line, capped (evidence for multi-line expressions). */
function snippet(node: Node): string {
  const text = node.getText().replace(/\s+/g, ' ').trim();
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

// ── expressions and declarations ─────────────────────────────────────────────────────────────

function unwrap(node: Node): Node {
  let current = node;
  for (;;) {
    if (
      Node.isParenthesizedExpression(current) ||
      Node.isAsExpression(current) ||
      Node.isSatisfiesExpression(current) ||
      Node.isNonNullExpression(current) ||
      Node.isTypeAssertion(current)
    ) {
      current = current.getExpression();
    } else {
      return current;
    }
  }
}

type Declared =
  | { readonly kind: 'value'; readonly node: Node; readonly constant: boolean }
  | { readonly kind: 'function'; readonly node: Node }
  | { readonly kind: 'parameter'; readonly node: Node }
  | { readonly kind: 'loop'; readonly node: Node; readonly iterated: Node; readonly path: readonly string[] }
  | { readonly kind: 'namespace'; readonly file: SourceFile }
  | { readonly kind: 'external'; readonly specifier: string }
  | { readonly kind: 'unknown' };

function statementsOf(node: Node): Node[] | undefined {
  if (Node.isSourceFile(node) || Node.isBlock(node) || Node.isModuleBlock(node) || Node.isCaseClause(node) || Node.isDefaultClause(node)) {
    return node.getStatements();
  }
  return undefined;
}

/** The binding path of `name` inside a destructuring pattern (['a'] for `{ a }`), or undefined. */
function bindingPath(nameNode: Node, name: string): string[] | undefined {
  if (Node.isIdentifier(nameNode)) return nameNode.getText() === name ? [] : undefined;
  if (Node.isObjectBindingPattern(nameNode)) {
    for (const element of nameNode.getElements()) {
      const inner = bindingPath(element.getNameNode(), name);
      if (inner) {
        const key = element.getPropertyNameNode()?.getText() ?? element.getName();
        return [key, ...inner];
      }
    }
  }
  return undefined;
}

/** Find what an identifier refers to, by walking the enclosing scopes (no type checker). */
function declarationOf(identifier: Node, ctx: Context, depth = 0): Declared {
  const name = identifier.getText();
  for (let scope: Node | undefined = identifier.getParent(); scope; scope = scope.getParent()) {
    if (Node.isForOfStatement(scope) || Node.isForInStatement(scope)) {
      const init = scope.getInitializer();
      if (Node.isVariableDeclarationList(init)) {
        for (const decl of init.getDeclarations()) {
          const path = bindingPath(decl.getNameNode(), name);
          if (path) return Node.isForOfStatement(scope) ? { kind: 'loop', node: decl, iterated: scope.getExpression(), path } : { kind: 'unknown' };
        }
      }
    }
    if (Node.isArrowFunction(scope) || Node.isFunctionExpression(scope) || Node.isFunctionDeclaration(scope) || Node.isMethodDeclaration(scope)) {
      const params = scope.getParameters();
      const index = params.findIndex((p) => bindingPath(p.getNameNode(), name) !== undefined);
      if (index !== -1) {
        const param = params[index]!;
        // `ARRAY.forEach((t) => …)` / `.map(…)`: the parameter walks an array we may resolve.
        const call = scope.getParent();
        const callee = Node.isCallExpression(call) ? call.getExpression() : undefined;
        if (index === 0 && callee && Node.isPropertyAccessExpression(callee) && (callee.getName() === 'forEach' || callee.getName() === 'map')) {
          const path = bindingPath(param.getNameNode(), name) ?? [];
          return { kind: 'loop', node: param, iterated: callee.getExpression(), path };
        }
        return { kind: 'parameter', node: param };
      }
      if (Node.isFunctionExpression(scope) && scope.getName() === name) return { kind: 'function', node: scope };
    }
    if (Node.isCatchClause(scope)) {
      const variable = scope.getVariableDeclaration();
      if (variable && variable.getName() === name) return { kind: 'parameter', node: variable };
    }
    const statements = statementsOf(scope);
    if (!statements) continue;
    for (const statement of statements) {
      if (Node.isVariableStatement(statement)) {
        const constant = statement.getDeclarationList().getFlags() & 2 /* NodeFlags.Const */ ? true : false;
        for (const decl of statement.getDeclarations()) {
          const path = bindingPath(decl.getNameNode(), name);
          if (!path) continue;
          const init = decl.getInitializer();
          if (!init) return { kind: 'unknown' };
          if (path.length === 0) return { kind: 'value', node: init, constant };
          const inner = propertyPath(init, path, ctx, depth + 1);
          return inner ? { kind: 'value', node: inner, constant } : { kind: 'unknown' };
        }
      } else if (Node.isFunctionDeclaration(statement) && statement.getName() === name) {
        return { kind: 'function', node: statement };
      } else if (Node.isClassDeclaration(statement) && statement.getName() === name) {
        return { kind: 'unknown' };
      } else if (Node.isImportDeclaration(statement)) {
        const imported = importBinding(statement, name);
        if (!imported) continue;
        const specifier = statement.getModuleSpecifierValue();
        const target = ctx.resolveModule(statement.getSourceFile(), specifier);
        if (!target) return { kind: 'external', specifier };
        if (imported === '*') return { kind: 'namespace', file: target };
        return exportedDeclaration(target, imported, ctx, depth + 1);
      }
    }
  }
  return { kind: 'unknown' };
}

/** The exported name an import binds to `local` ('default', a name, or '*' for a namespace). */
function importBinding(declaration: ImportDeclaration, local: string): string | undefined {
  if (declaration.isTypeOnly()) return undefined;
  if (declaration.getDefaultImport()?.getText() === local) return 'default';
  if (declaration.getNamespaceImport()?.getText() === local) return '*';
  for (const named of declaration.getNamedImports()) {
    const alias = named.getAliasNode()?.getText() ?? named.getName();
    if (alias === local) return named.getName();
  }
  return undefined;
}

/** An exported declaration of `name` in a module (following `export { x } from` once or twice). */
function exportedDeclaration(file: SourceFile, name: string, ctx: Context, depth: number): Declared {
  if (depth > MAX_DEPTH) return { kind: 'unknown' };
  for (const statement of file.getStatements()) {
    if (Node.isVariableStatement(statement) && statement.hasExportKeyword()) {
      const constant = statement.getDeclarationList().getFlags() & 2 ? true : false;
      for (const decl of statement.getDeclarations()) {
        if (decl.getName() === name) {
          const init = decl.getInitializer();
          return init ? { kind: 'value', node: init, constant } : { kind: 'unknown' };
        }
      }
    } else if (Node.isFunctionDeclaration(statement) && statement.hasExportKeyword() && (statement.getName() === name || (name === 'default' && statement.hasDefaultKeyword()))) {
      return { kind: 'function', node: statement };
    } else if (Node.isExportDeclaration(statement)) {
      for (const spec of statement.getNamedExports()) {
        const exported = spec.getAliasNode()?.getText() ?? spec.getName();
        if (exported !== name) continue;
        const specifier = statement.getModuleSpecifierValue();
        if (specifier === undefined) {
          // `export { local as name }` — a local declaration of this file.
          const local = file.getVariableDeclaration(spec.getName());
          const init = local?.getInitializer();
          if (init) return { kind: 'value', node: init, constant: true };
          const fn = file.getFunction(spec.getName());
          return fn ? { kind: 'function', node: fn } : { kind: 'unknown' };
        }
        const target = ctx.resolveModule(file, specifier);
        return target ? exportedDeclaration(target, spec.getName(), ctx, depth + 1) : { kind: 'external', specifier };
      }
    } else if (Node.isExportAssignment(statement) && name === 'default') {
      return { kind: 'value', node: statement.getExpression(), constant: true };
    }
  }
  return { kind: 'unknown' };
}

/** Follow `a.b.c` through object literals; undefined when a step is not a literal property. */
function propertyPath(node: Node, path: readonly string[], ctx: Context, depth: number): Node | undefined {
  let current: Node | undefined = node;
  for (const key of path) {
    const object = current ? resolveObject(current, ctx, depth + 1) : undefined;
    if (!object) return undefined;
    const prop = findProperty(object, key, ctx, depth + 1);
    if (!prop) return undefined;
    current = propertyValue(prop);
  }
  return current;
}

/** Resolve an expression to the node that produces its value, following identifiers and `x.y`. */
function resolveValue(node: Node, ctx: Context, depth = 0): Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const expr = unwrap(node);
  if (Node.isIdentifier(expr)) {
    const declared = declarationOf(expr, ctx, depth + 1);
    if (declared.kind === 'value') return resolveValue(declared.node, ctx, depth + 1);
    if (declared.kind === 'function') return declared.node;
    return undefined;
  }
  if (Node.isPropertyAccessExpression(expr)) {
    const object = unwrap(expr.getExpression());
    if (Node.isIdentifier(object)) {
      const declared = declarationOf(object, ctx, depth + 1);
      if (declared.kind === 'namespace') {
        const exported = exportedDeclaration(declared.file, expr.getName(), ctx, depth + 1);
        return exported.kind === 'value' ? resolveValue(exported.node, ctx, depth + 1) : exported.kind === 'function' ? exported.node : undefined;
      }
    }
    const value = propertyPath(object, [expr.getName()], ctx, depth + 1);
    return value ? resolveValue(value, ctx, depth + 1) : undefined;
  }
  return expr;
}

function resolveObject(node: Node, ctx: Context, depth = 0): ObjectLiteralExpression | undefined {
  const value = resolveValue(node, ctx, depth);
  return value && Node.isObjectLiteralExpression(value) ? value : undefined;
}

function propName(prop: Node): string | undefined {
  if (Node.isPropertyAssignment(prop) || Node.isShorthandPropertyAssignment(prop) || Node.isMethodDeclaration(prop)) {
    const nameNode = prop.getNameNode();
    if (Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode)) return nameNode.getLiteralText();
    if (Node.isIdentifier(nameNode) || Node.isNumericLiteral(nameNode)) return nameNode.getText();
    if (Node.isPrivateIdentifier(nameNode)) return undefined;
    return undefined;
  }
  return undefined;
}

function findProperty(object: ObjectLiteralExpression, key: string, ctx: Context, depth = 0): Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  // Later properties win, like at run time; spreads are followed when they resolve.
  const props = object.getProperties();
  for (let i = props.length - 1; i >= 0; i--) {
    const prop = props[i]!;
    if (propName(prop) === key) return prop;
    if (Node.isSpreadAssignment(prop)) {
      const spread = resolveObject(prop.getExpression(), ctx, depth + 1);
      if (spread && spread !== object) {
        const inner = findProperty(spread, key, ctx, depth + 1);
        if (inner) return inner;
      }
    }
  }
  return undefined;
}

function propertyValue(prop: Node): Node | undefined {
  if (Node.isPropertyAssignment(prop)) return prop.getInitializer();
  if (Node.isShorthandPropertyAssignment(prop)) return prop.getNameNode();
  if (Node.isMethodDeclaration(prop)) return prop;
  return undefined;
}

/** Own and spread properties of an object literal, as [key, property node]. */
function properties(object: ObjectLiteralExpression, ctx: Context, depth = 0): [string, Node][] {
  const out: [string, Node][] = [];
  if (depth > MAX_DEPTH) return out;
  for (const prop of object.getProperties()) {
    if (Node.isSpreadAssignment(prop)) {
      const spread = resolveObject(prop.getExpression(), ctx, depth + 1);
      if (spread) for (const entry of properties(spread, ctx, depth + 1)) out.push(entry);
      continue;
    }
    const key = propName(prop);
    if (key !== undefined) {
      const at = out.findIndex(([k]) => k === key);
      if (at !== -1) out.splice(at, 1);
      out.push([key, prop]);
    }
  }
  return out;
}

type Resolved = { readonly value: string } | { readonly reason: string };

/** A string the code builds from literals and constants, or why it cannot be known statically. */
function resolveString(node: Node, ctx: Context, depth = 0): Resolved {
  if (depth > MAX_DEPTH) return { reason: 'is built through too many indirections' };
  const expr = unwrap(node);
  if (Node.isStringLiteral(expr) || Node.isNoSubstitutionTemplateLiteral(expr)) return { value: expr.getLiteralText() };
  if (Node.isNumericLiteral(expr)) return { value: String(expr.getLiteralValue()) };
  if (Node.isTemplateExpression(expr)) {
    let value = expr.getHead().getLiteralText();
    for (const span of expr.getTemplateSpans()) {
      const part = resolveString(span.getExpression(), ctx, depth + 1);
      if ('reason' in part) return part;
      value += part.value + span.getLiteral().getLiteralText();
    }
    return { value };
  }
  if (Node.isBinaryExpression(expr) && expr.getOperatorToken().getKind() === SyntaxKind.PlusToken) {
    const left = resolveString(expr.getLeft(), ctx, depth + 1);
    if ('reason' in left) return left;
    const right = resolveString(expr.getRight(), ctx, depth + 1);
    if ('reason' in right) return right;
    return { value: left.value + right.value };
  }
  if (Node.isIdentifier(expr)) {
    const declared = declarationOf(expr, ctx, depth + 1);
    const name = expr.getText();
    switch (declared.kind) {
      case 'value':
        if (!declared.constant) return { reason: `uses "${name}", which is not a const` };
        return resolveString(declared.node, ctx, depth + 1);
      case 'parameter':
        return { reason: `comes from the parameter "${name}"` };
      case 'loop':
        return { reason: `comes from the loop variable "${name}"` };
      case 'external':
        return { reason: `uses "${name}", imported from "${declared.specifier}" outside the project` };
      default:
        return { reason: `uses "${name}", which is not a string constant in the project` };
    }
  }
  if (Node.isPropertyAccessExpression(expr)) {
    const value = resolveValue(expr, ctx, depth + 1);
    if (value && value !== expr) return resolveString(value, ctx, depth + 1);
    return { reason: `uses "${expr.getText()}", which is not a string constant in the project` };
  }
  return { reason: `is computed at run time (${expr.getKindName()})` };
}

// ── zod ──────────────────────────────────────────────────────────────────────────────────────

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

function isZodExpression(node: Node, ctx: Context, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const root = chainRoot(node);
  if (!Node.isIdentifier(root)) return false;
  if (zodNames(root.getSourceFile()).has(root.getText())) return true;
  const declared = declarationOf(root, ctx, depth + 1);
  return declared.kind === 'value' && isZodExpression(declared.node, ctx, depth + 1);
}

type Strictness = 'strict' | 'strip' | 'deliberate';

interface ZodObject {
  /** The `z.object(…)` call (where `.strict()` belongs), or the raw shape literal. */
  readonly at: Node;
  readonly shape?: ObjectLiteralExpression;
  /** Shapes added with `.extend({…})`. */
  readonly extensions: readonly ObjectLiteralExpression[];
  readonly mode: Strictness;
  readonly form: 'object' | 'rawShape';
}

/** Analyse a zod object schema expression: its shape and whether it rejects unknown keys. */
function zodObject(node: Node, ctx: Context, depth = 0): ZodObject | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const expr = unwrap(node);
  if (Node.isIdentifier(expr)) {
    const declared = declarationOf(expr, ctx, depth + 1);
    return declared.kind === 'value' ? zodObject(declared.node, ctx, depth + 1) : undefined;
  }
  if (Node.isPropertyAccessExpression(expr)) {
    // `Schema.shape` is a raw shape: the SDK wraps it in a new, non-strict z.object.
    if (expr.getName() === 'shape') {
      const inner = zodObject(expr.getExpression(), ctx, depth + 1);
      return inner ? { ...inner, at: expr, mode: 'strip', form: 'rawShape' } : undefined;
    }
    const value = resolveValue(expr, ctx, depth + 1);
    return value && value !== expr ? zodObject(value, ctx, depth + 1) : undefined;
  }
  if (Node.isObjectLiteralExpression(expr)) {
    const props = expr.getProperties();
    const zodValued = props.some((p) => {
      const value = Node.isPropertyAssignment(p) ? p.getInitializer() : Node.isShorthandPropertyAssignment(p) ? p.getNameNode() : undefined;
      return value !== undefined && isZodExpression(value, ctx, depth + 1);
    });
    return zodValued ? { at: expr, shape: expr, extensions: [], mode: 'strip', form: 'rawShape' } : undefined;
  }
  if (!Node.isCallExpression(expr)) return undefined;
  const callee = unwrap(expr.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.getName();
  const receiver = unwrap(callee.getExpression());
  if (Node.isIdentifier(receiver) && zodNames(receiver.getSourceFile()).has(receiver.getText())) {
    const mode: Strictness | undefined = method === 'object' ? 'strip' : method === 'strictObject' ? 'strict' : method === 'looseObject' ? 'deliberate' : undefined;
    if (!mode) return undefined;
    const arg = expr.getArguments()[0];
    const shape = arg ? resolveObject(arg, ctx, depth + 1) : undefined;
    return { at: expr, ...(shape ? { shape } : {}), extensions: [], mode, form: 'object' };
  }
  const inner = zodObject(receiver, ctx, depth + 1);
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
      const shape = arg ? resolveObject(arg, ctx, depth + 1) : undefined;
      return shape ? { ...inner, extensions: [...inner.extensions, shape] } : inner;
    }
    default:
      return inner;
  }
}

function zodShapeEntries(object: ZodObject, ctx: Context): [string, Node][] {
  const out: [string, Node][] = [];
  for (const shape of [...(object.shape ? [object.shape] : []), ...object.extensions]) out.push(...properties(shape, ctx));
  return out;
}

// ── registrations ────────────────────────────────────────────────────────────────────────────

type Properties = Record<string, SourcePosition>;

function visitCall(call: CallExpression, ctx: Context): void {
  const callee = unwrap(call.getExpression());
  if (Node.isPropertyAccessExpression(callee)) {
    const method = callee.getName();
    const receiver = callee.getExpression();
    const mcp = MCP_METHODS[method];
    if (mcp) {
      mcpRegistration(call, mcp.kind, mcp.style, ctx);
      return;
    }
    if (method === 'setRequestHandler') {
      requestHandler(call, ctx);
      return;
    }
    const receiverText = receiver.getText();
    if (receiverText === 'console' && STDOUT_CONSOLE.has(method)) {
      if (!ctx.reassignedConsole.has(method) && !ctx.reassignedConsole.has('*') && !inHttpSetup(call)) {
        ctx.stdoutWrites.push({ ...position(call, ctx), call: `console.${method}`, text: lineText(call) });
      }
      return;
    }
    if (receiverText === 'process.stdout' && method === 'write') {
      const arg = call.getArguments()[0];
      if (arg && writesText(arg) && !inHttpSetup(call)) ctx.stdoutWrites.push({ ...position(call, ctx), call: 'process.stdout.write', text: lineText(call) });
      return;
    }
    if ((method === 'slice' || method === 'substring' || method === 'substr') && !ctx.limitTruncation) {
      const [start, end] = call.getArguments();
      if (start && end && unwrap(start).getText() === '0' && isLimitExpression(end)) {
        ctx.limitTruncation = { ...position(call, ctx), name: call.getText().length > 80 ? `${call.getText().slice(0, 80)}…` : call.getText() };
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
  return (block as Node & { getStatements(): Node[] }).getStatements().some(
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

function isLimitExpression(node: Node): boolean {
  const expr = unwrap(node);
  if (Node.isNumericLiteral(expr)) return expr.getLiteralValue() >= 1000;
  if (Node.isIdentifier(expr)) return /limit|max/i.test(expr.getText());
  if (Node.isPropertyAccessExpression(expr)) return /limit|max/i.test(expr.getName());
  return false;
}

function findLimitConstant(file: SourceFile, ctx: Context): void {
  if (ctx.limitConstant) return;
  for (const statement of file.getVariableStatements()) {
    if (!(statement.getDeclarationList().getFlags() & 2)) continue;
    for (const decl of statement.getDeclarations()) {
      const name = decl.getName();
      if (LIMIT_NAME.test(name)) {
        ctx.limitConstant = { ...position(decl.getNameNode(), ctx), name };
        return;
      }
    }
  }
}

function findConsoleReassignments(file: SourceFile, ctx: Context): void {
  if (!file.getFullText().includes('console')) return;
  for (const binary of file.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
    if (binary.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    const left = unwrap(binary.getLeft());
    const text = left.getText();
    if (text === 'console' || text === 'globalThis.console' || text === 'global.console') ctx.reassignedConsole.add('*');
    else if (Node.isPropertyAccessExpression(left) && left.getExpression().getText() === 'console') ctx.reassignedConsole.add(left.getName());
  }
}

/** An argument that is a handler function, or an identifier naming one. */
function handlerFunction(node: Node | undefined, ctx: Context): Node | undefined {
  if (!node) return undefined;
  const value = resolveValue(node, ctx);
  if (value && (Node.isArrowFunction(value) || Node.isFunctionExpression(value) || Node.isFunctionDeclaration(value) || Node.isMethodDeclaration(value))) return value;
  return undefined;
}

function looksLikeHandler(node: Node | undefined): boolean {
  if (!node) return false;
  const expr = unwrap(node);
  return Node.isArrowFunction(expr) || Node.isFunctionExpression(expr) || Node.isIdentifier(expr) || Node.isPropertyAccessExpression(expr) || Node.isCallExpression(expr);
}

function isStringish(node: Node): boolean {
  const expr = unwrap(node);
  return (
    Node.isStringLiteral(expr) ||
    Node.isNoSubstitutionTemplateLiteral(expr) ||
    Node.isTemplateExpression(expr) ||
    Node.isIdentifier(expr) ||
    Node.isPropertyAccessExpression(expr) ||
    (Node.isBinaryExpression(expr) && expr.getOperatorToken().getKind() === SyntaxKind.PlusToken)
  );
}

/** McpServer registerTool/tool/registerPrompt/prompt/registerResource/resource. */
function mcpRegistration(call: CallExpression, kind: Registration['kind'], style: string, ctx: Context): void {
  const args = call.getArguments();
  if (args.length < 2 || !looksLikeHandler(args[args.length - 1])) return;
  // `registerTool(…)` is unambiguous; the short `tool(…)`/`prompt(…)`/`resource(…)` must look like one.
  if (!style.startsWith('register') && !isStringish(args[0]!)) return;
  // Registered in a loop over a literal array (`for (const t of TOOLS) server.registerTool(t.name,
  // t.config, t.handler)`): one registration per element, with the loop variable read from it.
  const loop = loopOf(args[0]!, ctx);
  if (loop) {
    for (const element of loop.elements) {
      registerOne(args.map((arg) => substitute(arg, loop.iterated, element, ctx) ?? arg), kind, style, ctx);
    }
    return;
  }
  registerOne(args, kind, style, ctx);
}

/** `t`, `t.name` or a destructured `name` of a loop over `iterated`, read from one element. */
function substitute(node: Node, iterated: Node, element: Node, ctx: Context): Node | undefined {
  let expr = unwrap(node);
  const names: string[] = [];
  while (Node.isPropertyAccessExpression(expr)) {
    names.unshift(expr.getName());
    expr = unwrap(expr.getExpression());
  }
  if (!Node.isIdentifier(expr)) return undefined;
  const declared = declarationOf(expr, ctx);
  if (declared.kind !== 'loop' || declared.iterated !== iterated) return undefined;
  const path = [...declared.path, ...names];
  return path.length === 0 ? element : propertyPath(element, path, ctx, 0);
}

function registerOne(args: readonly Node[], kind: Registration['kind'], style: string, ctx: Context): void {
  const nameArg = args[0]!;
  const middle = args.slice(1, -1);
  const name = resolveString(nameArg, ctx);
  const registered: string | undefined = 'value' in name ? name.value : undefined;
  let subjectName = registered;
  if (kind === 'resource') {
    const uriArg = args[1];
    const uri = uriArg ? resourceUri(uriArg, ctx) : { reason: 'has no URI argument' };
    subjectName = 'value' in uri ? uri.value : undefined;
    if (!('value' in uri)) {
      ctx.unresolved.push({ ...position(uriArg ?? nameArg, ctx), kind, reason: `${style} URI ${uri.reason}` });
      return;
    }
  } else if (!registered) {
    ctx.unresolved.push({ ...position(nameArg, ctx), kind, reason: `${style} name ${(name as { reason: string }).reason}` });
  }

  const props: Properties = {};
  const handler = handlerFunction(args[args.length - 1], ctx);
  if (kind === 'tool') {
    let inputSchema: Node | undefined;
    if (style === 'registerTool') {
      const config = args[1] ? resolveObject(args[1], ctx) : undefined;
      if (config) inputSchema = toolObjectProperties(config, props, ctx, 'registerTool');
    } else {
      // tool(name, description?, paramsSchema?, annotations?, callback)
      let sawSchema = false;
      for (const arg of middle) {
        const expr = unwrap(arg);
        if (!Node.isObjectLiteralExpression(expr) && !Node.isCallExpression(expr) && isStringish(expr) && !props['/description']) {
          props['/description'] = position(arg, ctx);
          continue;
        }
        const object = resolveObject(arg, ctx);
        if (!sawSchema && (zodObject(arg, ctx) || (object && !isAnnotations(object)))) {
          sawSchema = true;
          inputSchema = arg;
          props['/inputSchema'] = position(arg, ctx);
          const zod = zodObject(arg, ctx);
          if (zod) zodProperties(zod, '/inputSchema', props, ctx, 0);
          else if (object && object.getProperties().length === 0) {
            // `{}`: no parameters, a raw shape the SDK wraps in a non-strict object.
          }
        } else if (object) {
          props['/annotations'] = position(arg, ctx);
          for (const [key, prop] of properties(object, ctx)) props[`/annotations/${escapePointer(key)}`] = position(prop, ctx);
        }
      }
    }
    if (inputSchema) recordLoose(inputSchema, registered, ctx);
    if (handler) recordThrows(handler, style as HandlerStyle, () => registered ?? '', ctx);
  } else if (kind === 'prompt') {
    if (style === 'registerPrompt') {
      const config = args[1] ? resolveObject(args[1], ctx) : undefined;
      if (config) {
        for (const [key, prop] of properties(config, ctx)) {
          if (key === 'title' || key === 'description') props[`/${key}`] = position(prop, ctx);
          if (key === 'argsSchema') argumentProperties(propertyValue(prop), props, ctx);
        }
      }
    } else {
      for (const arg of middle) {
        const expr = unwrap(arg);
        if (Node.isObjectLiteralExpression(expr) || Node.isIdentifier(expr)) argumentProperties(arg, props, ctx);
        else if (isStringish(expr)) props['/description'] = position(arg, ctx);
      }
    }
  } else {
    const metadata = args.length >= 4 ? resolveObject(args[2]!, ctx) : undefined;
    if (metadata) {
      for (const [key, prop] of properties(metadata, ctx)) {
        if (key === 'title' || key === 'description' || key === 'mimeType') props[`/${key}`] = position(prop, ctx);
      }
    }
  }

  if (!subjectName) return;
  ctx.registrations.push({
    ...position(nameArg, ctx),
    kind,
    name: subjectName,
    ...(kind === 'resource' && registered !== undefined ? { registeredName: registered } : {}),
    style,
    ...(Object.keys(props).length > 0 ? { properties: props } : {}),
  });
}

function resourceUri(node: Node, ctx: Context): Resolved {
  const expr = unwrap(node);
  if (Node.isNewExpression(expr) && /ResourceTemplate$/.test(expr.getExpression().getText())) {
    const first = expr.getArguments()[0];
    return first ? resolveString(first, ctx) : { reason: 'has a ResourceTemplate without a URI template' };
  }
  const value = resolveValue(expr, ctx);
  if (value && value !== expr && Node.isNewExpression(value)) return resourceUri(value, ctx);
  return resolveString(expr, ctx);
}

function isAnnotations(object: ObjectLiteralExpression): boolean {
  const props = object.getProperties();
  return props.length > 0 && props.every((p) => {
    const key = propName(p);
    return key !== undefined && ANNOTATION_KEYS.has(key);
  });
}

function argumentProperties(node: Node | undefined, props: Properties, ctx: Context): void {
  if (!node) return;
  const zod = zodObject(node, ctx);
  if (!zod) return;
  props['/arguments'] = position(node, ctx);
  zodShapeEntries(zod, ctx).forEach(([, prop], i) => {
    props[`/arguments/${i}`] = position(prop, ctx);
  });
}

/**
 * Positions inside a tool definition object (registerTool's config, or a low-level tool literal).
 * Returns the inputSchema expression when there is one.
 */
function toolObjectProperties(object: ObjectLiteralExpression, props: Properties, ctx: Context, style: 'registerTool' | 'object'): Node | undefined {
  let inputSchema: Node | undefined;
  for (const [key, prop] of properties(object, ctx)) {
    const value = propertyValue(prop);
    switch (key) {
      case 'title':
      case 'description':
        props[`/${key}`] = position(prop, ctx);
        break;
      case 'annotations': {
        props['/annotations'] = position(prop, ctx);
        const annotations = value ? resolveObject(value, ctx) : undefined;
        if (annotations) for (const [k, p] of properties(annotations, ctx)) props[`/annotations/${escapePointer(k)}`] = position(p, ctx);
        break;
      }
      case 'inputSchema':
      case 'outputSchema': {
        props[`/${key}`] = position(prop, ctx);
        if (!value) break;
        if (key === 'inputSchema') inputSchema = value;
        schemaProperties(value, `/${key}`, props, ctx, style === 'registerTool');
        break;
      }
      default:
        break;
    }
  }
  return inputSchema;
}

/** Parameter positions of a schema written as zod, or as a JSON Schema literal. */
function schemaProperties(node: Node, pointer: string, props: Properties, ctx: Context, zodOnly: boolean, depth = 0): void {
  if (depth > 4) return;
  const zod = zodObject(node, ctx);
  if (zod) {
    zodProperties(zod, pointer, props, ctx, depth);
    return;
  }
  if (zodOnly) return;
  const value = resolveValue(node, ctx);
  if (!value) return;
  // zodToJsonSchema(X) / z.toJSONSchema(X) / toJsonSchema(X): look at X.
  if (Node.isCallExpression(value) && /to_?json_?schema/i.test(value.getExpression().getText())) {
    const first = value.getArguments()[0];
    if (first) schemaProperties(first, pointer, props, ctx, true, depth + 1);
    return;
  }
  if (!Node.isObjectLiteralExpression(value)) return;
  const propsNode = findProperty(value, 'properties', ctx);
  const propsObject = propsNode ? resolveObject(propertyValue(propsNode) ?? propsNode, ctx) : undefined;
  if (!propsObject) return;
  for (const [key, prop] of properties(propsObject, ctx)) {
    const at = `${pointer}/properties/${escapePointer(key)}`;
    props[at] = position(prop, ctx);
    const inner = propertyValue(prop);
    if (inner) schemaProperties(inner, at, props, ctx, false, depth + 1);
  }
}

function zodProperties(zod: ZodObject, pointer: string, props: Properties, ctx: Context, depth: number): void {
  if (depth > 4) return;
  for (const [key, prop] of zodShapeEntries(zod, ctx)) {
    const at = `${pointer}/properties/${escapePointer(key)}`;
    props[at] = position(prop, ctx);
    const value = propertyValue(prop);
    const inner = value ? zodObject(value, ctx) : undefined;
    if (inner && inner.form === 'object') zodProperties(inner, at, props, ctx, depth + 1);
  }
}

function recordLoose(inputSchema: Node, tool: string | undefined, ctx: Context, form?: 'parse'): void {
  const zod = zodObject(inputSchema, ctx);
  if (!zod) {
    // An empty `{}` raw shape (no parameters) is wrapped the same way by the SDK.
    const object = resolveObject(inputSchema, ctx);
    if (object && object.getProperties().length === 0 && form === undefined) push(object, 'rawShape');
    return;
  }
  if (zod.mode !== 'strip') return;
  push(zod.at, form ?? zod.form);

  function push(at: Node, kind: 'object' | 'rawShape' | 'parse'): void {
    const where = position(at, ctx);
    const key = `${tool ?? ''}\u0000${where.file}:${where.line}:${where.column}`;
    if (ctx.seenLoose.has(key)) return;
    ctx.seenLoose.add(key);
    ctx.looseZodObjects.push({ ...where, ...(tool !== undefined ? { tool } : {}), form: kind, text: snippet(at) });
  }
}

/** A name argument like `t.name` where `t` walks a literal array: the array's elements. */
function loopOf(nameArg: Node, ctx: Context): { elements: Node[]; iterated: Node } | undefined {
  let expr = unwrap(nameArg);
  while (Node.isPropertyAccessExpression(expr)) expr = unwrap(expr.getExpression());
  if (!Node.isIdentifier(expr)) return undefined;
  const declared = declarationOf(expr, ctx);
  if (declared.kind !== 'loop') return undefined;
  const elements = arrayElements(declared.iterated, ctx);
  return elements ? { elements, iterated: declared.iterated } : undefined;
}

/** Elements of an array literal (following identifiers, spreads, .map/.filter receivers, Object.values). */
function arrayElements(node: Node, ctx: Context, depth = 0): Node[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const expr = unwrap(node);
  if (Node.isCallExpression(expr)) {
    const callee = unwrap(expr.getExpression());
    if (Node.isPropertyAccessExpression(callee)) {
      const method = callee.getName();
      if (['map', 'filter', 'slice', 'concat', 'sort', 'toSorted'].includes(method) && method !== 'concat') {
        // Entries pass through unchanged only for filter/slice/sort; map keeps the source positions.
        return arrayElements(callee.getExpression(), ctx, depth + 1);
      }
      if (callee.getText() === 'Object.values') {
        const arg = expr.getArguments()[0];
        const object = arg ? resolveObject(arg, ctx, depth + 1) : undefined;
        if (!object) return undefined;
        return properties(object, ctx).map(([, prop]) => propertyValue(prop) ?? prop);
      }
    }
    return undefined;
  }
  const value = resolveValue(expr, ctx, depth + 1);
  if (!value || !Node.isArrayLiteralExpression(value)) return undefined;
  return spreadElements(value, ctx, depth + 1);
}

function spreadElements(array: ArrayLiteralExpression, ctx: Context, depth: number): Node[] | undefined {
  const out: Node[] = [];
  for (const element of array.getElements()) {
    if (Node.isSpreadElement(element)) {
      const inner = arrayElements(element.getExpression(), ctx, depth + 1);
      if (!inner) return undefined;
      out.push(...inner);
    } else {
      out.push(element);
    }
  }
  return out;
}

// ── low-level Server ─────────────────────────────────────────────────────────────────────────

function schemaName(node: Node): string {
  const expr = unwrap(node);
  return Node.isPropertyAccessExpression(expr) ? expr.getName() : expr.getText();
}

function requestHandler(call: CallExpression, ctx: Context): void {
  const [schemaArg, handlerArg] = call.getArguments();
  if (!schemaArg || !handlerArg) return;
  const schema = schemaName(schemaArg);
  const handler = handlerFunction(handlerArg, ctx);
  if (!handler) return;
  const list = LIST_SCHEMAS[schema];
  if (list) {
    listHandler(handler, list, schema, ctx);
    return;
  }
  if (schema === 'CallToolRequestSchema') {
    recordThrows(handler, 'CallToolRequestSchema', (node) => toolOfBranch(node, handler, ctx), ctx);
    for (const parse of handler.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = unwrap(parse.getExpression());
      if (!Node.isPropertyAccessExpression(callee) || !PARSE_METHODS.has(callee.getName())) continue;
      const tool = toolOfBranch(parse, handler, ctx);
      if (!tool) continue;
      const zod = zodObject(callee.getExpression(), ctx);
      if (zod && zod.form === 'object') recordLoose(callee.getExpression(), tool, ctx, 'parse');
    }
  }
}

/** Expressions a handler function returns (arrow expression bodies included). */
function returnedExpressions(handler: Node): Node[] {
  if (Node.isArrowFunction(handler)) {
    const body = handler.getBody();
    if (!Node.isBlock(body)) return [body];
  }
  const out: Node[] = [];
  for (const statement of handler.getDescendantsOfKind(SyntaxKind.ReturnStatement)) {
    if (enclosingFunction(statement) !== handler) continue;
    const expr = statement.getExpression();
    if (expr) out.push(expr);
  }
  return out;
}

function isFunctionLike(node: Node): boolean {
  return Node.isArrowFunction(node) || Node.isFunctionExpression(node) || Node.isFunctionDeclaration(node) || Node.isMethodDeclaration(node) || Node.isConstructorDeclaration(node) || Node.isGetAccessorDeclaration(node) || Node.isSetAccessorDeclaration(node);
}

/** The nearest function around a node. */
function enclosingFunction(node: Node): Node | undefined {
  for (let parent = node.getParent(); parent; parent = parent.getParent()) if (isFunctionLike(parent)) return parent;
  return undefined;
}

function listHandler(handler: Node, list: { kind: Registration['kind']; key: string; nameKey: string }, style: string, ctx: Context): void {
  for (const returned of returnedExpressions(handler)) {
    let expr = unwrap(returned);
    if (Node.isAwaitExpression(expr)) expr = unwrap(expr.getExpression());
    const object = resolveObject(expr, ctx);
    if (!object) continue;
    const prop = findProperty(object, list.key, ctx);
    if (!prop) continue;
    const value = propertyValue(prop);
    const elements = value ? arrayElements(value, ctx) : undefined;
    if (!elements) {
      ctx.unresolved.push({ ...position(prop, ctx), kind: list.kind, reason: `${style} returns ${list.key} that are not a literal array in the project` });
      continue;
    }
    for (const element of elements) {
      const entry = resolveObject(element, ctx);
      if (!entry) {
        ctx.unresolved.push({ ...position(element, ctx), kind: list.kind, reason: `${style} entry is not an object literal (${unwrap(element).getKindName()})` });
        continue;
      }
      const nameProp = findProperty(entry, list.nameKey, ctx);
      const nameValue = nameProp ? propertyValue(nameProp) : undefined;
      if (!nameProp || !nameValue) {
        ctx.unresolved.push({ ...position(entry, ctx), kind: list.kind, reason: `${style} entry has no literal "${list.nameKey}"` });
        continue;
      }
      const name = resolveString(nameValue, ctx);
      if ('reason' in name) {
        ctx.unresolved.push({ ...position(nameValue, ctx), kind: list.kind, reason: `${style} ${list.nameKey} ${name.reason}` });
        continue;
      }
      const props: Properties = {};
      if (list.kind === 'tool') toolObjectProperties(entry, props, ctx, 'object');
      else {
        for (const [key, p] of properties(entry, ctx)) {
          if (key === 'title' || key === 'description' || key === 'mimeType') props[`/${key}`] = position(p, ctx);
          if (key === 'arguments') {
            const args = arrayElements(propertyValue(p) ?? p, ctx);
            props['/arguments'] = position(p, ctx);
            args?.forEach((a, i) => (props[`/arguments/${i}`] = position(a, ctx)));
          }
        }
      }
      const nameAt = Node.isShorthandPropertyAssignment(nameProp) ? nameProp : nameValue;
      ctx.registrations.push({ ...position(nameAt, ctx), kind: list.kind, name: name.value, style, ...(Object.keys(props).length ? { properties: props } : {}) });
    }
  }
}

/** The tool a node inside a CallTool handler belongs to: `case 'x':` or `if (name === 'x')`. */
function toolOfBranch(node: Node, handler: Node, ctx: Context): string | undefined {
  let child: Node = node;
  for (let parent = node.getParent(); parent && child !== handler; child = parent, parent = parent.getParent()) {
    if (Node.isCaseClause(parent) || Node.isDefaultClause(parent)) {
      const switched = parent.getParentIfKind(SyntaxKind.CaseBlock)?.getParentIfKind(SyntaxKind.SwitchStatement);
      if (switched && TOOL_NAME_REF.test(unwrap(switched.getExpression()).getText())) {
        if (Node.isDefaultClause(parent)) return undefined;
        const value = resolveString(parent.getExpression(), ctx);
        return 'value' in value ? value.value : undefined;
      }
    }
    if (Node.isIfStatement(parent) && parent.getThenStatement() === child) {
      const condition = unwrap(parent.getExpression());
      if (Node.isBinaryExpression(condition)) {
        const op = condition.getOperatorToken().getKind();
        if (op === SyntaxKind.EqualsEqualsEqualsToken || op === SyntaxKind.EqualsEqualsToken) {
          // `name === 'x'` / `request.params.name === TOOLS.x.name`; not `args.format === 'csv'`.
          const [left, right] = [condition.getLeft(), condition.getRight()];
          for (const [nameSide, valueSide] of [[left, right], [right, left]] as const) {
            if (!TOOL_NAME_REF.test(unwrap(nameSide).getText())) continue;
            const value = resolveString(valueSide, ctx);
            if ('value' in value) return value.value;
          }
        }
      }
    }
    if (parent === handler) break;
  }
  return undefined;
}

/** In the default clause of a switch on the tool name (the "unknown tool" branch)? */
function inDefaultClause(node: Node, handler: Node): boolean {
  for (let parent = node.getParent(); parent && parent !== handler; parent = parent.getParent()) {
    if (!Node.isCaseClause(parent) && !Node.isDefaultClause(parent)) continue;
    const switched = parent.getParentIfKind(SyntaxKind.CaseBlock)?.getParentIfKind(SyntaxKind.SwitchStatement);
    if (!switched || !TOOL_NAME_REF.test(unwrap(switched.getExpression()).getText())) continue;
    return Node.isDefaultClause(parent);
  }
  return false;
}

function recordThrows(handler: Node, style: HandlerStyle, toolOf: (node: Node) => string | undefined, ctx: Context): void {
  for (const node of handler.getDescendantsOfKind(SyntaxKind.ThrowStatement)) {
    // Throws inside nested functions (callbacks, helpers) are not the handler's own.
    if (enclosingFunction(node) !== handler) continue;
    if (caughtInside(node, handler)) continue;
    if (style === 'CallToolRequestSchema' && inDefaultClause(node, handler)) continue;
    const tool = toolOf(node) ?? '';
    ctx.throwingHandlers.push({ ...position(node, ctx), tool, style, text: lineText(node) });
  }
}

/** Inside the try block of a try/catch within the handler? */
function caughtInside(node: Node, handler: Node): boolean {
  let child: Node = node;
  for (let parent = node.getParent(); parent && child !== handler; child = parent, parent = parent.getParent()) {
    if (Node.isTryStatement(parent) && parent.getTryBlock() === child && parent.getCatchClause()) return true;
    if (parent === handler) break;
  }
  return false;
}
