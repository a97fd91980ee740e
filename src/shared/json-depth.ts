/**
 * How deeply a JSON value nests, measured without recursion. A server can send a value nested
 * 100,000 levels deep (JSON.parse accepts it); the recursive walks that judge schemas (ajv, the
 * meta-schema validators, JSON.stringify) overflow the stack long before that, so values deeper
 * than a limit are measured here once and kept out of them.
 */

/**
 * Deepest tool schema mcplint judges, in JSON levels (every object or array is one). Real schemas
 * are shallow: the official MCP schema nests at most 12 levels, a tool property nested 20 objects deep is
 * 41; ajv's compiled validators overflow at a few hundred.
 */
export const SCHEMA_DEPTH_LIMIT = 64;

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * The nesting depth of a value: 0 for a scalar, 1 for `{}` or `[1]`, 2 for `{"a":[]}`. Stops
 * counting once past `stopAbove` (returns stopAbove + 1), so a hostile value costs no more than needed.
 */
export function jsonDepth(root: unknown, stopAbove = Number.POSITIVE_INFINITY): number {
  if (!isContainer(root)) return 0;
  const pending: [node: object, depth: number][] = [[root, 1]];
  let deepest = 0;
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (depth > deepest) deepest = depth;
    if (deepest > stopAbove) return stopAbove + 1;
    const values = Array.isArray(node) ? node : Object.values(node);
    for (let i = 0; i < values.length; i++) {
      const item: unknown = values[i];
      if (isContainer(item)) pending.push([item, depth + 1]);
    }
  }
  return deepest;
}

/** Whether a value nests deeper than `limit` levels. */
export const nestsDeeperThan = (value: unknown, limit: number): boolean => jsonDepth(value, limit) > limit;
