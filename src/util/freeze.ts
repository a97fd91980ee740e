/** Deep-freeze a plain data tree (the capture), so no rule can change what another rule sees. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  // Indexed loops, and no call per primitive: a big capture holds hundreds of thousands of values.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null) deepFreeze(item);
    }
    return value;
  }
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const child = (value as Record<string, unknown>)[keys[i]!];
    if (typeof child === 'object' && child !== null) deepFreeze(child);
  }
  return value;
}
