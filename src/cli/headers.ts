/** `--header 'Name: value'` flags into a header map; values are secrets, so no message quotes them. */
import { UsageError } from './usage-error.js';

export function parseHeaders(flags: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const flag of flags) {
    const match = /^([^:\s]+)\s*:\s?(.*)$/.exec(flag);
    if (!match) throw new UsageError(`--header: expected 'Name: value', got a value without a name (the value is not shown)`);
    headers[match[1]!] = match[2]!;
  }
  return headers;
}
