/**
 * How long mcplint waits for a server: the per-request timeout's default and maximum, and the
 * least a start-up gets. Data the config's schema, the flags, the capture defaults and the
 * resolved run all read, so none of them can disagree about a limit.
 */

/** The per-request timeout when neither --timeout nor the config's `timeout` sets one. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** A start-up (launch to initialize result) gets at least this, whatever the per-request timeout. */
export const MIN_STARTUP_TIMEOUT_MS = 20_000;

/** The longest timeout of any kind (--timeout, the config's `timeout` and `probes.timeout`): ten minutes. */
export const MAX_TIMEOUT_MS = 600_000;
