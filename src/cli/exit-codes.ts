/** mcplint's exit codes, and the line of `--help` that explains them. */
export const EXIT = { ok: 0, findings: 1, usage: 2, fixRolledBack: 3, hangup: 129, interrupted: 130, terminated: 143 } as const;

export const EXIT_CODES_HELP =
  'Exit codes: 0 no errors; 1 error findings (or --fail-on level), too many warnings, score below --min-score, ' +
  'stale baseline with --strict-baseline, a skipped server with --fail-on-skipped; 2 usage, config or internal error; ' +
  '3 --fix rolled back (the fixed server did not start, a fixed finding remained or a new error appeared); ' +
  '130 interrupted (Ctrl-C, SIGINT), 143 SIGTERM, 129 SIGHUP: the server process tree is stopped first.';
