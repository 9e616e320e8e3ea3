/**
 * The seeded random generators: reproducible streams of floats in [0, 1), never Math.random.
 * Two streams, each kept for the results measured with it: `seededRandom` (random solutions and
 * their repair, any safe integer seed, checked) and `mulberry32` (the hard-instance search).
 */
import { NQueensError, shownValue } from "./errors.js";

/**
 * A small, fast, seeded generator of floats in [0, 1) (splitmix32 finalizer over a Weyl
 * sequence). Any safe integer seed; seeds that differ give unrelated streams.
 * @throws NQueensError when the seed is not a safe integer
 * @example const rng = seededRandom(1); rng() // 0.9579300163313746, on every run
 */
export function seededRandom(seed: number): () => number {
  if (!Number.isSafeInteger(seed)) {
    throw new NQueensError(
      `seed must be a safe integer: got ${shownValue(seed)}`,
      "invalid-value",
      {
        option: "seed",
        value: seed,
      },
    );
  }
  let s = mix((seed >>> 0) ^ mix(Math.floor(seed / 4294967296) >>> 0));
  return () => {
    s = (s + 0x9e3779b9) | 0;
    return (mix(s) >>> 0) / 4294967296;
  };
}

function mix(z: number): number {
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return z ^ (z >>> 15);
}

/**
 * A second small seeded generator (mulberry32), the hard-instance search's only source of
 * randomness: its restarts are tuned and measured with this stream, so it stays as it is.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
