/**
 * One solution for a board size, by the method of your choice:
 * - `backtrack`: the lexicographically first solution, by row-by-row search with bit masks;
 * - `construct`: the explicit O(n) formula (construct.ts);
 * - `random`: seeded min-conflicts local search (min-conflicts.ts);
 * - `auto`: backtrack while it is quick (n <= 29), construct beyond.
 */
import { completeOne } from "./complete.js";
import { construct } from "./construct.js";
import { checkSize, NQueensError } from "./errors.js";
import { minConflicts } from "./min-conflicts.js";

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

/** The largest n {@link solve} accepts. */
export const MAX_SOLVE_N = 10_000_000;

/**
 * The largest n for `backtrack`. The first solution in lexicographic order takes at most about
 * 0.15 s up to n = 29 (n = 22 and 28 are the slow ones), and 0.4 to 3 s for n = 30 to 32; beyond
 * 32 the bit masks no longer fit and the search time grows erratically.
 */
export const MAX_BACKTRACK_N = 32;

/** The largest n `auto` solves by backtracking (so that it returns the least solution quickly). */
export const AUTO_BACKTRACK_N = 29;

/**
 * The method {@link solve} runs for `method` at size n: `auto` is `backtrack` up to n = 29 and
 * `construct` beyond; the others are themselves.
 * @example methodFor(8, "auto") // "backtrack"
 */
export function methodFor(n: number, method: SolveMethod = "auto"): Exclude<SolveMethod, "auto"> {
  if (method !== "auto") return method;
  return n <= AUTO_BACKTRACK_N ? "backtrack" : "construct";
}

/**
 * One solution for `n` as `cols` (`cols[row]` = column, 0-based), or undefined when there is none
 * (n = 2 and 3). n = 1 gives [0] with every method.
 * Speeds on one core: `construct` for n = 10,000,000 in about half a second; `random` for
 * n = 1,000,000 in one or two seconds (memory grows to about 50 bytes per row).
 * @throws NQueensError when n is not an integer from 1 to 10,000,000 (1 to 32 for `backtrack`),
 *   the method is unknown, or the seed is not a safe integer
 * @example solve(8, { method: "backtrack" }) // [0, 4, 7, 5, 2, 6, 1, 3]
 * @example solve(1_000_000, { method: "random", seed: 7 }) // the same million columns every run
 */
export function solve(n: number, options: SolveOptions = {}): number[] | undefined {
  const method = options.method ?? "auto";
  if (!SOLVE_METHODS.includes(method)) {
    throw new NQueensError(`method must be one of ${SOLVE_METHODS.join(", ")}: got '${method}'`);
  }
  checkSize(n, MAX_SOLVE_N);
  switch (method) {
    case "backtrack":
      checkSize(n, MAX_BACKTRACK_N, "n for backtrack");
      return completeOne({ n, queens: [] });
    case "construct":
      return construct(n);
    case "random":
      return minConflicts(n, { seed: options.seed ?? 0 });
    case "auto":
      return n <= AUTO_BACKTRACK_N ? completeOne({ n, queens: [] }) : construct(n);
  }
}
