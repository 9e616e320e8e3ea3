/**
 * Checking a partial board before any search: sizes, queens on distinct rows and columns, no
 * attacks, restrictions well formed; O(n + k + blocked + excluded) for k queens. The first
 * problem found is the error, worded for people.
 */
import {
  attackKind,
  boardProblems,
  type Conflict,
  describeConflict,
  Forbidden,
  isRestricted,
  type PartialBoard,
  type Queen,
  restrictionProblems,
} from "../board.js";
import { checkSize, NQueensError } from "../errors.js";
import {
  MAX_COMPLETE_N,
  MAX_SOLUTIONS_N,
  MAX_SUB_SIZE,
  MAX_SYNC_COUNT_EMPTY_ROWS,
} from "../limits.js";
import { checkBoardShape, checkJobOptions, checkOptions, wrongShape } from "../shapes.js";
import type { Deadline } from "./deadline.js";
import { assertCompletion } from "./decide.js";

/** A board that passed {@link validate}, with its forbidden squares as a lookup. */
export interface Checked {
  readonly board: PartialBoard;
  readonly n: number;
  readonly queens: readonly Queen[];
  readonly forbidden: Forbidden;
}

/**
 * Checks shape, size, squares, restrictions and attacks in O(n + k + blocked + excluded): the
 * board's and the options' shapes (named as `fn`'s, with `signal` and `onProgress` when given),
 * queens on the board, one per square, blocked squares on the board, excluded diagonals that
 * exist, no queen on a forbidden square, then no two queens attacking (the first pair named).
 */
export function validate(board: PartialBoard, fn: string, options?: object): Checked {
  checkBoardShape(board, fn);
  if (options !== undefined) checkJobOptions(checkOptions(options, fn), fn);
  const n = checkSize(board.n, MAX_COMPLETE_N);
  const { queens } = board;
  const k = queens.length;
  const rows = new Int32Array(k);
  const cols = new Int32Array(k);
  let wellFormed = true;
  for (let i = 0; i < k && wellFormed; i++) {
    const { row, col } = queens[i]!;
    wellFormed =
      Number.isInteger(row) && Number.isInteger(col) && row >= 0 && row < n && col >= 0 && col < n;
    rows[i] = row;
    cols[i] = col;
  }
  const order = wellFormed ? byRowThenColumn(n, rows, cols) : undefined;
  if (order) {
    for (let i = 1; i < k && wellFormed; i++) {
      const p = order[i - 1]!;
      const q = order[i]!;
      wellFormed = rows[p] !== rows[q] || cols[p] !== cols[q];
    }
  }
  if (!wellFormed || !order) {
    // Off the board, not integers, or two on a square: boardProblems words the first problem.
    throw new NQueensError(boardProblems(board)[0] ?? "malformed board", "invalid-board");
  }
  let forbidden = NOTHING_FORBIDDEN;
  if (isRestricted(board)) {
    const problem = restrictionProblems(board)[0];
    if (problem) throw new NQueensError(problem, "invalid-board");
    forbidden = new Forbidden(board);
    for (const q of queens) {
      const why = forbidden.reason(q.row, q.col);
      if (why)
        throw new NQueensError(`queen at (${q.row}, ${q.col}) stands on ${why}`, "invalid-board");
    }
  }
  const first = firstConflict(n, queens, rows, cols, order);
  if (first) throw new NQueensError(describeConflict(first), "invalid-board");
  return { board, n, queens, forbidden };
}

/**
 * Refuses a board the blocking `countCompletions` cannot count in reasonable time: more than
 * {@link MAX_SYNC_COUNT_EMPTY_ROWS} empty rows (the count is exponential in them).
 */
export function checkSyncCount(v: Checked): void {
  const empty = v.n - v.queens.length;
  if (empty > MAX_SYNC_COUNT_EMPTY_ROWS) {
    throw new NQueensError(
      `countCompletions counts boards with at most ${MAX_SYNC_COUNT_EMPTY_ROWS} empty rows: got ${empty}; use countCompletionsAsync, which reports progress and stops on a signal`,
      "out-of-range",
      { option: "board", value: empty, min: 0, max: MAX_SYNC_COUNT_EMPTY_ROWS },
    );
  }
}

/**
 * Refuses a listing the blocking `completions` may not get a first completion of for minutes: a
 * board past n = 32 (a line board, searched row by row) with more than 32 empty rows (fewer are
 * decided first by the hard-instance search).
 */
