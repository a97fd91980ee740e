/**
 * Text from a server or a config, made inert for a terminal: a tool name, a server name, stderr or
 * an HTTP error body can hold escape sequences (clear the screen, set the window title, write the
 * clipboard with OSC 52), a carriage return or backspaces that overwrite what mcplint printed, or
 * bidirectional controls that reorder it. Each such character is shown instead of obeyed: C0, DEL
 * and C1 controls as `\x1b` (`\r`, `\n`, `\t` by name), bidirectional controls and noncharacters
 * (U+FFFE, U+FFFF, U+FDD0–U+FDEF and the last two of every plane, which are never text) as
 * `⟨U+202E⟩`, the way invisible-unicode evidence shows them. Everything else, backslashes included, is unchanged,
 * so ordinary text prints exactly as before. For the human formats only: JSON and SARIF keep the
 * exact values (their consumers escape for themselves).
 */

// C0 controls, DEL, C1 controls (U+0080–U+009F: 0x9B is CSI in 8-bit terminals), bidi controls.
const ACTIVE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const ACTIVE_ALL = new RegExp(ACTIVE.source, 'g');
/** In a block, line breaks and tabs lay the text out; a CR is shown unless a line break follows (CRLF is harmless). */
const ACTIVE_IN_BLOCK = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Noncharacters, by code point (a plane's last two are surrogate pairs). */
const NONCHARACTER = /\p{Noncharacter_Code_Point}/u;
const NONCHARACTER_ALL = new RegExp(NONCHARACTER.source, 'gu');

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function shown(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  if (code <= 0x9f) return `\\x${code.toString(16).padStart(2, '0')}`;
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** A noncharacter as `⟨U+FFFE⟩` (by code point: `⟨U+1FFFF⟩`, not its two halves). */
export function shownNoncharacter(char: string): string {
  return `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** `text` with its noncharacters shown (the HTML escaping uses this too: src/report/formatters/html-escape.ts). */
export function withNoncharactersShown(text: string): string {
  return NONCHARACTER.test(text) ? text.replace(NONCHARACTER_ALL, shownNoncharacter) : text;
}

/** One line of output (a name, a message, a reason): every control shown, line breaks too. */
export function inertLine(text: string): string {
  return withNoncharactersShown(ACTIVE.test(text) ? text.replace(ACTIVE_ALL, shown) : text);
}

/** A block of lines (evidence, stderr): line breaks, tabs and CRLF kept, everything else shown. */
export function inertBlock(text: string): string {
  return withNoncharactersShown(ACTIVE.test(text) ? text.replace(ACTIVE_IN_BLOCK, shown) : text);
}
