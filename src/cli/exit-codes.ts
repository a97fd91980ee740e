/** mcplint's exit codes, and the line of `--help` that explains them. */
export const EXIT = { ok: 0, findings: 1, usage: 2, hangup: 129, interrupted: 130, terminated: 143 } as const;

export const EXIT_CODES_HELP =
  'Exit codes: 0 no errors; 1 error findings (or --fail-on level), too many warnings, score below --min-score, ' +
  'stale baseline with --strict-baseline, a skipped server with --fail-on-skipped; 2 usage, config or internal error; ' +
  '130 interrupted (Ctrl-C, SIGINT), 143 SIGTERM, 129 SIGHUP: the server process tree is stopped first.';
