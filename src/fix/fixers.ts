/**
 * The fixers, by rule id: one per rule whose metadata declares a `fix` (test/fix-registry.test.ts
 * holds the two lists equal). Loaded only by a run that computes fixes (src/session/fixes.ts).
 */
import type { Fixer } from './fixer.js';
import { fixLimitMaximum } from './rules/input-schema-bounded.js';
import { fixStrictInputSchema } from './rules/input-schema-strict.js';
import { fixLooseZod } from './rules/source-loose-zod.js';
import { fixStdoutWrite } from './rules/source-stdout-write.js';
import { fixAnnotationHints } from './rules/tool-annotations-complete.js';
import { fixMissingAnnotations } from './rules/tool-annotations-present.js';
import { fixToolTitle } from './rules/tool-title-present.js';

export const FIXERS: Readonly<Record<string, Fixer>> = {
  'tool-title-present': fixToolTitle,
  'tool-annotations-complete': fixAnnotationHints,
  'tool-annotations-present': fixMissingAnnotations,
  'source-stdout-write': fixStdoutWrite,
  'input-schema-strict': fixStrictInputSchema,
  'input-schema-bounded': fixLimitMaximum,
  'source-loose-zod': fixLooseZod,
};
