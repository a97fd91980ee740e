/**
 * Reads the option table (src/cli/options.ts) four ways: as yargs options for one command, as the
 * names of its flags, as the typed arguments of a parsed command line, and as the lint()/finish
 * options those arguments set.
 */
import type { Options } from 'yargs';
import {
  GROUPS,
  OPTIONS,
  type CliArgs,
  type CommandName,
  type FinishDraft,
  type LintDraft,
  type OptionName,
  type OptionSpec,
} from './options.js';

/** The table's entries without their value types, for code that treats every flag alike. */
const ENTRIES = Object.entries(OPTIONS) as [OptionName, OptionSpec<never>][];

const takes = (spec: OptionSpec<never>, command: CommandName, name?: OptionName): boolean =>
  spec.commands.includes(command) || (command === 'merge' && (spec.finish !== undefined || name === 'config'));

/** The yargs option definitions of one command, in table order, grouped for `--help`. */
export function yargsOptions(command: CommandName): Record<string, Options> {
  const out: Record<string, Options> = {};
  const grouped = GROUPS.flatMap((group) => ENTRIES.filter(([, spec]) => spec.group === group));
  for (const [name, spec] of grouped) {
    if (!takes(spec, command, name)) continue;
    const own = command === 'plan' ? spec.plan : undefined;
    const choices = own?.choices ?? spec.choices;
    out[name] = {
      describe: own?.describe ?? spec.describe,
      group: spec.group,
      // Numbers stay untyped and arrive as typed (main.ts turns parse-numbers off), so the check
      // can quote them: type 'number' would make "abc" NaN.
      ...(spec.kind === 'number' ? { requiresArg: true } : { type: spec.kind === 'flag' ? 'boolean' : 'string' }),
      ...(spec.kind === 'list' ? { array: true } : {}),
      ...(spec.alias ? { alias: spec.alias } : {}),
      ...(choices ? { choices: [...choices] } : {}),
      ...(spec.default !== undefined ? { default: spec.default } : {}),
    };
  }
  return out;
}

/** The flag names one command takes, in table order. */
export function optionNames(command: CommandName): OptionName[] {
  return ENTRIES.filter(([name, spec]) => takes(spec, command, name)).map(([name]) => name);
}

/** The command's flags from what yargs parsed, numbers checked; a flag given twice keeps its last value. */
export function readArgs(parsed: Readonly<Record<string, unknown>>, command: CommandName): CliArgs {
  const args: Record<string, unknown> = {};
  for (const [name, spec] of ENTRIES) {
    const raw = parsed[name];
    if (!takes(spec, command, name) || raw === undefined) continue;
    if (spec.kind === 'list') {
      args[name] = (Array.isArray(raw) ? raw : [raw]).map(String);
      continue;
    }
    const last: unknown = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    args[name] = spec.kind === 'number' ? spec.parse!(String(last)) : last;
  }
  return args as CliArgs;
}

/** What the given flags set in lint()'s options (plan takes the same). Throws UsageError on a bad value. */
export function lintOptionsOf(args: CliArgs, command: CommandName): LintDraft {
  const into: LintDraft = {};
  for (const [name, spec] of ENTRIES) {
    const value = args[name];
    if (takes(spec, command, name) && value !== undefined) spec.lint?.(value as never, into);
  }
  return into;
}

/** What the given flags set for the end of a lint run. */
export function finishOptionsOf(args: CliArgs, command: CommandName = 'lint'): FinishDraft {
  const into: FinishDraft = {};
  for (const [name, spec] of ENTRIES) {
    const value = args[name];
    if (takes(spec, command, name) && value !== undefined) spec.finish?.(value as never, into);
  }
  return into;
}
