/**
 * tool-annotations-present's fix (unsafe: the hints are inferred, and clients act on them): the
 * tool gets annotations read from its name's action verb (src/shared/verbs.ts, the words the
 * annotation rules and the probe policy share). A reading verb (get, list, search…) in a name that
 * mentions no change: readOnlyHint: true, destructiveHint: false, idempotentHint: true. Any other
 * name: the values clients assume without annotations (readOnlyHint: false, destructiveHint: true,
 * idempotentHint: false). openWorldHint stays true: a name does not say what the tool reaches.
 */
import { actionVerb, nameMentionsChange, READING_VERBS } from '../../shared/verbs.js';
import type { Fixer } from '../fixer.js';
import { appendProperties } from '../ts/object-literal.js';
import { propertyNamed, toolObject, toolRegistration } from '../ts/tool-object.js';

export function inferredHints(name: string): readonly (readonly [string, boolean])[] {
  const verb = actionVerb(name);
  const reads = verb !== undefined && READING_VERBS.has(verb) && !nameMentionsChange(name);
  return [
    ['readOnlyHint', reads],
    ['destructiveHint', !reads],
    ['idempotentHint', reads],
    ['openWorldHint', true],
  ];
}

export const fixMissingAnnotations: Fixer = (finding, ctx) => {
  if (finding.subject.kind !== 'tool' || ctx.source.language === 'python') return undefined;
  const registration = toolRegistration(ctx, finding.subject.name);
  const tool = registration ? toolObject(ctx, registration) : undefined;
  if (!tool || propertyNamed(tool.object, 'annotations')) return undefined;
  const hints = inferredHints(finding.subject.name)
    .map(([hint, value]) => `${hint}: ${value}`)
    .join(', ');
  const verb = actionVerb(finding.subject.name);
  return {
    description: `add annotations { ${hints} }${verb ? ` (from the verb "${verb}")` : ''}`,
    edits: [appendProperties(tool.file, tool.object, [`annotations: { ${hints} }`])],
  };
};
