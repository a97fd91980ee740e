/**
 * tool-title-present's fix in Python: `@mcp.tool()` gets `title="…"` (a bare `@mcp.tool` becomes
 * a call); a low-level `types.Tool(name="…", …)` literal gets a `title=` keyword.
 */
import type { Registration } from '../../model/source-index.js';
import type { FixContext, PlannedFix } from '../fixer.js';
import { appendArguments, withNodeAt } from './tree.js';

export async function fixPythonToolTitle(registration: Registration, title: string, ctx: FixContext): Promise<PlannedFix | undefined> {
  const literal = JSON.stringify(title);
  if (/\.list_tools$/.test(registration.style)) {
    return withNodeAt(ctx.files, registration, new Set(['string']), (file, name) => {
      const keyword = name.parent;
      const args = keyword?.parent;
      if (keyword?.type !== 'keyword_argument' || args?.type !== 'argument_list') return undefined;
      if (args.namedChildren.some((a) => a?.type === 'keyword_argument' && a.childForFieldName('name')?.text === 'title')) return undefined;
      return { description: `add title=${literal}`, edits: [appendArguments(file, args, [`title=${literal}`])] };
    });
  }
  if (!registration.style.startsWith('@')) return undefined;
  return withNodeAt(ctx.files, registration, new Set(['decorator']), (file, decorator) => {
    const expression = decorator.namedChildren[0];
    if (!expression) return undefined;
    if (expression.type === 'call') {
      const args = expression.childForFieldName('arguments');
      if (args?.type !== 'argument_list') return undefined;
      if (args.namedChildren.some((a) => a?.type === 'keyword_argument' && a.childForFieldName('name')?.text === 'title')) return undefined;
      return { description: `add title=${literal}`, edits: [appendArguments(file, args, [`title=${literal}`])] };
    }
    return {
      description: `add title=${literal}`,
      edits: [{ file, start: expression.endIndex, end: expression.endIndex, replacement: `(title=${literal})` }],
    };
  });
}
