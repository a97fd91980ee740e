import type { Imports } from './resolve.js';

/**
 * What every part of the extractor reads and none writes: the project root (positions are
 * relative to it) and how the project's relative imports resolve.
 */
export interface Scope extends Imports {
  readonly root: string;
}
