/**
 * Fixes: what a rule's fix may change (its safety) and the text edits one finding's fix makes.
 * Edits are computed by src/fix/ from the source index's positions; the report carries them.
 */

/**
 * safe: the server accepts and returns exactly what it did before (a title, hints equal to the
 * values clients assume, a log line moved to stderr). unsafe: it changes what the server accepts,
 * returns or is called (a closed input schema, a rename).
 */
export type FixSafety = 'safe' | 'unsafe';

export const FIX_SAFETIES: readonly FixSafety[] = ['safe', 'unsafe'];

/** One replacement of a range of a file's text. */
export interface TextEdit {
  /** Path relative to the working directory, with `/` separators (as a finding's location). */
  readonly file: string;
  /** Offsets into the file's text (UTF-16 code units, as JavaScript strings count): [start, end). */
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
  /** SHA-256 (hex) of the file's whole content the edit was computed against. */
  readonly sha256: string;
}

/** The fix of one finding: what it does and its edits. */
export interface FindingFix {
  readonly safety: FixSafety;
  /** What the fix does, in a few words ("add title \"Get Forecast\""). */
  readonly description: string;
  readonly edits: readonly TextEdit[];
}
