/**
 * Step-by-step row-by-row backtracking, as events a page can animate or a command can print, and
 * the shape of the search tree (nodes per depth).
 *
 * The search fills the free rows top to bottom, trying columns left to right, so solutions come
 * out in lexicographic order. Each event names its squares, so a viewer can replay the events
 * forward or backward from the starting board (the fixed queens) without re-running the search.
 */
import { boardProblems, conflicts, describeConflict, type Queen } from "../board.js";
import { checkSize, NQueensError } from "../errors.js";
import { MAX_PROFILE_N, MAX_TRACE_N } from "../limits.js";
import { checkOptions, checkSizeOr, checkSquares } from "../shapes.js";

/** The line along which an earlier queen attacks a rejected square. */
export type RejectReason = "column" | "diagonal" | "anti-diagonal";

/**
 * One step of the search. `step` counts events from 1. `depth` is how many queens the search had
 * placed before the event (fixed queens not counted): a place and its remove share a depth, the
 * rejects of the next row have that depth plus one, and a solution has the number of free rows.
 */
export type TraceEvent =
  /** A queen put on a safe square. */
  | {
      readonly type: "place";
      readonly step: number;
      readonly row: number;
      readonly col: number;
      readonly depth: number;
    }
  /** A square not used because `by` attacks it along `reason` (only with `rejects: true`). */
  | {
      readonly type: "reject";
      readonly step: number;
      readonly row: number;
      readonly col: number;
      readonly depth: number;
      readonly reason: RejectReason;
      readonly by: Queen;
    }
  /** The queen of a `place` event taken back after its subtree is explored. */
  | {
      readonly type: "remove";
      readonly step: number;
      readonly row: number;
      readonly col: number;
      readonly depth: number;
    }
  /** A full board; `index` counts solutions from 1, `cols` includes the fixed queens. */
  | {
      readonly type: "solution";
      readonly step: number;
      readonly cols: number[];
      readonly depth: number;
      readonly index: number;
    };

/** Options for {@link trace}, {@link treeProfile} and `traceLength`. */
export interface TraceOptions {
  /**
   * Queens on the board before the search starts; their rows are skipped.
   * @default []
   */
  readonly fixed?: readonly Queen[];
  /**
   * Whether to report every attacked square tried, with its attacker.
   * @default false
   */
  readonly rejects?: boolean;
}

/**
 * Checks the options' shape, the board size and the fixed queens; returns the column per row
 * (-1 where free).
 */
function startBoard(n: number, options: TraceOptions, fn: string): Int32Array {
  if (fn === "treeProfile") checkSizeOr(n, MAX_PROFILE_N, fn, PROFILE_BEYOND);
  else checkSize(n, MAX_TRACE_N);
  const { fixed = [] } = checkOptions(options, fn);
  checkSquares(fixed, fn, "options.fixed");
  const board = { n, queens: fixed };
  const problems = boardProblems(board);
  if (problems.length > 0) throw new NQueensError(`fixed queens: ${problems[0]}`, "invalid-board");
  const clash = conflicts(board)[0];
  if (clash)
    throw new NQueensError(
      `fixed queens attack each other: ${describeConflict(clash)}`,
      "invalid-board",
    );
  const cols = new Int32Array(n).fill(-1);
  for (const q of fixed) cols[q.row] = q.col;
  return cols;
}

/**
 * The search as a lazy sequence of events: place, reject (optional), remove and solution.
 * Arguments are checked when `trace` is called, before the first event.
 * @param n - the board's size, 1 to 30
 * @param options - fixed queens, and whether to yield the rejects (see {@link TraceOptions})
 * @returns the events, lazily
 * @throws NQueensError when n is not in 1..30 or the fixed queens are off the board or attack
 * each other
 * @example
 * for (const e of trace(4)) if (e.type === "solution") console.log(e.cols.join(" "));
 * // 1 3 0 2
 * // 2 0 3 1
 * @example
 * [...trace(4, { rejects: true })].slice(0, 3)
 * // place (0,0); reject (1,0) column by (0,0); reject (1,1) diagonal by (0,0)
 */
export function trace(
  n: number,
  options: TraceOptions = {},
): Generator<TraceEvent, void, undefined> {
  const cols = startBoard(n, options, "trace");
  return search(n, cols, options.rejects ?? false);
}

