/**
 * yargs' "Unknown argument(s): a, b" as one line that says what was probably meant:
 * - a first word that is no file or program and is close to a command name (`mcplint rulez`):
 *   an unknown command, and how to lint a server of that name;
 * - a flag its command does not take, named as typed (`--max-warning`, never yargs' camelCase
 *   copy `maxWarning`), with the closest flags of that command (src/cli/command-words.ts);
 * - else a bare word, the start of a server's command (`node server.js`, `npx -y pkg`: the flags
 *   after it are the server's): the line with `--` before it.
 */
import { closeNames, didYouMean } from '../shared/did-you-mean.js';
import { COMMAND_WORDS, type CommandWord, commandFlags, OWN_OPTIONS } from './command-words.js';
import { missingDashDashHint, withDashDashAt } from './missing-dash-dash.js';
import { OPTIONS } from './options.js';

const UNKNOWN = /^Unknown arguments?: (.*)$/;

/** `isRunnable`: whether a word names a file or a program on PATH (src/cli/runnable-word.ts). */
export function explainUnknownArguments(
  message: string,
  ownArgs: readonly string[],
  isRunnable: (word: string) => boolean,
): string | undefined {
  const match = UNKNOWN.exec(message);
  if (!match) return undefined;
  const unknown = new Set(match[1]!.split(', '));
  const { command, firstWord } = commandOf(ownArgs);
  const word = firstWord === undefined ? undefined : ownArgs[firstWord]!;
  if (command === 'lint' && word !== undefined && unknown.has(word) && !isRunnable(word)) {
    const meant = closeNames(word, COMMAND_WORDS)[0];
    if (meant !== undefined) {
      return `unknown command '${word}'; did you mean '${meant}'? (to lint a server named ${word}, write: ${withDashDashAt(ownArgs, firstWord!)})`;
    }
  }
  // From the first unknown word on, the words are a server's command: its flags are its own.
  const serverAt = ownArgs.findIndex((arg) => !arg.startsWith('-') && unknown.has(arg));
  const flags = unknownFlags(serverAt === -1 ? ownArgs : ownArgs.slice(0, serverAt), unknown);
  if (flags.length > 0) {
    const known = commandFlags(command);
    const hints = flags.map(({ name, negated }) =>
      name.length > 1 ? didYouMean(name, known, (flag) => `${negated ? '--no-' : '--'}${flag}`) : '',
    );
    const named = flags.map(({ typed }, i) => `${typed}${hints[i]}`);
    const list = named.length === 1 ? `option ${named[0]}` : `options ${named.join(', ')}`;
    const help = hints.some(Boolean) ? '' : `; mcplint${command === 'lint' ? '' : ` ${command}`} --help lists them`;
    return `unknown ${list}${help}`;
  }
  const hint = missingDashDashHint(message, ownArgs);
  return hint ? `${message}; ${hint}` : undefined;
}

interface UnknownFlag {
  /** As on the command line: `--formt`, `-z`. */
  readonly typed: string;
  /** Without dashes and `no-`, as yargs names it. */
  readonly name: string;
  readonly negated: boolean;
}

/** The flags of `ownArgs` that yargs named unknown, in command-line order, each once. */
function unknownFlags(ownArgs: readonly string[], unknown: ReadonlySet<string>): UnknownFlag[] {
  const found = new Map<string, UnknownFlag>();
  for (const token of ownArgs) {
    if (token.startsWith('--')) {
      const body = token.slice(2).split('=')[0]!;
      const negated = body.startsWith('no-') && !unknown.has(body) && unknown.has(body.slice(3));
      const name = negated ? body.slice(3) : body;
      if (unknown.has(name)) found.set(name, { typed: `--${body}`, name, negated });
    } else if (/^-[A-Za-z]+$/.test(token)) {
      for (const letter of token.slice(1))
        if (unknown.has(letter)) found.set(letter, { typed: `-${letter}`, name: letter, negated: false });
    }
  }
  return [...found.values()];
}

/** The flags that take no value: the option table's, the other commands' booleans, yargs' own. */
const NO_VALUE = new Set([
  ...Object.entries(OPTIONS).flatMap(([name, spec]) => (spec.kind === 'flag' ? [name, ...(spec.alias ? [spec.alias] : [])] : [])),
  ...Object.values(OWN_OPTIONS).flatMap((options) =>
    Object.entries(options).flatMap(([name, option]) => ('type' in option && option.type === 'boolean' ? [name] : [])),
  ),
  'help',
  'h',
  'version',
  'v',
]);

/**
 * The command yargs will run and the index of the first bare word: a flag's value is not one (a
 * flag yargs does not know takes the next word as its value too), `--x=value` carries its own.
 */
function commandOf(ownArgs: readonly string[]): { command: CommandWord | 'lint'; firstWord?: number } {
  for (let i = 0; i < ownArgs.length; i++) {
    const token = ownArgs[i]!;
    if (!token.startsWith('-') || token === '-') {
      const command = (COMMAND_WORDS as readonly string[]).includes(token) ? (token as CommandWord) : 'lint';
      return { command, firstWord: i };
    }
    const name = token.replace(/^--?/, '');
    if (!name.includes('=') && !NO_VALUE.has(name) && !name.startsWith('no-') && !/^-[A-Za-z]{2,}$/.test(token)) i += 1;
  }
  return { command: 'lint' };
}
