/**
 * source-stdout-write's fix in Python, on the tree-sitter tree: `print(…)` gets `file=sys.stderr`
 * (a `file=sys.stdout` becomes `sys.stderr`), `sys.stdout.write(…)` becomes `sys.stderr.write(…)`,
 * and the module gets `import sys` once, before its first import, when it has none.
 */
import type { Node } from 'web-tree-sitter';
import type { SourcePosition } from '../../model/source-index.js';
import { pythonParser } from '../../source/python/parser.js';
import { offsetAt, type ReadFile } from '../fix-files.js';
import type { FixContext, PlannedEdit, PlannedFix } from '../fixer.js';

export async function fixPythonPrint(at: SourcePosition, ctx: FixContext): Promise<PlannedFix | undefined> {
  const file = ctx.files.get(at.file);
  const offset = file ? offsetAt(file.text, at.line, at.column) : undefined;
  if (!file || offset === undefined) return undefined;
  const tree = (await pythonParser()).parse(file.text);
  if (!tree) return undefined;
  try {
    let call: Node | null = tree.rootNode.descendantForIndex(offset);
    while (call && !(call.type === 'call' && call.startIndex === offset)) call = call.parent;
    if (!call) return undefined;
    const callee = call.childForFieldName('function')?.text.replace(/\s+/g, '');
    const args = call.childForFieldName('arguments');
    if (args?.type !== 'argument_list') return undefined;
    const importSys = importSysEdit(file, tree.rootNode);
    const withImport = (edit: PlannedEdit): PlannedEdit[] => (importSys ? [edit, importSys] : [edit]);
    if (callee === 'print') {
      const keyword = args.namedChildren.find((a) => a?.type === 'keyword_argument' && a.childForFieldName('name')?.text === 'file');
      const value = keyword?.childForFieldName('value');
      if (value) {
        if (!/^sys\.(?:__)?stdout(?:__)?$/.test(value.text)) return undefined;
        return { description: 'print(…, file=sys.stdout) → file=sys.stderr', edits: withImport(replace(file, value, 'sys.stderr')) };
      }
      const close = args.endIndex - 1;
      const inside = file.text.slice(args.startIndex + 1, close);
      const lead = inside.trim() === '' ? '' : /,\s*$/.test(inside) ? ' ' : ', ';
      const at = inside.trim() === '' ? close : args.startIndex + 1 + inside.trimEnd().length;
      return {
        description: 'print(…) → print(…, file=sys.stderr)',
        edits: withImport({ file, start: at, end: at, replacement: `${lead}file=sys.stderr` }),
      };
    }
    const stream = call.childForFieldName('function')?.childForFieldName('object');
    if (stream && /^sys\.stdout$/.test(stream.text.replace(/\s+/g, '')) && /\.(?:write|writelines)$/.test(callee ?? '')) {
      const attribute = stream.childForFieldName('attribute');
      if (attribute) return { description: 'sys.stdout.write → sys.stderr.write', edits: [replace(file, attribute, 'stderr')] };
    }
    return undefined;
  } finally {
    tree.delete();
  }
}

function replace(file: ReadFile, node: Node, replacement: string): PlannedEdit {
  return { file, start: node.startIndex, end: node.endIndex, replacement };
}

/** `import sys` before the module's first import (or at its top), unless it imports sys already. */
function importSysEdit(file: ReadFile, root: Node): PlannedEdit | undefined {
  const statements = root.namedChildren.filter((n): n is Node => n !== null);
  const imports = statements.filter((n) => n.type === 'import_statement' || n.type === 'import_from_statement');
  if (imports.some((n) => n.type === 'import_statement' && /^import\s+(?:[\w.]+\s*,\s*)*sys\b/.test(n.text))) return undefined;
  // After `from __future__` imports, which must come first.
  const future = imports.filter((n) => n.type === 'import_from_statement' && /^from\s+__future__\b/.test(n.text)).at(-1);
  const before = imports.find((n) => !/^from\s+__future__\b/.test(n.text));
  if (future && (!before || before.startIndex < future.startIndex)) {
    const lineEnd = file.text.indexOf('\n', future.endIndex);
    const at = lineEnd === -1 ? file.text.length : lineEnd + 1;
    return { file, start: at, end: at, replacement: 'import sys\n' };
  }
  if (before) return { file, start: before.startIndex, end: before.startIndex, replacement: 'import sys\n' };
  const docstring =
    statements[0]?.type === 'expression_statement' && statements[0].namedChildren[0]?.type === 'string' ? statements[0] : undefined;
  if (docstring) {
    const lineEnd = file.text.indexOf('\n', docstring.endIndex);
    const at = lineEnd === -1 ? file.text.length : lineEnd + 1;
    return { file, start: at, end: at, replacement: 'import sys\n' };
  }
  return { file, start: 0, end: 0, replacement: 'import sys\n' };
}
