/**
 * One solution for a board size, by the method of your choice:
 * - `backtrack`: the lexicographically first solution, by row-by-row search with bit masks;
 * - `construct`: the explicit O(n) formula (construct.ts);
 * - `random`: seeded min-conflicts local search (min-conflicts.ts);
 * - `auto`: backtrack while it is quick (n <= 29), construct beyond.
 */
import { construct } from "./construct.js";
import { checkSize, notAChoice } from "./errors.js";
import { MAX_BACKTRACK_N, MAX_SOLVE_N } from "./limits.js";
import { minConflicts } from "./min-conflicts.js";
import { checkOptions, wrongShape } from "./shapes.js";

/** How {@link solve} finds its solution. */
export type SolveMethod = "auto" | "backtrack" | "construct" | "random";

/** The methods, for validation and for listing them. */
export const SOLVE_METHODS: readonly SolveMethod[] = ["auto", "backtrack", "construct", "random"];

/** Options for {@link solve}. */
export interface SolveOptions {
  /**
   * The method.
   * @default "auto"
   */
  readonly method?: SolveMethod;
  /**
   * Seed for `random`: the same seed gives the same solution (ignored by the other methods).
   * @default 0
   */
  readonly seed?: number;
}

/** The largest n `auto` solves by backtracking (so that it returns the least solution quickly). */
const AUTO_BACKTRACK_N = 29;

/**
 * The method {@link solve} runs for `method` at size n: `auto` is `backtrack` up to n = 29 and
 * `construct` beyond; the others are themselves.
 * @param n - the board's size
 * @param method - the method asked for (`auto` by default)
 * @returns the method that runs
 * @throws NQueensError when n is not an integer from 1 to 10,000,000 or the method is unknown
 * @example methodFor(8, "auto") // "backtrack"
 */
export function methodFor(n: number, method: SolveMethod = "auto"): Exclude<SolveMethod, "auto"> {
  checkMethod(method);
  checkSize(n, MAX_SOLVE_N);
  if (method !== "auto") return method;
  return n <= AUTO_BACKTRACK_N ? "backtrack" : "construct";
}

/**
 * One solution for `n` as `cols` (`cols[row]` = column, 0-based), or undefined when there is none
 * (n = 2 and 3). n = 1 gives [0] with every method.
 * Times of `construct` for n = 10,000,000 and `random` for n = 1,000,000: README, "What sizes
 * are practical" (`random`'s memory grows to about 50 bytes per row).
 * @param n - the board's size, 1 to 10,000,000
 * @param options - the method (`auto`, `backtrack`, `construct` or `random`) and `random`'s seed
 * @returns the solution as `cols`, or undefined for n = 2 and 3
 * @throws NQueensError when n is not an integer from 1 to 10,000,000 (1 to 32 for `backtrack`),
 *   options are not an object, the method is unknown, or the seed is not a safe integer
 * @example solve(8, { method: "backtrack" }) // [0, 4, 7, 5, 2, 6, 1, 3]
 * @example solve(1_000_000, { method: "random", seed: 7 }) // the same million columns every run
 */
export function solve(n: number, options: SolveOptions = {}): number[] | undefined {
  const { method = "auto", seed } = checkOptions(options, "solve");
  if (seed !== undefined && typeof seed !== "number")
    throw wrongShape("solve", "options.seed", "a number", seed);
  checkMethod(method);
  checkSize(n, MAX_SOLVE_N);
  switch (method) {
    case "backtrack":
      checkSize(n, MAX_BACKTRACK_N, "n for backtrack");
      return leastSolution(n);
    case "construct":
      return construct(n);
    case "random":
      return minConflicts(n, { seed: options.seed ?? 0 });
    case "auto":
      return n <= AUTO_BACKTRACK_N ? leastSolution(n) : construct(n);
  }
}

/** Refuses a method that is none of {@link SOLVE_METHODS}. */
function checkMethod(method: unknown): asserts method is SolveMethod {
  if (!SOLVE_METHODS.includes(method as SolveMethod)) {
    throw notAChoice("method", method, SOLVE_METHODS);
  }
}

/**
 * The lexicographically least solution for n <= 32: row-by-row search, bit c of a mask standing
 * for column c, so the lowest free bit is the least column. Kept here, apart from the completion
 * engine, so that `solve` stays a few hundred bytes in a page's bundle.
 */
function leastSolution(n: number): number[] | undefined {
  const full = n === 32 ? 0xffffffff : (1 << n) - 1;
  const cols = new Array<number>(n).fill(0);
  // Per row: the squares still to try, and the three attack masks it was entered with.
  const free = new Int32Array(n + 1);
  const down = new Int32Array(n + 1);
  const left = new Int32Array(n + 1);
  const right = new Int32Array(n + 1);
  let row = 0;
  free[0] = full;
  while (row >= 0) {
    const options = free[row] as number;
    if (options === 0) {
      row--; // every column of this row tried: back to the row above
      continue;
    }
    const bit = options & -options;
    free[row] = options ^ bit;
    cols[row] = 31 - Math.clz32(bit);
    if (row === n - 1) return cols;
    const d = (down[row] as number) | bit;
    const l = (((left[row] as number) | bit) << 1) & full;
    const r = ((right[row] as number) | bit) >>> 1;
    row++;
    down[row] = d;
    left[row] = l;
    right[row] = r;
    free[row] = ~(d | l | r) & full;
  }
  return undefined;
}
