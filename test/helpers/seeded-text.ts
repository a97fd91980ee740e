/**
 * Reproducible random inputs for the scanners' property tests: a failure names its seed, and the
 * same seed gives the same text on every machine.
 */

/** A small deterministic generator (mulberry32): numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `length` tokens drawn from `tokens` with the generator of `seed`, joined. */
export function seededText(tokens: readonly string[], seed: number, length: number): string {
  const next = seededRandom(seed);
  let text = '';
  for (let i = 0; i < length; i++) text += tokens[Math.floor(next() * tokens.length)];
  return text;
}
