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
  // Two parallel stacks, not a pair per node: a big capture holds hundreds of thousands of containers.
  const nodes: object[] = [root];
  const depths: number[] = [1];
  let deepest = 0;
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > deepest) {
      deepest = depth;
      if (deepest > stopAbove) return stopAbove + 1;
    }
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (isContainer(item)) {
          nodes.push(item);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    for (const key in node) {
      const item: unknown = (node as Record<string, unknown>)[key];
      if (isContainer(item)) {
        nodes.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return deepest;
}

/**
 * Depths of frozen values already measured (a frozen capture's schemas are asked about by several
 * rules): the exact depth, or -(limit + 1) when the walk stopped past `limit`.
 */
const measured = new WeakMap<object, number>();

/** Whether a value nests deeper than `limit` levels. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (!isContainer(value)) return limit < 0;
  const known = measured.get(value);
  if (known !== undefined) {
    if (known >= 0) return known > limit;
    if (limit < -known) return true; // deeper than a larger limit: deeper than this one
  }
  const depth = jsonDepth(value, limit);
  if (Object.isFrozen(value)) measured.set(value, depth > limit ? -depth : depth);
  return depth > limit;
}
