/**
 * The environment variables a project's code reads by a literal name, for the manifest rules
 * that compare them with the variables a manifest declares: `process.env.NAME`,
 * `process.env['NAME']` (JavaScript, TypeScript), `os.environ['NAME']`, `os.environ.get('NAME')`,
 * `os.getenv('NAME')` and the same after `from os import environ, getenv` (Python). Read
 * lexically, like the import scan (import-scan.ts): one pass of one regular expression whose
 * every branch starts with a literal and repeats only a bounded name, so a hostile file costs
 * time linear in its size. A name computed at run time, or destructured (`const { A } =
 * process.env`), is not seen: the rules say "read" only of what is here.
 */
import { relative, sep } from 'node:path';
import type { EnvRead } from '../../model/source-index.js';
import { LineIndex } from '../line-index.js';

/** At most this many reads are kept for a project (a generated file may read thousands). */
export const MAX_ENV_READS = 2_000;

const NAME = '[A-Za-z_][A-Za-z0-9_]{0,127}';
/**
 * A whole literal name, the argument or index itself: its closing quote (`group`: its opening
 * quote's group) then the bracket or parenthesis (`"PREFIX_" + k` is computed, not read).
 */
const quoted = (group: number, close: string) => `(['"\`])(${NAME})\\${group}\\s{0,8}${close}`;
const READ = new RegExp(
  [
    // The whole identifier, or nothing: a longer name than NAME allows is not cut to its start.
    `process\\.env\\.(${NAME})(?![A-Za-z0-9_$])`,
    `process\\.env\\[\\s{0,8}${quoted(2, '\\]')}`,
    `(?<![\\w.])(?:os\\.)?environ(?:\\.get\\(|\\[)\\s{0,8}${quoted(4, '[\\],)]')}`,
    `(?<![\\w.])(?:os\\.)?getenv\\(\\s{0,8}${quoted(6, '[,)]')}`,
  ].join('|'),
  'g',
);

/** Every literal read in the files (absolute path → text), in file order then source order. */
export function envReads(texts: ReadonlyMap<string, string>, root: string): EnvRead[] {
  const out: EnvRead[] = [];
  const files = [...texts.keys()].sort();
  for (const path of files) {
    const text = texts.get(path)!;
    // Cheap test first: most files read no variable at all.
    if (!text.includes('env')) continue;
    const file = relative(root, path).split(sep).join('/');
    let lines: LineIndex | undefined;
    for (const match of text.matchAll(READ)) {
      const name = match[1] ?? match[3] ?? match[5] ?? match[7];
      if (name === undefined) continue;
      lines ??= new LineIndex(text);
      const { line, column } = lines.at(match.index);
      out.push({ file, line, column, name });
      if (out.length >= MAX_ENV_READS) return out;
    }
  }
  return out;
}
