/**
 * The rule registry: an explicit, alphabetically sorted list (no file-system discovery), so the
 * set of rules is visible in one place and a test can check it against rules/*.md and fixtures.
 */
import type { Rule } from '../src/engine/rule.js';
import toolAnnotationsPresent from './tool-annotations-present.js';

export const rules: readonly Rule[] = [toolAnnotationsPresent];
