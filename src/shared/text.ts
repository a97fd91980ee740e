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

/** Names longer than this (a server's key in a client config or a tools.json) are shown shortened. */
export const MAX_NAME_CHARS = 128;

/**
 * `name` when it is at most MAX_NAME_CHARS long; otherwise its start, '…' and a hash of the whole
 * (FNV-1a), so that two long names that start alike stay two names.
 */
export function shortName(name: string): string {
  if (name.length <= MAX_NAME_CHARS) return name;
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return `${clip(name, MAX_NAME_CHARS - 9, { fit: true })}~${(hash >>> 0).toString(16).padStart(8, '0')}`;
}