export function checkSyncListing(v: Checked): void {
  const empty = v.n - v.queens.length;
  if (v.n > MAX_SOLUTIONS_N && empty > MAX_SUB_SIZE) {
    throw new NQueensError(
      `completions lists boards past n = ${MAX_SOLUTIONS_N} with at most ${MAX_SUB_SIZE} empty rows: got n = ${v.n} with ${empty}; use completionsAsync, which stops on a signal, or completeOne for one completion`,
      "out-of-range",
      { option: "board", value: empty, min: 0, max: MAX_SUB_SIZE },
    );
  }
}

/** The option values of `completeOne` and `decideCompletion`, by kind. */
export function checkOptionKinds(
  options: object,
  fn: string,
  kinds: Readonly<Record<string, "boolean" | "number">>,
): void {
  for (const [name, kind] of Object.entries(kinds)) {
    const value = (options as Record<string, unknown>)[name];
    if (value !== undefined && typeof value !== kind) {
      throw wrongShape(fn, `options.${name}`, `a ${kind}`, value);
    }
  }
}

/** The lookup of a board without restrictions (the same for every size: it forbids nothing). */
export const NOTHING_FORBIDDEN = new Forbidden({ n: 1, queens: [] });

/** The cols of a full, validated board. */
export function fullCols(n: number, queens: readonly Queen[]): number[] {
  const cols = new Array<number>(n);
  for (const q of queens) cols[q.row] = q.col;
  return cols; // validated: n queens, none attacking, so one per row
}

/** A completion, checked against the board (undefined passes through). */
export function checked(v: Checked, cols: number[] | undefined): number[] | undefined {
  if (cols !== undefined) assertCompletion(v.board, v.forbidden, cols);
  return cols;
}

/** The indexes of the queens sorted by row, then column: two stable counting sorts, O(n + k). */
function byRowThenColumn(n: number, rows: Int32Array, cols: Int32Array): Int32Array {
  const k = rows.length;
  const identity = new Int32Array(k);
  let sorted = true; // boards are mostly read row by row: then there is nothing to sort
  for (let i = 0; i < k; i++) {
    identity[i] = i;
    if (
      i > 0 &&
      (rows[i - 1]! > rows[i]! || (rows[i - 1] === rows[i] && cols[i - 1]! > cols[i]!))
    ) {
      sorted = false;
    }
  }
  return sorted ? identity : countingSort(n, rows, countingSort(n, cols, identity));
}

function countingSort(n: number, key: Int32Array, order: Int32Array): Int32Array {
  const start = new Int32Array(n + 1);
  for (let i = 0; i < order.length; i++) start[key[order[i]!]! + 1]!++;
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const out = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const q = order[i]!;
    out[start[key[q]!]!++] = q;
  }
  return out;
}

/**
 * The first attacking pair in the order `conflicts()` reports them (queens sorted by row, then
 * column; pairs by first queen, then second), in O(n + k): walking the sorted queens backwards,
 * each line (row, column, diagonal, anti-diagonal) remembers the earliest queen on it after the
 * current one, so the current queen's first partner is the least of its four lines' entries.
 */
function firstConflict(
  n: number,
  queens: readonly Queen[],
  rows: Int32Array,
  cols: Int32Array,
  order: Int32Array,
): Conflict | undefined {
  const k = order.length;
  if (k < 2) return undefined;
  // Per line: 1 + the sorted index of the earliest queen on it after the current one (0: none).
  const onRow = new Int32Array(n);
  const onCol = new Int32Array(n);
  const onDiag = new Int32Array(2 * n - 1); // r - c + n - 1
  const onAnti = new Int32Array(2 * n - 1); // r + c
  let a = -1;
  let b = -1;
  for (let i = k - 1; i >= 0; i--) {
    const q = order[i]!;
    const r = rows[q]!;
    const c = cols[q]!;
    const d = r - c + n - 1;
    const e = r + c;
    // The least non-zero of the four entries (0 - 1 wraps to the largest u32: "none").
    const j = Math.min(
      (onRow[r]! - 1) >>> 0,
      (onCol[c]! - 1) >>> 0,
      (onDiag[d]! - 1) >>> 0,
      (onAnti[e]! - 1) >>> 0,
    );
    onRow[r] = onCol[c] = onDiag[d] = onAnti[e] = i + 1;
    if (j < k) {
      a = i;
      b = j;
    }
  }
  if (a === -1) return undefined;
  const qa = queens[order[a]!]!;
  const qb = queens[order[b]!]!;
  return { a: qa, b: qb, kind: attackKind(qa, qb)! };
}

/** The first completion a search yields; at each tick (`null`), `deadline` looks at the clock. */
export function firstOf(it: Iterator<number[] | null>, deadline?: Deadline): number[] | undefined {
  for (let r = it.next(); !r.done; r = it.next()) {
    if (r.value !== null) return r.value;
    deadline?.check();
  }
  return undefined;
}
