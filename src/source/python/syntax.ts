/** Small readers of tree-sitter's Python syntax tree shared by the detectors. */
import type { Node } from 'web-tree-sitter';
import type { SourcePosition } from '../../model/source-index.js';
import { LineIndex } from '../line-index.js';

/** One parsed module: its path relative to the root, its text and its tree's root node. */
export interface PythonModule {
  readonly file: string;
  readonly text: string;
  readonly root: Node;
}

/** One line index per module (modules are made once per parse, in extract.ts). */
const indexes = new WeakMap<PythonModule, LineIndex>();

function linesOf(module: PythonModule): LineIndex {
  let index = indexes.get(module);
  if (!index) indexes.set(module, (index = new LineIndex(module.text)));
  return index;
}

/** 1-based line and column (in UTF-16 code units, as ts-morph counts) of a node's start. */
export function position(node: Node, module: PythonModule): SourcePosition {
  return { file: module.file, line: node.startPosition.row + 1, column: linesOf(module).newlineColumn(node.startIndex) };
}

/** The trimmed source line a node starts on (evidence), capped. */
export function lineText(node: Node, module: PythonModule): string {
  return linesOf(module).quotedLine(node.startIndex);
}

/** The value of a plain string literal (no f-string interpolation, no concatenation), else undefined. */
export function stringValue(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'concatenated_string') {
    const parts = node.namedChildren.map((part) => stringValue(part));
    return parts.every((p) => p !== undefined) ? parts.join('') : undefined;
  }
  if (node.type !== 'string') return undefined;
  if (node.namedChildren.some((child) => child?.type === 'interpolation')) return undefined;
  return node.namedChildren
    .filter((child): child is Node => child?.type === 'string_content' || child?.type === 'escape_sequence')
    .map((child) => (child.type === 'escape_sequence' ? unescapePython(child.text) : child.text))
    .join('');
}

function unescapePython(sequence: string): string {
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };
  return simple[sequence.slice(1)] ?? sequence;
}

/** The positional arguments and keyword arguments of a call. */
export function callArguments(call: Node): { positional: Node[]; keywords: Map<string, Node> } {
  const positional: Node[] = [];
  const keywords = new Map<string, Node>();
  const list = call.childForFieldName('arguments');
  for (const arg of list?.namedChildren ?? []) {
    if (!arg || arg.type === 'comment') continue;
    if (arg.type === 'keyword_argument') {
      const name = arg.childForFieldName('name')?.text;
      const value = arg.childForFieldName('value');
      if (name && value) keywords.set(name, value);
    } else positional.push(arg);
  }
  return { positional, keywords };
}

/** A dotted callee as text without whitespace (`mcp.tool`, `sys.stdout.write`), or undefined. */
export function dottedName(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'identifier') return node.text;
  if (node.type === 'attribute') {
    const object = dottedName(node.childForFieldName('object'));
    const attribute = node.childForFieldName('attribute')?.text;
    return object && attribute ? `${object}.${attribute}` : undefined;
  }
  return undefined;
}

/** A function definition's docstring node: a string as the first statement of its body. */
export function docstring(fn: Node): Node | undefined {
  const first = fn.childForFieldName('body')?.namedChildren.find((n) => n?.type !== 'comment');
  if (first?.type !== 'expression_statement') return undefined;
  const value = first.namedChildren[0];
  return value && (value.type === 'string' || value.type === 'concatenated_string') ? value : undefined;
}

export function isAsync(fn: Node): boolean {
  return fn.children.some((child) => child?.type === 'async');
}

/** Every descendant of a given type, not descending into nested function or class definitions. */
export function ownDescendants(node: Node, types: ReadonlySet<string>): Node[] {
  const out: Node[] = [];
  const visit = (n: Node) => {
    for (const child of n.namedChildren) {
      if (!child) continue;
      if (types.has(child.type)) out.push(child);
      if (child.type === 'function_definition' || child.type === 'class_definition' || child.type === 'lambda') continue;
      visit(child);
    }
  };
  visit(node);
  return out;
}

/** Every descendant of the given types, in source order. */
export function descendants(node: Node, types: ReadonlySet<string>): Node[] {
  return node.descendantsOfType([...types]).filter((n): n is Node => n !== null);
}

/** The parameters of a function with their annotation and default, in order (self/cls kept). */
export interface Parameter {
  readonly name: string;
  readonly node: Node;
  readonly type?: Node;
  readonly value?: Node;
}

export function parameters(fn: Node): Parameter[] {
  const out: Parameter[] = [];
  for (const param of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!param) continue;
    if (param.type === 'identifier') out.push({ name: param.text, node: param });
    else if (param.type === 'typed_parameter') {
      const name = param.namedChildren.find((c) => c?.type === 'identifier');
      const type = param.childForFieldName('type');
      if (name) out.push({ name: name.text, node: param, ...(type ? { type } : {}) });
    } else if (param.type === 'default_parameter' || param.type === 'typed_default_parameter') {
      const name = param.childForFieldName('name');
      const type = param.childForFieldName('type');
      const value = param.childForFieldName('value');
      if (name?.type === 'identifier') out.push({ name: name.text, node: param, ...(type ? { type } : {}), ...(value ? { value } : {}) });
    }
  }
  return out;
}