function* search(
  n: number,
  cols: Int32Array,
  rejects: boolean,
): Generator<TraceEvent, void, undefined> {
  // The row of the queen on each line, or -1: a valid board has at most one queen per line.
  const colOwner = new Int32Array(n).fill(-1);
  const diagOwner = new Int32Array(2 * n).fill(-1); // index r - c + n
  const antiOwner = new Int32Array(2 * n).fill(-1); // index r + c
  const freeRows: number[] = [];
  for (let r = 0; r < n; r++) {
    const c = cols[r]!;
    if (c < 0) freeRows.push(r);
    else colOwner[c] = diagOwner[r - c + n] = antiOwner[r + c] = r;
  }
  let step = 0;
  let index = 0;

  function* go(depth: number): Generator<TraceEvent, void, undefined> {
    if (depth === freeRows.length) {
      index++;
      step++;
      yield { type: "solution", step, cols: Array.from(cols), depth, index };
      return;
    }
    const row = freeRows[depth]!;
    for (let col = 0; col < n; col++) {
      const byCol = colOwner[col]!;
      const byDiag = diagOwner[row - col + n]!;
      const byAnti = antiOwner[row + col]!;
      if (byCol >= 0 || byDiag >= 0 || byAnti >= 0) {
        if (!rejects) continue;
        // Name the attacker in the topmost row; it shares exactly one line with the square.
        let by = Number.POSITIVE_INFINITY;
        for (const r of [byCol, byDiag, byAnti]) if (r >= 0 && r < by) by = r;
        const reason: RejectReason =
          by === byCol ? "column" : by === byDiag ? "diagonal" : "anti-diagonal";
        step++;
        yield { type: "reject", step, row, col, depth, reason, by: { row: by, col: cols[by]! } };
        continue;
      }
      cols[row] = col;
      colOwner[col] = diagOwner[row - col + n] = antiOwner[row + col] = row;
      step++;
      yield { type: "place", step, row, col, depth };
      yield* go(depth + 1);
      cols[row] = -1;
      colOwner[col] = diagOwner[row - col + n] = antiOwner[row + col] = -1;
      step++;
      yield { type: "remove", step, row, col, depth };
    }
  }

  yield* go(0);
}

/** What `treeProfile` says to use past its limit. */
const PROFILE_BEYOND =
  "the whole tree of n = 16 takes about 25 s and grows about sixfold per size: walk trace(n), which stops when you stop";

/**
 * Nodes of the row-by-row search tree per depth: entry d counts the boards with d queens placed
 * by the search (entry 0 is the root, the last entry the solutions). Bitmask search, no events.
 * It blocks until the whole tree is walked, so n is at most 15 (`MAX_PROFILE_N`, as the command
 * and the page draw it); {@link trace} yields the same search one event at a time.
 * @param n - the board's size, 1 to 15
 * @param options - as {@link trace}'s
 * @returns the nodes at each depth, from 0 to n
 * @throws NQueensError when n is not in 1..15 (beyond, the message names `trace`), or as
 *   {@link trace} does
 * @example treeProfile(8) // [1, 8, 42, 140, 344, 568, 550, 312, 92]
 * @example treeProfile(4, { fixed: [{ row: 0, col: 1 }] }) // [1, 1, 1, 1]
 */
export function treeProfile(n: number, options: TraceOptions = {}): number[] {
  const cols = startBoard(n, options, "treeProfile");
  const all = (1 << n) - 1;
  // Squares attacked by the fixed queens, per row, and whether the row has a fixed queen.
  const blocked = new Int32Array(n);
  let freeCount = 0;
  for (let r = 0; r < n; r++) {
    if (cols[r]! < 0) freeCount++;
    for (let q = 0; q < n; q++) {
      const c = cols[q]!;
      if (c < 0 || q === r) continue;
      blocked[r]! |= 1 << c;
      const d = r - q;
      if (c + d >= 0 && c + d < n) blocked[r]! |= 1 << (c + d);
      if (c - d >= 0 && c - d < n) blocked[r]! |= 1 << (c - d);
    }
  }
  const profile = new Array<number>(freeCount + 1).fill(0);
  profile[0] = 1;
  // Hot loop: plain recursion on 32-bit masks.
  const go = (row: number, depth: number, used: number, left: number, right: number): void => {
    if (row === n) return;
    if (cols[row]! >= 0) {
      go(row + 1, depth, used, left << 1, right >>> 1);
      return;
    }
    let free = all & ~(used | left | right | blocked[row]!);
    while (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      profile[depth + 1]!++;
      go(row + 1, depth + 1, used | bit, (left | bit) << 1, (right | bit) >>> 1);
    }
  };
  go(0, 0, 0, 0, 0);
  return profile;
}

/**
 * How many events {@link trace} yields for the same arguments, without running it: each node
 * but the root gives a place and a remove, each solution one event, and with `rejects` each
 * node above the last depth tries all n squares of its row.
 * @example traceLength(8) // 4204: 2056 places, 2056 removes, 92 solutions
 */
export function traceLength(n: number, options: TraceOptions = {}): number {
  return traceLengthOf(treeProfile(n, options), n, options.rejects ?? false);
}

/**
 * `traceLength` from a profile already computed by {@link treeProfile} for the same board.
 * @example traceLengthOf([1, 8, 42, 140, 344, 568, 550, 312, 92], 8, true) // 17868
 */
export function traceLengthOf(profile: readonly number[], n: number, rejects: boolean): number {
  const depth = profile.length - 1;
  let placed = 0;
  let expanded = 0;
  for (let d = 0; d < depth; d++) {
    expanded += profile[d]!;
    placed += profile[d + 1]!;
  }
  const solutions = profile[depth]!;
  const rejected = rejects ? expanded * n - placed : 0;
  return 2 * placed + solutions + rejected;
}
