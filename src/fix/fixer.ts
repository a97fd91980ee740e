/**
 * What a fixer is: from one finding (and the source index that places it) to the edits that fix
 * it, or undefined when it cannot fix this one (a registration written in a form it does not edit).
 * One fixer per fixable rule, registered in fixers.ts; the rule's metadata (src/engine/rule.ts
 * `fix`) says how safe it is.
 */
import type { Finding } from '../engine/run.js';
import type { SourceIndex } from '../model/source-index.js';
import type { FixFiles, ReadFile } from './fix-files.js';

/** An edit of a file the fix run read (absolute path), against the text it read. */
export interface PlannedEdit {
  readonly file: ReadFile;
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
}

export interface PlannedFix {
  readonly description: string;
  readonly edits: readonly PlannedEdit[];
}

export interface FixContext {
  readonly source: SourceIndex;
  readonly files: FixFiles;
  /** The protocol version the server negotiated (where a title goes depends on it). */
  readonly protocolVersion?: string;
}

export type Fixer = (finding: Finding, ctx: FixContext) => PlannedFix | undefined | Promise<PlannedFix | undefined>;
