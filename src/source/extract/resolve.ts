/**
 * Following the code without a type checker: what an identifier refers to (walking the enclosing
 * scopes, then relative imports into the project's other files), and the value, object, string or
 * array literal an expression stands for. What cannot be followed is undefined (or, for strings,
 * the reason why), never a guess.
 */
import {
  Node,
  SyntaxKind,
  type ArrayLiteralExpression,
  type ImportDeclaration,
  type ObjectLiteralExpression,
  type SourceFile,
} from 'ts-morph';

/** Resolves a relative module specifier from a file to an indexed source file. */
export type ModuleResolver = (from: SourceFile, specifier: string) => SourceFile | undefined;

/** How imports resolve: all that following identifiers needs. */
export interface Imports {
  readonly resolveModule: ModuleResolver;
}

/** How many indirections (declarations, imports, spreads) are followed before giving up. */
export const MAX_DEPTH = 12;

export function unwrap(node: Node): Node {
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

export type Declared =
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
export function declarationOf(identifier: Node, imports: Imports, depth = 0): Declared {
  const name = identifier.getText();
  for (let scope: Node | undefined = identifier.getParent(); scope; scope = scope.getParent()) {
    if (Node.isForOfStatement(scope) || Node.isForInStatement(scope)) {
      const init = scope.getInitializer();
      if (Node.isVariableDeclarationList(init)) {
        for (const decl of init.getDeclarations()) {
          const path = bindingPath(decl.getNameNode(), name);
          if (path)
            return Node.isForOfStatement(scope) ? { kind: 'loop', node: decl, iterated: scope.getExpression(), path } : { kind: 'unknown' };
        }
      }
    }
    if (
      Node.isArrowFunction(scope) ||
      Node.isFunctionExpression(scope) ||
      Node.isFunctionDeclaration(scope) ||
      Node.isMethodDeclaration(scope)
    ) {
      const params = scope.getParameters();
      const index = params.findIndex((p) => bindingPath(p.getNameNode(), name) !== undefined);
      if (index !== -1) {
        const param = params[index]!;
        // `ARRAY.forEach((t) => …)` / `.map(…)`: the parameter walks an array we may resolve.
        const call = scope.getParent();
        const callee = Node.isCallExpression(call) ? call.getExpression() : undefined;
        if (
          index === 0 &&
          callee &&
          Node.isPropertyAccessExpression(callee) &&
          (callee.getName() === 'forEach' || callee.getName() === 'map')
        ) {
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
        const constant = !!((statement.getDeclarationList().getFlags() & 2) /* NodeFlags.Const */);
        for (const decl of statement.getDeclarations()) {
          const path = bindingPath(decl.getNameNode(), name);
          if (!path) continue;
          const init = decl.getInitializer();
          if (!init) return { kind: 'unknown' };
          if (path.length === 0) return { kind: 'value', node: init, constant };
          const inner = propertyPath(init, path, imports, depth + 1);
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
        const target = imports.resolveModule(statement.getSourceFile(), specifier);
        if (!target) return { kind: 'external', specifier };
        if (imported === '*') return { kind: 'namespace', file: target };
        return exportedDeclaration(target, imported, imports, depth + 1);
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
export function exportedDeclaration(file: SourceFile, name: string, imports: Imports, depth: number): Declared {
  if (depth > MAX_DEPTH) return { kind: 'unknown' };
  for (const statement of file.getStatements()) {
    if (Node.isVariableStatement(statement) && statement.hasExportKeyword()) {
      const constant = !!(statement.getDeclarationList().getFlags() & 2);
      for (const decl of statement.getDeclarations()) {
        if (decl.getName() === name) {
          const init = decl.getInitializer();
          return init ? { kind: 'value', node: init, constant } : { kind: 'unknown' };
        }
      }
    } else if (
      Node.isFunctionDeclaration(statement) &&
      statement.hasExportKeyword() &&
      (statement.getName() === name || (name === 'default' && statement.hasDefaultKeyword()))
    ) {
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
        const target = imports.resolveModule(file, specifier);
        return target ? exportedDeclaration(target, spec.getName(), imports, depth + 1) : { kind: 'external', specifier };
      }
    } else if (Node.isExportAssignment(statement) && name === 'default') {
      return { kind: 'value', node: statement.getExpression(), constant: true };
    }
  }
  return { kind: 'unknown' };
}

/** Follow `a.b.c` through object literals; undefined when a step is not a literal property. */
export function propertyPath(node: Node, path: readonly string[], imports: Imports, depth: number): Node | undefined {
  let current: Node | undefined = node;
  for (const key of path) {
    const object = current ? resolveObject(current, imports, depth + 1) : undefined;
    if (!object) return undefined;
    const prop = findProperty(object, key, imports, depth + 1);
    if (!prop) return undefined;
    current = propertyValue(prop);
  }
  return current;
}

/** Resolve an expression to the node that produces its value, following identifiers and `x.y`. */
export function resolveValue(node: Node, imports: Imports, depth = 0): Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const expr = unwrap(node);
  if (Node.isIdentifier(expr)) {
    const declared = declarationOf(expr, imports, depth + 1);
    if (declared.kind === 'value') return resolveValue(declared.node, imports, depth + 1);
    if (declared.kind === 'function') return declared.node;
    return undefined;
  }
  if (Node.isPropertyAccessExpression(expr)) {
    const object = unwrap(expr.getExpression());
    if (Node.isIdentifier(object)) {
      const declared = declarationOf(object, imports, depth + 1);
      if (declared.kind === 'namespace') {
        const exported = exportedDeclaration(declared.file, expr.getName(), imports, depth + 1);
        return exported.kind === 'value'
          ? resolveValue(exported.node, imports, depth + 1)
          : exported.kind === 'function'
            ? exported.node
            : undefined;
      }
    }
    const value = propertyPath(object, [expr.getName()], imports, depth + 1);
    return value ? resolveValue(value, imports, depth + 1) : undefined;
  }
  return expr;
}

export function resolveObject(node: Node, imports: Imports, depth = 0): ObjectLiteralExpression | undefined {
  const value = resolveValue(node, imports, depth);
  return value && Node.isObjectLiteralExpression(value) ? value : undefined;
}

export function propName(prop: Node): string | undefined {
  if (Node.isPropertyAssignment(prop) || Node.isShorthandPropertyAssignment(prop) || Node.isMethodDeclaration(prop)) {
    const nameNode = prop.getNameNode();
    if (Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode)) return nameNode.getLiteralText();
    if (Node.isIdentifier(nameNode) || Node.isNumericLiteral(nameNode)) return nameNode.getText();
    if (Node.isPrivateIdentifier(nameNode)) return undefined;
    return undefined;
  }
  return undefined;
}

export function findProperty(object: ObjectLiteralExpression, key: string, imports: Imports, depth = 0): Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  // Later properties win, like at run time; spreads are followed when they resolve.
  const props = object.getProperties();
  for (let i = props.length - 1; i >= 0; i--) {
    const prop = props[i]!;
    if (propName(prop) === key) return prop;
    if (Node.isSpreadAssignment(prop)) {
      const spread = resolveObject(prop.getExpression(), imports, depth + 1);
      if (spread && spread !== object) {
        const inner = findProperty(spread, key, imports, depth + 1);
        if (inner) return inner;
      }
    }
  }
  return undefined;
}

export function propertyValue(prop: Node): Node | undefined {
  if (Node.isPropertyAssignment(prop)) return prop.getInitializer();
  if (Node.isShorthandPropertyAssignment(prop)) return prop.getNameNode();
  if (Node.isMethodDeclaration(prop)) return prop;
  return undefined;
}

/** Own and spread properties of an object literal, as [key, property node]. */
export function properties(object: ObjectLiteralExpression, imports: Imports, depth = 0): [string, Node][] {
  const out: [string, Node][] = [];
  if (depth > MAX_DEPTH) return out;
  for (const prop of object.getProperties()) {
    if (Node.isSpreadAssignment(prop)) {
      const spread = resolveObject(prop.getExpression(), imports, depth + 1);
      if (spread) for (const entry of properties(spread, imports, depth + 1)) out.push(entry);
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

export type Resolved = { readonly value: string } | { readonly reason: string };

/** A string the code builds from literals and constants, or why it cannot be known statically. */
export function resolveString(node: Node, imports: Imports, depth = 0): Resolved {
  if (depth > MAX_DEPTH) return { reason: 'is built through too many indirections' };
  const expr = unwrap(node);
  if (Node.isStringLiteral(expr) || Node.isNoSubstitutionTemplateLiteral(expr)) return { value: expr.getLiteralText() };
  if (Node.isNumericLiteral(expr)) return { value: String(expr.getLiteralValue()) };
  if (Node.isTemplateExpression(expr)) {
    let value = expr.getHead().getLiteralText();
    for (const span of expr.getTemplateSpans()) {
      const part = resolveString(span.getExpression(), imports, depth + 1);
      if ('reason' in part) return part;
      value += part.value + span.getLiteral().getLiteralText();
    }
    return { value };
  }
  if (Node.isBinaryExpression(expr) && expr.getOperatorToken().getKind() === SyntaxKind.PlusToken) {
    const left = resolveString(expr.getLeft(), imports, depth + 1);
    if ('reason' in left) return left;
    const right = resolveString(expr.getRight(), imports, depth + 1);
    if ('reason' in right) return right;
    return { value: left.value + right.value };
  }
  if (Node.isIdentifier(expr)) {
    const declared = declarationOf(expr, imports, depth + 1);
    const name = expr.getText();
    switch (declared.kind) {
      case 'value':
        if (!declared.constant) return { reason: `uses "${name}", which is not a const` };
        return resolveString(declared.node, imports, depth + 1);
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
    const value = resolveValue(expr, imports, depth + 1);
    if (value && value !== expr) return resolveString(value, imports, depth + 1);
    return { reason: `uses "${expr.getText()}", which is not a string constant in the project` };
  }
  return { reason: `is computed at run time (${expr.getKindName()})` };
}

/** Elements of an array literal (following identifiers, spreads, .map/.filter receivers, Object.values). */
export function arrayElements(node: Node, imports: Imports, depth = 0): Node[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const expr = unwrap(node);
  if (Node.isCallExpression(expr)) {
    const callee = unwrap(expr.getExpression());
    if (Node.isPropertyAccessExpression(callee)) {
      const method = callee.getName();
      if (['map', 'filter', 'slice', 'concat', 'sort', 'toSorted'].includes(method) && method !== 'concat') {
        // Entries pass through unchanged only for filter/slice/sort; map keeps the source positions.
        return arrayElements(callee.getExpression(), imports, depth + 1);
      }
      if (callee.getText() === 'Object.values') {
        const arg = expr.getArguments()[0];
        const object = arg ? resolveObject(arg, imports, depth + 1) : undefined;
        if (!object) return undefined;
        return properties(object, imports).map(([, prop]) => propertyValue(prop) ?? prop);
      }
    }
    return undefined;
  }
  const value = resolveValue(expr, imports, depth + 1);
  if (!value || !Node.isArrayLiteralExpression(value)) return undefined;
  return spreadElements(value, imports, depth + 1);
}

function spreadElements(array: ArrayLiteralExpression, imports: Imports, depth: number): Node[] | undefined {
  const out: Node[] = [];
  for (const element of array.getElements()) {
    if (Node.isSpreadElement(element)) {
      const inner = arrayElements(element.getExpression(), imports, depth + 1);
      if (!inner) return undefined;
      out.push(...inner);
    } else {
      out.push(element);
    }
  }
  return out;
}

/** An expression that may be a string (a literal, template, `+` concatenation or a reference). */
export function isStringish(node: Node): boolean {
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
