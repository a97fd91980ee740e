/** The end of a server's stderr, where the reason for a crash usually is; quoted by several rules. */

/** How much of stderr a finding quotes. */
const STDERR_TAIL_LINES = 15;
const STDERR_TAIL_CHARS = 1500;

/** The last lines of stderr, trimmed; undefined when the server wrote nothing there. */
export function stderrTail(text: string): string | undefined {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\s+$/, '').split('\n');
  let tail = lines.slice(-STDERR_TAIL_LINES).join('\n');
  if (tail.length > STDERR_TAIL_CHARS) tail = `…${tail.slice(tail.length - STDERR_TAIL_CHARS)}`;
  tail = tail.replace(/^\s*\n/, '');
  return tail.trim() === '' ? undefined : tail;
}
