/**
 * The flag table of docs/usage.md, made from the option table (src/cli/options.ts) the way
 * `--help` is: one table per `--help` group, in its order, each flag with the commands that take it.
 */
import { yargsOptions } from '../src/cli/option-table.js';
import { type CommandName, GROUPS, OPTIONS, type OptionSpec } from '../src/cli/options.js';

const COMMANDS: readonly CommandName[] = ['lint', 'plan', 'merge'];

const cell = (text: string): string => text.replace(/\|/g, '\\|');
const code = (text: string): string => `\`${text}\``;

/**
 * How the flag is written: a flag that is on by default is used as --no-<name>; one whose help
 * names --no-<name> is used both ways.
 */
function spelling(name: string, spec: OptionSpec<never>): string {
  const negated = `--no-${name}`;
  const forms =
    spec.kind !== 'flag'
      ? [`--${name}`]
      : spec.default === true
        ? [negated]
        : spec.describe.includes(negated)
          ? [`--${name}`, negated]
          : [`--${name}`];
  return [...forms, ...(spec.alias ? [`${spec.alias.length > 1 ? '--' : '-'}${spec.alias}`] : [])].map(code).join(', ');
}

function value(spec: OptionSpec<never>): string {
  switch (spec.kind) {
    case 'flag':
      return '';
    case 'choice':
      return (spec.choices ?? []).map((c) => code(String(c))).join(', ');
    case 'list':
      return 'text, repeatable';
    default:
      return spec.kind;
  }
}

function meaning(spec: OptionSpec<never>): string {
  const fallback = spec.default === undefined || spec.kind === 'flag' ? [] : [`default ${code(String(spec.default))}`];
  const plan = [
    ...(spec.plan?.describe ? [spec.plan.describe] : []),
    ...(spec.plan?.choices ? [`formats ${spec.plan.choices.map((c) => code(String(c))).join(', ')}`] : []),
  ];
  const described = fallback.length > 0 ? `${spec.describe} (${fallback.join('')})` : spec.describe;
  return plan.length > 0 ? `${described}. *plan:* ${plan.join('; ')}` : described;
}

export function flagTable(): string {
  const taken = new Map(COMMANDS.map((command) => [command, new Set(Object.keys(yargsOptions(command)))]));
  const entries = Object.entries(OPTIONS) as [string, OptionSpec<never>][];
  return GROUPS.map((group) => {
    const rows = entries
      .filter(([, spec]) => spec.group === group)
      .map(([name, spec]) => {
        const commands = COMMANDS.filter((command) => taken.get(command)?.has(name)).join(', ');
        return `| ${spelling(name, spec)} | ${cell(value(spec))} | ${commands} | ${cell(meaning(spec))} |`;
      });
    return [`**${group.replace(/:$/, '')}**`, '', '| flag | value | commands | meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
  }).join('\n\n');
}
