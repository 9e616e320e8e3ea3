/**
 * The symmetries a completion instance has: which of the board's reflections and turns map its
 * queens, blocked squares and excluded diagonals onto themselves. The completions of such an
 * instance come in pairs (a completion and its image), which the completion functions use:
 * counting splits on a free row and counts only its left half (doubled), and the decision
 * search looks only at the left half of one free row. Checked in O(queens + blocked + excluded).
 *
 * Diagonals under the three symmetries that map rows and columns to rows and columns (with
 * CSPLib's numbering, sum r + c and difference r - c + n - 1, both 0..2n-2):
 * - left-right mirror (r, n-1-c): sum v <-> difference v;
 * - top-bottom mirror (n-1-r, c): sum v <-> difference 2n-2-v;
 * - half turn (n-1-r, n-1-c): sum v -> sum 2n-2-v, difference v -> difference 2n-2-v.
 */
import { boardProblems, type PartialBoard, type Square } from "../board.js";
import { checkSize, NQueensError } from "../errors.js";
import { MAX_COMPLETE_N } from "../limits.js";
import { checkBoardShape } from "../shapes.js";

/** Which symmetries an instance has. */
export interface InstanceSymmetry {
  /** (r, c) -> (r, n - 1 - c). */
  readonly mirrorColumns: boolean;
  /** (r, c) -> (n - 1 - r, c). */
  readonly mirrorRows: boolean;
  /** (r, c) -> (n - 1 - r, n - 1 - c). */
  readonly halfTurn: boolean;
}

function squaresFixed(n: number, squares: readonly Square[], map: (s: Square) => Square): boolean {
  if (squares.length === 0) return true;
  const keys = new Set(squares.map((s) => s.row * n + s.col));
  for (const s of squares) {
    const t = map(s);
    if (!keys.has(t.row * n + t.col)) return false;
  }
  return true;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  if (x.size !== y.size) return false;
  for (const v of x) if (!y.has(v)) return false;
  return true;
}

/**
 * The symmetries of a completion instance (its queens, blocked squares and excluded diagonals
 * taken together).
 * @throws NQueensError for a board of the wrong shape, n outside 1..1,000,000, or queens, blocked
 *   squares or excluded diagonals off the board
 * @example instanceSymmetry({ n: 8, queens: [] }) // { mirrorColumns: true, mirrorRows: true, halfTurn: true }
 */
export function instanceSymmetry(board: PartialBoard): InstanceSymmetry {
  checkBoardShape(board, "instanceSymmetry");
  checkSize(board.n, MAX_COMPLETE_N, "board.n");
  const problem = boardProblems(board)[0];
  if (problem) throw new NQueensError(`instanceSymmetry: ${problem}`, "invalid-board");
  return symmetryOf(board);
}

/** {@link instanceSymmetry} of a board already checked (the searches' own calls). */
export function symmetryOf(board: PartialBoard): InstanceSymmetry {
  const { n, queens } = board;
  const blocked = board.blocked ?? [];
  const sums = board.excluded?.sums ?? [];
  const diffs = board.excluded?.differences ?? [];
  const flip = (v: number) => 2 * n - 2 - v;
  const lr = (s: Square) => ({ row: s.row, col: n - 1 - s.col });
  const ud = (s: Square) => ({ row: n - 1 - s.row, col: s.col });
  const turn = (s: Square) => ({ row: n - 1 - s.row, col: n - 1 - s.col });
  return {
    mirrorColumns:
      squaresFixed(n, queens, lr) && squaresFixed(n, blocked, lr) && sameSet(sums, diffs),
    mirrorRows:
      squaresFixed(n, queens, ud) && squaresFixed(n, blocked, ud) && sameSet(sums, diffs.map(flip)),
    halfTurn:
      squaresFixed(n, queens, turn) &&
      squaresFixed(n, blocked, turn) &&
      sameSet(sums, sums.map(flip)) &&
      sameSet(diffs, diffs.map(flip)),
  };
}
