/**
 * Whether no two values are the same (SameValueZero, as a Set sees them). Short lists (a schema's
 * `required`, `type`, `enum`) are compared pairwise: there are thousands of them in a big capture,
 * and building a Set for each costs far more.
 */
export function allDistinct(values: readonly unknown[]): boolean {
  if (values.length > 32) return new Set(values).size === values.length;
  for (let i = 1; i < values.length; i++) {
    const a = values[i];
    for (let j = 0; j < i; j++) {
      const b = values[j];
      if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return false;
    }
  }
  return true;
}
