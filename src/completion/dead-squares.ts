/**
 * The live hint for a learner's board: every empty square that no queen attacks but where a
 * queen can no longer lead to a solution, decided square by square by the library's completion
 * check (`completeOne`), with one shortcut: every square of a completion found on the way is
 * alive, so most squares need no search of their own. Puzzles with exactly one completion are
 * made by completion/puzzles.ts (`uniquePuzzle`).
 */
import { attackKind, conflicts, type PartialBoard, type Queen } from "../board.js";
import { checkSize, NQueensError } from "../errors.js";
import { MAX_HINT_N } from "../limits.js";
import { completeOne } from "./complete.js";

/** What {@link deadSquares} found. */
export interface DeadSquares {
  /** The board can still be completed. */
  readonly completable: boolean;
  /** Empty squares no queen attacks where a queen leads to no solution (all safe squares when the board cannot be completed). */
  readonly dead: readonly Queen[];
  /** Empty squares no queen attacks (dead or not). */
  readonly safe: number;
}

/**
 * The live hint: every empty square that no queen attacks but where a queen can no longer lead
 * to a solution (`canComplete` of the board with that queen added is false). Attacked squares
 * are not listed: a queen there is wrong at once.
 * @throws NQueensError when the board is malformed, n is over 32, or two queens attack each other
 * @example deadSquares({ n: 4, queens: [{ row: 0, col: 1 }] }).dead // [] (every safe square leads to 1 3 0 2)
 */
export function deadSquares(board: PartialBoard): DeadSquares {
  const { n, queens } = board;
  checkSize(n, MAX_HINT_N);
  const clash = conflicts(board)[0];
  if (clash)
    throw new NQueensError(
      "the queens attack each other: no square can be hinted",
      "invalid-board",
    );
  const alive = new Uint8Array(n * n);
  const safe: Queen[] = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const sq = { row, col };
      if (!queens.some((q) => attackKind(q, sq) !== undefined || (q.row === row && q.col === col)))
        safe.push(sq);
    }
  }
  const whole = completeOne(board);
  if (!whole) return { completable: false, dead: safe, safe: safe.length };
  whole.forEach((c, r) => {
    alive[r * n + c] = 1;
  });
  const dead: Queen[] = [];
  for (const sq of safe) {
    if (alive[sq.row * n + sq.col]) continue;
    const found = completeOne({ n, queens: [...queens, sq] });
    if (found) {
      found.forEach((c, r) => {
        alive[r * n + c] = 1;
      });
    } else dead.push(sq);
  }
  return { completable: true, dead, safe: safe.length };
}
