/**
 * Word wrapping for the text report on a terminal: long messages continue under their first
 * word instead of wrapping at column 0. Only for a terminal of known width; pipes, files and CI
 * logs get one line per message, for grep.
 */

/**
 * `text` in lines of at most `width` characters, breaking at spaces; a word longer than a line
 * (a URL) is left whole. Always at least one line.
 */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines;
}

/** The narrowest text column worth wrapping to: below it, lines are left long. */
const MIN_COLUMN = 20;

/**
 * One finding line: `prefix` (already coloured, `prefixWidth` wide on screen), the message, and
 * `trailer` (the rule id, shown dimmed by `dim`). With a width, the message wraps with a hanging
 * indent under its first word and the trailer goes where it fits; without one, a single line.
 */
export function wrappedLine(
  prefix: string,
  prefixWidth: number,
  message: string,
  trailer: string,
  dim: (s: string) => string,
  width: number | undefined,
): string[] {
  if (width === undefined || width - prefixWidth < MIN_COLUMN || prefixWidth + message.length + 2 + trailer.length <= width)
    return [`${prefix}${message}  ${dim(trailer)}`];
  const column = width - prefixWidth;
  const indent = ' '.repeat(prefixWidth);
  const lines = wrapWords(message, column);
  const last = lines[lines.length - 1]!;
  const out = lines.map((l, i) => (i === 0 ? prefix : indent) + l);
  if (last.length + 2 + trailer.length <= column) out[out.length - 1] += `  ${dim(trailer)}`;
  else out.push(indent + dim(trailer));
  return out;
}

/**
 * A footer line (`indent` spaces, then `text`) on a terminal of known `width`: broken at spaces,
 * continued two columns further in, each line styled by `style`; without a width, one line.
 */
export function footerLines(indent: number, text: string, style: (s: string) => string, width: number | undefined): string[] {
  const lead = ' '.repeat(indent);
  if (width === undefined || width - indent - 2 < MIN_COLUMN || indent + text.length <= width) return [style(lead + text)];
  const [first, ...rest] = wrapWords(text, width - indent);
  const continued = rest.length > 0 ? wrapWords(rest.join(' '), width - indent - 2) : [];
  return [style(lead + first), ...continued.map((line) => style(`${lead}  ${line}`))];
}
