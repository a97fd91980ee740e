/**
 * source-loose-zod's fix for a Pydantic input model (unsafe: unknown arguments are then refused):
 * `model_config = ConfigDict(extra="forbid")` as the class body's first statement (after its
 * docstring), and `ConfigDict` imported from pydantic once. A class that sets `model_config`
 * already, or a v1 `class Config`, is left alone.
 */
import type { Node } from 'web-tree-sitter';
import type { SourcePosition } from '../../model/source-index.js';
import type { FixContext, PlannedEdit, PlannedFix } from '../fixer.js';
import type { ReadFile } from '../fix-files.js';
import { withNodeAt } from './tree.js';

export function fixPydanticExtra(at: SourcePosition, ctx: FixContext): Promise<PlannedFix | undefined> {
  return withNodeAt(ctx.files, at, new Set(['identifier']), (file, name, tree) => {
    const model = name.parent;
    const body = model?.type === 'class_definition' ? model.childForFieldName('body') : null;
    const statements = body?.namedChildren.filter((n): n is Node => n !== null && n.type !== 'comment') ?? [];
    if (!body || statements.length === 0) return undefined;
    if (statements.some((s) => /^(?:model_config\b|class\s+Config\b)/.test(s.text))) return undefined;
    const docstring = statements[0]!.type === 'expression_statement' && statements[0]!.namedChildren[0]?.type === 'string';
    const anchor = docstring ? statements[1] : statements[0];
    const line = 'model_config = ConfigDict(extra="forbid")';
    let edit: PlannedEdit;
    if (anchor) {
      const indent = file.text.slice(file.text.lastIndexOf('\n', anchor.startIndex - 1) + 1, anchor.startIndex);
      edit = { file, start: anchor.startIndex, end: anchor.startIndex, replacement: `${line}\n${indent}` };
    } else {
      const only = statements[0]!;
      const indent = file.text.slice(file.text.lastIndexOf('\n', only.startIndex - 1) + 1, only.startIndex);
      edit = { file, start: only.endIndex, end: only.endIndex, replacement: `\n${indent}${line}` };
    }
    const imported = importConfigDict(file, tree.rootNode);
    return {
      description: `${model!.childForFieldName('name')?.text}: model_config = ConfigDict(extra="forbid")`,
      edits: imported ? [edit, imported] : [edit],
    };
  });
}

/** `ConfigDict` added to the module's `from pydantic import …`, or a new import line; none when it is imported already. */
function importConfigDict(file: ReadFile, root: Node): PlannedEdit | undefined {
  const imports = root.namedChildren.filter((n): n is Node => n?.type === 'import_from_statement');
  const fromPydantic = imports.find((n) => /^from\s+pydantic\s+import\b/.test(n.text));
  if (fromPydantic && /\bConfigDict\b/.test(fromPydantic.text)) return undefined;
  if (fromPydantic && !fromPydantic.text.includes('(') && !fromPydantic.text.includes('*')) {
    return { file, start: fromPydantic.endIndex, end: fromPydantic.endIndex, replacement: ', ConfigDict' };
  }
  const first = root.namedChildren.find((n) => n?.type === 'import_statement' || n?.type === 'import_from_statement');
  const at = first ? first.startIndex : 0;
  return { file, start: at, end: at, replacement: 'from pydantic import ConfigDict\n' };
}
