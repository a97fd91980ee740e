/** Shortening text for evidence, messages and terminals. */

export interface ClipOptions {
  /** The result, ellipsis included, is at most `max` long (by default `max` characters are kept, then the ellipsis). */
  readonly fit?: boolean;
  /** Drop whitespace left at the cut, so the ellipsis follows the last word. */
  readonly trimEnd?: boolean;
}

/**
 * `text` when it is at most `max` UTF-16 units long; otherwise its start and '…'. The cut never
 * splits a surrogate pair (half an emoji is not valid text for JSON, SARIF or a terminal).
 */
export function clip(text: string, max: number, options: ClipOptions = {}): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, options.fit ? max - 1 : max);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${options.trimEnd ? cut.trimEnd() : cut}…`;
}

/** `1 tool`, `2 tools`: a count with its noun (regular plurals only). */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
