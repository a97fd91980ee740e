/**
 * Character classes of JavaScript regular expressions, one character at a time, for the scanners
 * that read untrusted source without a regular expression: `\s` (which String#trim also strips)
 * and `\w`.
 */

/** `\s`: WhiteSpace and LineTerminator. */
export function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** `\w`: ASCII letters, digits and `_`. */
export function isWord(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
}

/** Where `\s*` starting at `from` ends. */
export function skipSpaces(text: string, from: number, to = text.length): number {
  let i = from;
  while (i < to && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** `text.slice(from, to).trim()`, without copying what is trimmed. */
export function trimmedSlice(text: string, from: number, to: number): string {
  let start = from;
  let end = to;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}
