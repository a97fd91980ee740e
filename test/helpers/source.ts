/** A source index in memory, for unit tests of the source rules (no ts-morph involved). */
import type { SourceIndex } from '../../src/model/source-index.js';

type Draft = { -readonly [K in keyof SourceIndex]?: SourceIndex[K] };

export function makeSource(draft: Draft = {}): SourceIndex {
  return {
    root: '/project',
    registrations: [],
    unresolved: [],
    stdoutWrites: [],
    throwingHandlers: [],
    looseZodObjects: [],
    filesIndexed: 1,
    ...draft,
  };
}
