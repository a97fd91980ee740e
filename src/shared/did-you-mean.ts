/**
 * "Did you mean …?" for a name mcplint does not know (a flag, a command, a config key, a preset,
 * a rule id): the known names a few edits away, compared without case, dashes or underscores, so
 * `maxWarning`, `max_warnings` and `allowtools` find `max-warnings` and `allowTools`.
 */
import { editDistance } from './edit-distance.js';

const comparable = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/** How many edits still read as a typo: one in a short word, up to three in a long one. */
const typoEdits = (length: number): number => (length <= 4 ? 1 : length <= 8 ? 2 : 3);

/** A substring this long either way (`tool-name-verbs`, `fail`) is a near miss too. */
const MIN_SUBSTRING = 4;

/** The known names close to `name`, closest first (ties alphabetically); none when it is known. */
export function closeNames(name: string, known: Iterable<string>): string[] {
  const wanted = comparable(name);
  const close: { known: string; edits: number; within: boolean }[] = [];
  for (const candidate of new Set(known)) {
    if (candidate === name) return [];
    const other = comparable(candidate);
    const edits = editDistance(wanted, other);
    const shorter = Math.min(wanted.length, other.length);
    const within = shorter >= MIN_SUBSTRING && (other.includes(wanted) || wanted.includes(other));
    if (edits <= typoEdits(Math.max(wanted.length, other.length)) || within) close.push({ known: candidate, edits, within });
  }
  // Only the closest by edits (`maxLenght`: maxLength, not minLength; `formt`: format, not from).
  const best = Math.min(...close.map((c) => c.edits));
  return close
    .filter((c) => c.within || c.edits === best)
    .sort((a, b) => a.edits - b.edits || a.known.localeCompare(b.known))
    .map((c) => c.known);
}

/**
 * ` (did you mean "a"?)`, ` (did you mean "a" or "b"?)` for the two closest names, or '' when
 * none is close; `show` writes a name as the user would type it (default: in double quotes).
 */
export function didYouMean(name: string, known: Iterable<string>, show: (name: string) => string = (n) => `"${n}"`): string {
  const close = closeNames(name, known).slice(0, 2);
  return close.length > 0 ? ` (did you mean ${close.map(show).join(' or ')}?)` : '';
}
