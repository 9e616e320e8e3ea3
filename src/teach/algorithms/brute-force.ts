/**
 * Brute force, as in the tutorial's first C program: every way to put n queens on the n*n squares
 * (C(n*n, n) of them, 4,426,165,368 for n = 8), each tested with a whole-board check.
 *
 * The combinations are walked iteratively (next combination in lexicographic order of squares),
 * so a run can also start anywhere: {@link estimateBruteForceSeconds} times short stretches from
 * random starting points instead of the whole walk.
 */
import { checkSize } from "../../errors.js";
import { MAX_ALGORITHM_N } from "../../limits.js";
import { checkOptions } from "../../shapes.js";
import { POLL_MASK, poll, type Work } from "./work.js";

/**
 * How many placements brute force examines: C(n*n, n), exact.
 * @param n - the board's size, 1 to 30
 * @returns C(n*n, n), the ways to put n queens on n*n squares
 * @throws NQueensError when n is not an integer from 1 to 30
 * @example bruteForceCombinations(8) // 4426165368n
 */
export function bruteForceCombinations(n: number): bigint {
  checkSize(n, MAX_ALGORITHM_N);
  const squares = BigInt(n * n);
  let r = 1n;
  // r stays whole: after step i it is C(squares, i + 1).
  for (let i = 0n; i < BigInt(n); i++) r = (r * (squares - i)) / (i + 1n);
  return r;
}

/**
 * Walks at most `count` combinations starting at `s` (sorted squares, changed in place) and
 * returns how many it examined; the walk ends early after the last combination.
 * Hot loop: plain typed arrays and local counters, written back once at the end.
 */
function walk(n: number, s: Int32Array, count: number, work: Work): number {
  const squares = n * n;
  const rowOf = new Int32Array(squares);
  const colOf = new Int32Array(squares);
  for (let sq = 0; sq < squares; sq++) {
    rowOf[sq] = (sq / n) | 0;
    colOf[sq] = sq % n;
  }
  const onSolution = work.onSolution;
  let nodes = work.nodes;
  let done = 0;
  let solutions = 0;
  while (done < count) {
    done++;
    nodes++;
    if ((nodes & POLL_MASK) === 0) poll(work);
    // The whole-board test: every pair of queens, stopping at the first pair that attacks.
    let safe = true;
    for (let i = 0; safe && i < n; i++) {
      const ri = rowOf[s[i]!]!;
      const ci = colOf[s[i]!]!;
      for (let j = i + 1; j < n; j++) {
        const rj = rowOf[s[j]!]!;
        const cj = colOf[s[j]!]!;
        if (ri === rj || ci === cj || ri - ci === rj - cj || ri + ci === rj + cj) {
          safe = false;
          break;
        }
      }
    }
    if (safe) {
      solutions++;
      // n queens in n distinct rows, squares ascending: queen i is in row i.
      if (onSolution) onSolution(Array.from(s, (sq) => colOf[sq]!));
    }
    // Next combination: bump the rightmost square that can still move, reset those after it.
    let i = n - 1;
    while (i >= 0 && s[i] === squares - n + i) i--;
    if (i < 0) break;
    s[i]!++;
    for (let j = i + 1; j < n; j++) s[j] = s[j - 1]! + 1;
  }
  work.nodes = nodes;
  work.checks += done;
  work.solutions += solutions;
  return done;
}

/** Brute force over all C(n*n, n) placements; one node and one whole-board check each. */
export function bruteForce(n: number, work: Work): void {
  const s = Int32Array.from({ length: n }, (_, i) => i);
  walk(n, s, Number.POSITIVE_INFINITY, work);
}

/**
 * A small deterministic generator (LCG) so that estimates do not depend on Math.random (here and
 * in brute-variants.ts).
 */
export function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** `k` distinct numbers of 0..size-1 drawn uniformly at random, in the order drawn. */
export function randomPicks(size: number, k: number, next: () => number): Int32Array {
  const pool = Int32Array.from({ length: size }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(next() * (size - i));
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
  }
  return pool.slice(0, k);
}

/** A uniformly random n-subset of the n*n squares, sorted. */
export function randomCombination(n: number, next: () => number): Int32Array {
  return randomPicks(n * n, n, next).sort();
}

/** Options for {@link estimateBruteForceSeconds}. */
export interface EstimateOptions {
  /**
   * Seconds of brute-force work to measure, after a warm-up round; more is steadier.
   * @default 0.05
   */
  readonly minSeconds?: number;
}

/**
 * Estimates how long `bruteForce` would take for `n`, in seconds, from a calibration: after
 * a warm-up round (a cold round reads 3 to 5 times too slow), it walks rounds of eight stretches
 * of 25,000 combinations from random placements until at least `minSeconds` of work has been
 * timed, and scales the time per combination to all C(n*n, n). It is only an estimate, as steady
 * as the machine's load: on a shared machine it varied fivefold between calls, so nothing should
 * decide on it (`nqueens compare` decides on {@link bruteForceCombinations} and shows this).
 * @param n - the board's size
 * @param options - `minSeconds`: how long to time at least
 * @returns the estimated seconds for all C(n*n, n) placements
 * @example estimateBruteForceSeconds(8) // minutes (C(64, 8) = 4,426,165,368 placements; docs/command.md, "compare")
 * @example estimateBruteForceSeconds(8, { minSeconds: 0.2 }) // the same, from 0.2 s of work
 */
export function estimateBruteForceSeconds(n: number, options: EstimateOptions = {}): number {
  const minSeconds = checkOptions(options, "estimateBruteForceSeconds").minSeconds ?? 0.05;
  const total = Number(bruteForceCombinations(n));
  const sink: Work = {
    nodes: 0,
    checks: 0,
    solutions: 0,
    onSolution: undefined,
    signal: undefined,
  };
  const stretch = 25_000;
  const next = lcg(0x9e3779b9 ^ n);
  const round = (): number => {
    let done = 0;
    for (let k = 0; k < 8; k++) done += walk(n, randomCombination(n, next), stretch, sink);
    return done;
  };
  round(); // warm-up only
  let done = 0;
  let seconds = 0;
  const start = performance.now();
  do {
    done += round();
    seconds = (performance.now() - start) / 1000;
  } while (seconds < minSeconds);
  return (seconds / done) * total;
}
