/** Errors every layer may raise and the CLI turns into an exit code. */

/**
 * A problem with the user's configuration or flags: exit code 2, one line. A config file with
 * several problems is one error with one line per problem (`problems`), all reported at once.
 */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: string | readonly string[]) {
    const lines = typeof problems === 'string' ? [problems] : [...problems];
    super(lines.join('\n'));
    this.problems = lines;
  }
}
