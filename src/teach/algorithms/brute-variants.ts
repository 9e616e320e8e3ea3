/**
 * Brute force the three ways the tutorials write it, each making whole placements of n queens
 * and testing each one whole (every pair of queens, until a pair attacks):
 * - `squares`: any n of the n*n squares, C(n*n, n) placements (4,426,165,368 for n = 8), the
 *   walk of brute-force.ts;
 * - `per-row`: one queen in each row, in any column, n^n placements (16,777,216);
 * - `permutations`: one queen in each row and each column, n! placements (40,320).
 *
 * The counts are exact (bigint). The time is measured: {@link sampleBruteVariant} walks every
 * placement when there are few enough (decided from the count), and otherwise times stretches
 * from placements spread at random (a walk from the first placement alone is not typical: its
 * first queens share a row or a column, so its tests fail on the first pair) and scales the rate
 * to all of them, saying so.
 */
import { checkSize } from "../../errors.js";
import { MAX_ALGORITHM_N } from "../../limits.js";
import { bruteForceCombinations, lcg, randomCombination, randomPicks } from "./brute-force.js";

/** One of the three ways brute force makes its placements. */
export type BruteVariant = "squares" | "per-row" | "permutations";

/** The three, from the most placements to the fewest, as the tutorials tell them. */
export const BRUTE_VARIANTS: readonly BruteVariant[] = ["squares", "per-row", "permutations"];

/**
 * How many placements a variant makes on the n×n board: C(n*n, n), n^n or n!, exact.
 * @example bruteVariantCount("per-row", 8) // 16777216n
 */
export function bruteVariantCount(variant: BruteVariant, n: number): bigint {
  checkSize(n, MAX_ALGORITHM_N);
  const b = BigInt(n);
  if (variant === "per-row") return b ** b;
  if (variant === "squares") return bruteForceCombinations(n);
  let r = 1n;
  for (let i = 2n; i <= b; i++) r *= i;
  return r;
}

/** Options of {@link sampleBruteVariant}. */
export interface BruteSampleOptions {
  /**
   * Every placement is tested when there are at most this many: decided from the exact count,
   * never from a timing, so that an N gets the same kind of answer on every machine.
   * @default 2,000,000
   */
  readonly budget?: bigint;
  /**
   * Seconds the sample takes, where the placements are over the budget.
   * @default 0.2
   */
  readonly seconds?: number;
  /** The clock, in seconds. @default the wall clock (performance.now) */
  readonly clock?: () => number;
}

/** What {@link sampleBruteVariant} measured. */
export interface BruteSample {
  readonly variant: BruteVariant;
  readonly n: number;
  /** Every placement the variant makes ({@link bruteVariantCount}). */
  readonly placements: bigint;
  /** Placements tested here. */
  readonly tested: number;
  /** Seconds the tests took. */
  readonly seconds: number;
  /** Every placement was tested: `seconds` is the whole run's time. */
  readonly complete: boolean;
  /** The solutions found: only when complete (a sample finds some, not all). */
  readonly solutions: number | undefined;
  /** The whole run's seconds: measured when complete, else the sample's rate scaled to all. */
  readonly totalSeconds: number;
}

/** A placement being walked: the queens' rows and columns, and the variant's own digits. */
interface Walker {
  readonly rows: Int32Array;
  readonly cols: Int32Array;
  /** Moves to the next placement in the variant's order; false after the last. */
  next(): boolean;
}

/** A walker from `start` (the variant's digits: columns by row, or squares ascending). */
function walker(variant: BruteVariant, n: number, start: Int32Array): Walker {
  const rows = Int32Array.from({ length: n }, (_, i) => i);
  const cols = start.slice();
  if (variant === "per-row") {
    return {
      rows,
      cols,
      next() {
        // An odometer in base n: the last row's queen moves fastest.
        let i = n - 1;
        while (i >= 0 && cols[i] === n - 1) cols[i--] = 0;
        if (i < 0) return false;
        cols[i]!++;
        return true;
      },
    };
  }
  if (variant === "permutations") {
    return {
      rows,
      cols,
      next() {
        // The next permutation in lexicographic order.
        let i = n - 2;
        while (i >= 0 && cols[i]! >= cols[i + 1]!) i--;
        if (i < 0) return false;
        let j = n - 1;
        while (cols[j]! <= cols[i]!) j--;
        [cols[i], cols[j]] = [cols[j]!, cols[i]!];
        cols.subarray(i + 1).reverse();
        return true;
      },
    };
  }
  const sq = start.slice();
  const place = (from: number) => {
    for (let k = from; k < n; k++) {
      rows[k] = (sq[k]! / n) | 0;
      cols[k] = sq[k]! % n;
    }
  };
  place(0);
  return {
    rows,
    cols,
    next() {
      // The next combination: the rightmost square that can move moves, those after it follow.
      let i = n - 1;
      while (i >= 0 && sq[i] === n * n - n + i) i--;
      if (i < 0) return false;
      sq[i]!++;
      for (let j = i + 1; j < n; j++) sq[j] = sq[j - 1]! + 1;
      place(i);
      return true;
    },
  };
}

