/**
 * Puzzles and hints for a learner's board.
 *
 * A puzzle is a partial board with exactly one completion, made from a seed, so the same seed
 * gives the same puzzle on every machine (a teacher hands the link to a class). It starts from a
 * seeded solution (min-conflicts repair) and takes its queens away in a seeded order, keeping
 * each removal only while the board still has exactly one completion: what is left is a minimal
 * set of given queens (taking any one more away lets a second completion in). The levels differ
 * in how many of the removed queens are given back: hard gives none back, medium about a third,
 * easy about two thirds (always at least one queen to find).
 *
 * The hint ({@link deadSquares}) marks every empty square that no queen attacks but where a queen
 * can no longer lead to a solution, decided square by square by the library's completion check,
 * with one shortcut: every square of a completion found on the way is alive.
 */
import { attackKind, conflicts, type PartialBoard, type Queen } from "./board.js";
import { completeOne, completions } from "./complete.js";
import { checkSize, NQueensError } from "./errors.js";
import { minConflicts, seededRandom } from "./min-conflicts.js";

/** How hard a puzzle is: how many of the removable queens are given back. */
export type PuzzleLevel = "easy" | "medium" | "hard";

/** The levels, easiest first. */
export const PUZZLE_LEVELS: readonly PuzzleLevel[] = ["easy", "medium", "hard"];

/** The largest board a puzzle is made for (the completion checks use 32-bit masks). */
export const MAX_PUZZLE_N = 32;

/** A puzzle: the given queens, and the one solution that completes them. */
export interface Puzzle {
  readonly n: number;
  readonly level: PuzzleLevel;
  readonly seed: number;
  /** The queens on the board at the start, by row. */
  readonly given: readonly Queen[];
  /** The only completion of the given queens: `solution[row]` is the column. */
  readonly solution: readonly number[];
}

/** Whether the board has exactly one completion (looks for two at most). */
export function hasOneCompletion(board: PartialBoard): boolean {
  let found = 0;
  for (const _ of completions(board, { limit: 2 })) found++;
  return found === 1;
}

/** Share of the removable queens given back, per level. */
const GIVE_BACK: Record<PuzzleLevel, number> = { easy: 2 / 3, medium: 1 / 3, hard: 0 };

/**
 * The puzzle of an n×n board for a level and a seed: the same arguments, the same puzzle.
 * @throws NQueensError when n is not from 4 to 32 (2 and 3 have no solution, 1 nothing to
 *   find), the level is unknown or the seed is not a whole number from 0 to 2^31
 * @example makePuzzle(8, "hard", 1).given.length // a handful of queens; one completion
 */
export function makePuzzle(n: number, level: PuzzleLevel, seed: number): Puzzle {
  checkSize(n, MAX_PUZZLE_N);
  if (n < 4) throw new NQueensError(`a puzzle needs n from 4 up: got ${n}`);
  if (!PUZZLE_LEVELS.includes(level)) {
    throw new NQueensError(`level must be easy, medium or hard: got '${String(level)}'`);
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31) {
    throw new NQueensError(`seed must be a whole number from 0 to 2^31: got ${seed}`);
  }
  const rng = seededRandom(seed * 31 + n);
  const solution = minConflicts(n, { seed: Math.floor(rng() * 2 ** 31) })!;
  // Rows in a seeded order: each is taken away if the rest still has only this completion.
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const kept = new Set(order);
  const removed: number[] = [];
  for (const row of order) {
    kept.delete(row);
    const queens = [...kept].map((r) => ({ row: r, col: solution[r]! }));
    if (hasOneCompletion({ n, queens })) removed.push(row);
    else kept.add(row);
  }
  // Give back the last removed first (the board stays one-completion: it only gains queens).
  const back = Math.min(removed.length - 1, Math.round(removed.length * GIVE_BACK[level]));
  for (let i = 0; i < back; i++) kept.add(removed[removed.length - 1 - i]!);
  const given = [...kept].sort((a, b) => a - b).map((row) => ({ row, col: solution[row]! }));
  return { n, level, seed, given, solution };
}

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
  checkSize(n, MAX_PUZZLE_N);
  const clash = conflicts(board)[0];
  if (clash) throw new NQueensError("the queens attack each other: no square can be hinted");
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
