/**
 * The everyday lint command line (`mcplint [--flag value…] -- <command>`, `mcplint --from FILE`)
 * read without yargs. Loading and setting up yargs costs ≈40 ms on every run, all of it before the
 * server can be launched. Only the plainest forms of the option table's own lint flags are read
 * here: `--name value`, `--name=value`, `--flag`, `--no-flag`, a one-letter alias on its own.
 * Anything else — a command word (plan, merge…), --help or --version, an unknown or camelCase
 * flag, a value starting with '-', a choice not in the list, short flags run together, a flag
 * followed by a bare word (yargs reads `--quiet false`), several values after one list flag — is
 * left to yargs (undefined), so every usage message and edge case stays yargs' own.
 * test/fast-args.test.ts checks that both read every such command line alike.
 */
import { OPTIONS, type OptionName, type OptionSpec } from './options.js';

type Spec = OptionSpec<unknown>;

const LINT = new Map<string, Spec>((Object.entries(OPTIONS) as [OptionName, Spec][]).filter(([, spec]) => spec.commands.includes('lint')));
const ALIASES = new Map<string, string>([...LINT].flatMap(([name, spec]) => (spec.alias ? [[spec.alias, name] as const] : [])));

/** What yargs would have parsed for the lint command (flag names as keys, defaults filled in), or undefined: let yargs read it. */
export function fastLintArgs(ownArgs: readonly string[]): Record<string, unknown> | undefined {
  const parsed: Record<string, unknown> = {};
  for (const [name, spec] of LINT) if (spec.default !== undefined) parsed[name] = spec.default;
  const lists = new Map<string, string[]>();
  for (let i = 0; i < ownArgs.length; ) {
    const token = ownArgs[i]!;
    let name: string | undefined;
    let value: string | undefined;
    let negated = false;
    if (token.startsWith('--')) {
      const body = token.slice(2);
      const eq = body.indexOf('=');
      name = eq === -1 ? body : body.slice(0, eq);
      if (eq !== -1) value = body.slice(eq + 1);
      if (!LINT.has(name) && name.startsWith('no-') && value === undefined && LINT.get(name.slice(3))?.kind === 'flag') {
        name = name.slice(3);
        negated = true;
      }
    } else if (/^-[A-Za-z]$/.test(token)) {
      name = ALIASES.get(token[1]!);
    }
    const spec = name === undefined ? undefined : LINT.get(name);
    if (name === undefined || spec === undefined) return undefined;
    const next = ownArgs[i + 1];
    if (spec.kind === 'flag') {
      if (value !== undefined || (next !== undefined && !next.startsWith('-'))) return undefined;
      parsed[name] = !negated;
      i += 1;
      continue;
    }
    if (value === undefined) {
      value = next;
      i += 2;
    } else {
      i += 1;
    }
    if (value === undefined || value === '' || value.startsWith('-')) return undefined;
    if (spec.kind === 'choice' && !spec.choices!.includes(value)) return undefined;
    if (spec.kind === 'list') {
      // An array option takes every value up to the next flag: `--rule a b` is yargs' to read.
      const after = ownArgs[i];
      if (after !== undefined && !after.startsWith('-')) return undefined;
      const values = lists.get(name) ?? [];
      values.push(value);
      lists.set(name, values);
      parsed[name] = values;
    } else {
      // Given twice, the last one counts (readArgs does the same with yargs' array of both).
      parsed[name] = value;
    }
  }
  return parsed;
}
