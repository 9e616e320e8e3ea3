/**
 * Puzzles with exactly one completion, graded by the reasoning they need: "easy" falls to forced
 * lines alone, "medium" needs pair reasoning and the diagonal bounds, "hard" needs search.
 * Pure and seeded, like the instance generators (the web page's Play mode uses it).
 */
import { Forbidden, type PartialBoard, type Queen } from "../board.js";
import { checkGeneratorSize, NQueensError } from "../errors.js";
import { decideHard } from "./decide.js";
import { HardSearch, type HardSearchOptions } from "./hard-search.js";
import { PythonRandom } from "./python-random.js";
import { subBoard } from "./sub-board.js";

/** How much reasoning a puzzle needs. */
export type PuzzleDifficulty = "easy" | "medium" | "hard";

/** The puzzle difficulties, easiest first. */
export const PUZZLE_DIFFICULTIES: readonly PuzzleDifficulty[] = ["easy", "medium", "hard"];

/** A puzzle: queens to start from, its one completion, and what solving it takes. */
export interface Puzzle {
  /** The board to complete: n and the given queens (the clues). */
  readonly board: PartialBoard;
  /** Its only completion. */
  readonly solution: number[];
  /** The difficulty asked for. */
  readonly difficulty: PuzzleDifficulty;
  /**
   * What solves it: "forced" lines alone (a row or column with one open square), "propagation"
   * (forced lines, pairs, the diagonal bound) or "search" (branching needed).
   */
  readonly solvedBy: "forced" | "propagation" | "search";
}

const FORCED_ONLY: HardSearchOptions = { pairs: false, diagonalBound: false };
const PROPAGATION: HardSearchOptions = { pairs: true, diagonalBound: true };

function solvedWithout(board: PartialBoard, options: HardSearchOptions): boolean {
  if (board.queens.length === board.n) return true;
  return new HardSearch(subBoard(board), options).propagateOnly() === "sat";
}

/**
 * Whether `cols` is the only completion of the board's queens: for each free row r (in order),
 * no completion agrees with `cols` above r and differs in r (r's square in `cols` blocked).
 */
function onlyCompletion(n: number, clues: readonly Queen[], cols: readonly number[]): boolean {
  const given = new Set(clues.map((q) => q.row));
  const fixed: Queen[] = [...clues];
  for (let r = 0; r < n; r++) {
    if (given.has(r)) continue;
    const board: PartialBoard = { n, queens: fixed, blocked: [{ row: r, col: cols[r]! }] };
    if (decideHard(board, new Forbidden(board), { seed: r + 1 }).cols !== undefined) return false;
    fixed.push({ row: r, col: cols[r]! });
  }
  return true;
}

/**
 * A puzzle on an n x n board (4 <= n <= 32) with exactly one completion, from a seed: a random
 * solution, then its queens taken away one at a time in a random order for as long as the rest
 * still has that one completion and, for "easy", forced lines alone solve it, for "medium"
 * propagation without branching does; "hard" keeps taking queens away while the completion stays
 * unique, so every queen left is needed. The same n, difficulty and seed give the same puzzle.
 * @example uniquePuzzle(8, "easy", 1).board.queens.length // a few queens
 */
export function uniquePuzzle(n: number, difficulty: PuzzleDifficulty, seed: number): Puzzle {
  checkGeneratorSize(n, 32);
  if (n < 4)
    throw new NQueensError(
      `a puzzle needs n >= 4 (smaller boards have no solution): got ${n}`,
      "out-of-range",
      { option: "n", value: n, min: 4 },
    );
  if (!PUZZLE_DIFFICULTIES.includes(difficulty)) {
    throw new NQueensError(
      `the difficulty must be easy, medium or hard: got ${String(difficulty)}`,
      "not-a-choice",
      { option: "difficulty", value: String(difficulty), choices: PUZZLE_DIFFICULTIES },
    );
  }
  const rng = new PythonRandom(seed);
  // A random solution: the search on the empty board, its choices seeded.
  const empty: PartialBoard = { n, queens: [] };
  const solution = decideHard(empty, new Forbidden(empty), { seed: rng.uint32() + 1 }).cols!;
  const order = rng.shuffle(Array.from({ length: n }, (_, r) => r));
  let clues = new Set(Array.from({ length: n }, (_, r) => r));
  const boardOf = (rows: ReadonlySet<number>): PartialBoard => ({
    n,
    queens: [...rows].sort((a, b) => a - b).map((row) => ({ row, col: solution[row]! })),
  });
  const keeps = (board: PartialBoard): boolean => {
    if (difficulty === "easy") return solvedWithout(board, FORCED_ONLY);
    if (difficulty === "medium") return solvedWithout(board, PROPAGATION);
    return onlyCompletion(n, board.queens, solution);
  };
  for (const r of order) {
    const fewer = new Set(clues);
    fewer.delete(r);
    if (keeps(boardOf(fewer))) clues = fewer;
  }
  const board = boardOf(clues);
  const solvedBy = solvedWithout(board, FORCED_ONLY)
    ? "forced"
    : solvedWithout(board, PROPAGATION)
      ? "propagation"
      : "search";
  return { board, solution, difficulty, solvedBy };
}
