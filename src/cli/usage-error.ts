/** A mistake in how mcplint was called: one line on stderr, exit 2, nothing launched. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
