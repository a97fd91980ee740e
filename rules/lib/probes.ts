/**
 * Helpers shared by the probe rules (invalid-arguments-rejected, tool-errors-are-results, …): how to
 * describe a probe call in a message. Reading the records is in src/model/probe-records.ts.
 */
import type { ProbeCall } from '../../src/model/probe-types.js';

/** What was invalid about an invalid-argument call: `the required "book_id" left out`, … */
export function invalidWhat(call: ProbeCall): string {
  const property = String(call.detail?.property ?? '?');
  if (call.purpose === 'missing-required') return `the required "${property}" left out`;
  const expected = String(call.detail?.expected ?? 'value');
  return `"${property}" of the wrong type (${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected} was expected)`;
}

/** The arguments a tools/call sent, as short JSON. */
export function argumentsOf(call: ProbeCall): unknown {
  const params = call.params as { arguments?: unknown } | undefined;
  return params?.arguments ?? {};
}
