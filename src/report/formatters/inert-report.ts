/**
 * The report (or a part of it, such as one finding) as the human formats (text, checklist, github,
 * markdown) print it: every string made inert for a terminal (src/shared/inert.ts), evidence as a
 * block of lines, everything else as one line. Done once at the formatter's entry, so no field that
 * carries a server's or a config's text (names, titles, messages, stderr, reasons, notes, paths)
 * can be missed. What is inert already is shared with the report, not copied (most of it is).
 */
import { inertBlock, inertLine } from '../../shared/inert.js';
import { mapStringsSharing } from '../../shared/json-walk.js';

export function inertReport<T>(report: T): T {
  return mapStringsSharing(report, (text, key) => (key === 'evidence' ? inertBlock(text) : inertLine(text))) as T;
}
