/**
 * Every solution for a board size, or every completion of some fixed queens, lazily and in
 * lexicographic order of `cols`, and `unique(n)`, one representative per symmetry class, which
 * walks them. Nothing is kept in memory beyond the current search path.
 */
import type { Queen } from "./board.js";
import { completions } from "./completion/browser.js";
import { MAX_SOLUTIONS_N } from "./limits.js";
import { checkOptions, checkSizeOr, wrongShape } from "./shapes.js";
import { isLeast, type OrbitSize, orbitSize } from "./symmetry.js";

/** Options for {@link solutions}. */
export interface SolutionsOptions {
  /**
   * Queens that must stay where they are; the generator then yields their completions.
   * @default []
   */
  readonly fixed?: readonly Queen[];
}

/**
 * The solutions for `n`, lazily, in lexicographic order of `cols` (`cols[row]` = column).
 * With `fixed` queens, only the solutions that contain them (the completions of that board).
 * The search is row by row with bit masks (the same engine as {@link completions}); n = 30 to
 * 32 take seconds for their first solution, and larger boards are refused: a line board's
 * lexicographic search runs on for minutes before its first (`solve` finds one solution of any
 * size, `completionsAsync` lists with a signal). Arguments are checked when this is called.
 * @param n - the board's size, 1 to 32
 * @param options - `fixed`: queens every solution must contain
 * @returns the solutions as `cols`, each a new array
 * @throws NQueensError when n is not an integer from 1 to 32 (beyond, the message names `solve`
 *   and `completionsAsync`), options or `fixed` are of the wrong shape, a fixed queen is off the
 *   board, or two fixed queens attack each other
 * @example solutions(4).next().value // [1, 3, 0, 2]
 * @example for (const s of solutions(8, { fixed: [{ row: 0, col: 0 }] })) console.log(s)
 */
export function solutions(n: number, options: SolutionsOptions = {}): Generator<number[]> {
  checkSizeOr(n, MAX_SOLUTIONS_N, "solutions", BEYOND);
  const { fixed = [] } = checkOptions(options, "solutions");
  if (!Array.isArray(fixed)) throw wrongShape("solutions", "options.fixed", "an array", fixed);
  return completions({ n, queens: fixed });
}

/** What `solutions` and `unique` say to use past their limit. */
const BEYOND =
  "for one solution of a larger board use solve(n), to list its solutions completionsAsync({ n, queens: [] }) with a signal";

/** One symmetry class of solutions: its canonical member and how many solutions it holds. */
export interface UniqueSolution {
  /** The class's canonical solution, as `cols`. */
  readonly solution: number[];
  /** How many distinct solutions its class holds: 1, 2, 4 or 8. */
  readonly orbit: OrbitSize;
}

/**
 * One canonical representative per symmetry class of the solutions for `n`, in lexicographic
 * order, lazily. Walks the solutions in lexicographic order and keeps the canonical ones, stopping
 * once the first queen passes the middle column (a canonical solution never has it there, because
 * its left-right mirror image would be smaller). Takes about a second for n = 14.
 * @param n - the board's size, 1 to 32
 * @returns each canonical solution with its orbit's size
 * @throws NQueensError when n is not an integer from 1 to 32 (when called)
 * @example [...unique(8)].length // 12
 */
export function unique(n: number): Generator<UniqueSolution> {
  checkSizeOr(n, MAX_SOLUTIONS_N, "unique", BEYOND);
  return uniqueFrom(n);
}

function* uniqueFrom(n: number): Generator<UniqueSolution> {
  for (const s of solutions(n)) {
    if (2 * s[0]! > n - 1) return;
    if (isLeast(s)) yield { solution: s, orbit: orbitSize(s) };
  }
}
