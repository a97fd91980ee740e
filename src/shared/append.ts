/**
 * `out.push(...items)` passes every item as an argument, and past ~100,000 of them (400,000 stale
 * baseline entries, a finding per tool of a huge server) the call overflows the stack. These
 * append one by one instead.
 */

/** Push every item of `items` onto `out`; returns `out`. */
export function append<T>(out: T[], items: Iterable<T>): T[] {
  for (const item of items) out.push(item);
  return out;
}

/** The largest of `values` (`Math.max(...values)` has the same limit); `empty` for none. */
export function largest(values: Iterable<number>, empty = Number.NEGATIVE_INFINITY): number {
  let max = empty;
  for (const value of values) if (value > max) max = value;
  return max;
}
