/** tool-annotations-complete's fix in Python: the unset hints added to `ToolAnnotations(…)` or an annotations dict. */
import type { Registration } from '../../model/source-index.js';
import type { FixContext, PlannedFix } from '../fixer.js';
import { appendArguments, withNodeAt } from './tree.js';

/** `[hint, value]` pairs to add, given the hints the literal sets (readOnlyHint's value decides two of them). */
export type HintsFor = (present: ReadonlyMap<string, string>) => readonly (readonly [string, boolean])[];

const pythonBool = (value: boolean): string => (value ? 'True' : 'False');

export async function fixPythonAnnotationHints(
  registration: Registration,
  hintsFor: HintsFor,
  ctx: FixContext,
): Promise<PlannedFix | undefined> {
  const at = registration.properties?.['/annotations'];
  if (!at) return undefined;
  return withNodeAt(ctx.files, at, new Set(['call', 'dictionary']), (file, node) => {
    if (node.type === 'call') {
      const args = node.childForFieldName('arguments');
      if (args?.type !== 'argument_list' || args.namedChildren.some((a) => a?.type === 'dictionary_splat' || a?.type === 'list_splat'))
        return undefined;
      const present = new Map<string, string>();
      for (const a of args.namedChildren) {
        const name = a?.type === 'keyword_argument' ? a.childForFieldName('name')?.text : undefined;
        if (a && name) present.set(name, a.childForFieldName('value')?.text ?? '');
      }
      const missing = hintsFor(present);
      if (missing.length === 0) return undefined;
      const added = missing.map(([hint, value]) => `${hint}=${pythonBool(value)}`);
      return { description: `set ${added.join(', ')}`, edits: [appendArguments(file, args, added)] };
    }
    const pairs = node.namedChildren.filter((c) => c?.type === 'pair');
    if (node.namedChildren.some((c) => c && c.type !== 'pair' && c.type !== 'comment')) return undefined;
    const present = new Map<string, string>();
    for (const pair of pairs) {
      const key = pair?.childForFieldName('key')?.text.replace(/^['"]|['"]$/g, '');
      if (pair && key) present.set(key, pair.childForFieldName('value')?.text ?? '');
    }
    const missing = hintsFor(present);
    if (missing.length === 0) return undefined;
    const quote = pairs[0]?.childForFieldName('key')?.text.startsWith("'") ? "'" : '"';
    const added = missing.map(([hint, value]) => `${quote}${hint}${quote}: ${pythonBool(value)}`);
    return { description: `set ${added.join(', ')}`, edits: [appendArguments(file, node, added)] };
  });
}
