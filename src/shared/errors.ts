/** Errors every layer may raise and the CLI turns into an exit code. */

/** A problem with the user's configuration or flags: exit code 2, one line. */
export class ConfigError extends Error {}
