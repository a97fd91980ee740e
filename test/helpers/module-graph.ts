/**
 * The project's own import graph, read with the TypeScript parser (no type checking): every
 * import and export declaration (`import type` included), `import x = require()`, dynamic
 * `import('…')` and `typeof import('…')` with a literal specifier. Paths are repository-relative,
 * with '/' separators; `.js` specifiers are mapped back to the `.ts` files they are built from.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  /** The specifier as written, for messages. */
  readonly specifier: string;
  readonly line: number;
}

/** Every `.ts` file under the given folders (repository-relative), sorted. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
    });
  return folders.flatMap(walk).sort();
}

/** The module specifiers a source text imports, with their 1-based lines. */
export function importSpecifiers(fileName: string, text: string): { specifier: string; line: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: { specifier: string; line: number }[] = [];
  const add = (node: ts.Node | undefined): void => {
    if (node && ts.isStringLiteralLike(node)) {
      found.push({ specifier: node.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Edges between the given files. Only relative specifiers are followed (packages and `node:`
 * modules are not the project's). `unresolved` lists relative imports that name no file.
 */
export function importGraph(root: string, files: readonly string[]): { edges: ImportEdge[]; unresolved: ImportEdge[] } {
  const edges: ImportEdge[] = [];
  const unresolved: ImportEdge[] = [];
  for (const from of files) {
    for (const { specifier, line } of importSpecifiers(from, readFileSync(join(root, from), 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = relative(root, resolve(root, dirname(from), specifier))
        .split('\\')
        .join('/');
      const to = target.endsWith('.js') && existsSync(join(root, `${target.slice(0, -3)}.ts`)) ? `${target.slice(0, -3)}.ts` : target;
      (existsSync(join(root, to)) ? edges : unresolved).push({ from, to, specifier, line });
    }
  }
  return { edges, unresolved };
}

/**
 * The import cycles: each strongly connected group of files (Tarjan), as one concrete cycle
 * through its first file, e.g. ['a.ts', 'b.ts', 'a.ts'].
 */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from)!.add(to);
  }
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (file: string): void => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file)!) {
      if (!order.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, order.get(to)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || next.get(file)!.has(file)) groups.push(group.sort());
  };
  for (const file of [...next.keys()].sort()) if (!order.has(file)) connect(file);
  return groups.map((group) => cycleThrough(group[0]!, new Set(group), next));
}

/** A shortest path from `start` back to itself inside one group (breadth first). */
function cycleThrough(start: string, group: ReadonlySet<string>, next: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const to of [...next.get(file)!].sort()) {
      if (!group.has(to)) continue;
      if (to === start) {
        const chain: string[] = [];
        for (let at: string | undefined = file; at !== undefined && at !== start; at = cameFrom.get(at)) chain.unshift(at);
        return [start, ...chain, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, file);
        queue.push(to);
      }
    }
  }
  return [start, start];
}
