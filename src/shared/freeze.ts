/**
 * Deep-freeze a plain data tree (the capture), so no rule can change what another rule sees.
 * Iterative: a server's schema may nest deeper than the call stack (see json-walk.ts).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  const pending: object[] = [value];
  // Indexed loops, and no call per primitive: a big capture holds hundreds of thousands of values.
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === 'object' && item !== null && !Object.isFrozen(item)) pending.push(Object.freeze(item));
      }
      continue;
    }
    const keys = Object.keys(node);
    for (let i = 0; i < keys.length; i++) {
      const child = (node as Record<string, unknown>)[keys[i]!];
      if (typeof child === 'object' && child !== null && !Object.isFrozen(child)) pending.push(Object.freeze(child));
    }
  }
  return value;
}