/** The first placement of a variant's order. */
function first(variant: BruteVariant, n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => (variant === "per-row" ? 0 : i));
}

/** A placement drawn at random (LCG `next` in [0, 1)), as the variant's digits. */
function randomStart(variant: BruteVariant, n: number, next: () => number): Int32Array {
  if (variant === "per-row") return Int32Array.from({ length: n }, () => Math.floor(next() * n));
  return variant === "permutations" ? randomPicks(n, n, next) : randomCombination(n, next);
}

/**
 * Tests up to `limit` placements from the walker's, stopping after the last one. Hot loop: the
 * whole-board test on typed arrays.
 */
function run(w: Walker, n: number, limit: number): { tested: number; solutions: number } {
  const { rows, cols } = w;
  let tested = 0;
  let solutions = 0;
  for (;;) {
    tested++;
    let safe = true;
    for (let i = 0; safe && i < n; i++) {
      const ri = rows[i]!;
      const ci = cols[i]!;
      for (let j = i + 1; j < n; j++) {
        const rj = rows[j]!;
        const cj = cols[j]!;
        if (ri === rj || ci === cj || ri - ci === rj - cj || ri + ci === rj + cj) {
          safe = false;
          break;
        }
      }
    }
    if (safe) solutions++;
    if (tested >= limit || !w.next()) return { tested, solutions };
  }
}

/**
 * Times brute force's `variant` on the n×n board in this process: every placement when there
 * are at most `budget` (the time and the solutions are then the whole run's); otherwise, for
 * `seconds`, rounds of stretches of 4,096 from placements drawn at random (the same draws on
 * every call; a walk from the first placement alone is not typical), the fastest round's time
 * per placement scaled to every placement.
 * @throws NQueensError for n outside 1..30
 * @example sampleBruteVariant("permutations", 8) // { tested: 40320, complete: true, solutions: 92, ... }
 */
export function sampleBruteVariant(
  variant: BruteVariant,
  n: number,
  options: BruteSampleOptions = {},
): BruteSample {
  const placements = bruteVariantCount(variant, n);
  const seconds = options.seconds ?? 0.2;
  const clock = options.clock ?? (() => performance.now() / 1000);
  const start = clock();
  if (placements <= (options.budget ?? 2_000_000n)) {
    const whole = run(walker(variant, n, first(variant, n)), n, Number.POSITIVE_INFINITY);
    const took = clock() - start;
    return {
      variant,
      n,
      placements,
      tested: whole.tested,
      seconds: took,
      complete: true,
      solutions: whole.solutions,
      totalSeconds: took,
    };
  }
  const random = lcg(0x9e3779b9 ^ (n * 2654435761));
  let tested = 0;
  // Rounds of stretches, each a tenth of the time at least (a browser's clock can be as coarse
  // as 0.1 ms); the fastest round's time per placement is kept, as timeAlgorithm keeps its
  // fastest batch: a busy machine only ever slows a round down.
  let best = Number.POSITIVE_INFINITY;
  do {
    const began = clock();
    let done = 0;
    let took = 0;
    do {
      const w = walker(variant, n, randomStart(variant, n, random));
      done += run(w, n, 4096).tested;
      took = clock() - began;
    } while (took < seconds / 10);
    best = Math.min(best, took / done);
    tested += done;
  } while (clock() - start < seconds);
  return {
    variant,
    n,
    placements,
    tested,
    seconds: clock() - start,
    complete: false,
    solutions: undefined,
    totalSeconds: best * Number(placements),
  };
}
