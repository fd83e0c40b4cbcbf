/**
 * A small deterministic PRNG (mulberry32) for the contract package's generated tests: the same
 * seed gives the same sequence, so a failure names a case that can be run again. Tests only; not
 * exported from the package.
 */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
