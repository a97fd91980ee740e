/**
 * Whether stdout gets colours when no --color/--no-color says so. Like picocolors, except that
 * FORCE_COLOR=0 and FORCE_COLOR=false mean off (picocolors counts any non-empty value as on).
 * NO_COLOR (any non-empty value) wins over FORCE_COLOR; the flags win over both.
 */
export function colorSupported(env: NodeJS.ProcessEnv, stdout: { readonly isTTY?: boolean }, platform: NodeJS.Platform): boolean {
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR?.trim().toLowerCase();
  if (force === '0' || force === 'false') return false;
  if (force) return true;
  return platform === 'win32' || (stdout.isTTY === true && env.TERM !== 'dumb') || Boolean(env.CI);
}
