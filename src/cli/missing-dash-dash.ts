/**
 * `mcplint node server.mjs` makes yargs say "Unknown arguments: node, server.mjs": the server's
 * command needs `--` before it. Finds the first such word and suggests the line with `--` there.
 */
const SHELL_SAFE = /^[\w@%+=:,./-]+$/;

const quote = (word: string): string => (SHELL_SAFE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** The command line with `--` before the word at `at`, quoted for a shell. */
export function withDashDashAt(ownArgs: readonly string[], at: number): string {
  return ['mcplint', ...ownArgs.slice(0, at), '--', ...ownArgs.slice(at)].map(quote).join(' ');
}

export function missingDashDashHint(message: string, ownArgs: readonly string[]): string | undefined {
  const match = /^Unknown arguments?: (.*)$/.exec(message);
  if (!match) return undefined;
  const unknown = new Set(match[1]!.split(', '));
  const at = ownArgs.findIndex((word) => !word.startsWith('-') && unknown.has(word));
  if (at === -1) return undefined;
  return `did you mean: ${withDashDashAt(ownArgs, at)}?`;
}
