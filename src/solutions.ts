/**
 * Every solution for a board size, or every completion of some fixed queens, lazily and in
 * lexicographic order of `cols`. Nothing is kept in memory beyond the current search path.
 */
import type { Queen } from "./board.js";
import { completions } from "./completion/index.js";
import { checkSize } from "./errors.js";
import { MAX_SOLUTIONS_N } from "./limits.js";

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
 * The search is row by row with bit masks for n <= 32 (the same engine as {@link completions}).
 * Arguments are checked when this is called.
 * @throws NQueensError when n is not an integer from 1 to 1000, or a fixed queen is off the
 *   board, or two fixed queens attack each other
 * @example solutions(4).next().value // [1, 3, 0, 2]
 * @example for (const s of solutions(8, { fixed: [{ row: 0, col: 0 }] })) console.log(s)
 */
export function solutions(n: number, options: SolutionsOptions = {}): Generator<number[]> {
  checkSize(n, MAX_SOLUTIONS_N);
  return completions({ n, queens: options.fixed ?? [] });
}
