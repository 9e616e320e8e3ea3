/**
 * The search step by step (a walkthrough): the library's trace (trace.ts) with the steps a learner needs to follow
 * the code, for two ways of writing row-by-row backtracking.
 *
 * - `backtrack`: every square of a row is tried in turn and rejected when a queen above attacks
 *   it (the trace's events as they are).
 * - `bitmask`: the same tree in the same order, but a row's safe columns are found at once, as a
 *   mask (`enter`); the rejections are not steps of their own.
 *
 * Both add what the trace leaves implicit: a `return` when a row's loop runs out of columns (a
 * dead end when no queen was placed in it: every square of the row is attacked, and
 * {@link attackers} names the queen that attacks each one), and an `end` with the totals.
 */
import type { Queen } from "../board.js";
import { type RejectReason, type TraceOptions, trace } from "./trace.js";

/** The ways of writing the search that a lesson follows. */
export type WalkAlgorithm = "backtrack" | "bitmask";

/** One step of a lesson. Rows and columns from 0. */
export type WalkStep =
  /** `backtrack` only: the square is attacked along `reason` by `by` (the topmost attacker). */
  | {
      readonly type: "reject";
      readonly row: number;
      readonly col: number;
      readonly reason: RejectReason;
      readonly by: Queen;
    }
  /** `bitmask` only: the search enters `row` and computes the mask of its safe columns. */
  | { readonly type: "enter"; readonly row: number }
  /** A queen put on a safe square; the search goes down to the next free row. */
  | { readonly type: "place"; readonly row: number; readonly col: number }
  /** Back from the rows below: the queen is taken back (a backtrack) and the loop goes on. */
  | { readonly type: "remove"; readonly row: number; readonly col: number }
  /** Every row holds a queen; `cols` includes the fixed queens. */
  | { readonly type: "solution"; readonly cols: readonly number[] }
  /** The loop over the row's columns is over; `dead`: no queen could be placed in the row. */
  | { readonly type: "return"; readonly row: number; readonly dead: boolean }
  /** The search is over. `nodes` counts the root and every queen placed. */
  | {
      readonly type: "end";
      readonly solutions: number;
      readonly nodes: number;
      readonly backtracks: number;
    };

/** Options for {@link lesson}. */
export interface WalkOptions extends Pick<TraceOptions, "fixed"> {
  /**
   * Which way of writing the search to follow.
   * @default "backtrack"
   */
  readonly algorithm?: WalkAlgorithm;
}

/**
 * The lesson's steps, lazily: the trace's events (with rejects for `backtrack`, with an `enter`
 * per row for `bitmask`), a `return` at the end of every row's loop and an `end`.
 * @throws NQueensError as {@link trace} does, when it is called
 * @example
 * [...walkthrough(2)].map((s) => s.type).join(" ")
 * // "reject place reject reject return remove place reject reject return remove return end"
 */
export function walkthrough(n: number, options: WalkOptions = {}): Generator<WalkStep> {
  const algorithm = options.algorithm ?? "backtrack";
  const events = trace(n, { rejects: true, fixed: options.fixed ?? [] });
  return (function* () {
    // The rows whose loop is running, outermost first, and whether each has placed a queen.
    const rows: number[] = [];
    const placed: boolean[] = [];
    let nodes = 1;
    let backtracks = 0;
    let solutions = 0;
    for (const e of events) {
      if (e.type === "reject" || e.type === "place") {
        if (rows.length === e.depth) {
          rows.push(e.row);
          placed.push(false);
          if (algorithm === "bitmask") yield { type: "enter", row: e.row };
        }
        if (e.type === "reject") {
          if (algorithm === "backtrack") {
            yield { type: "reject", row: e.row, col: e.col, reason: e.reason, by: e.by };
          }
          continue;
        }
        placed[e.depth] = true;
        nodes++;
        yield { type: "place", row: e.row, col: e.col };
      } else if (e.type === "remove") {
        // The row below returns first (the search below a solution has no loop of its own).
        while (rows.length > e.depth + 1) {
          const row = rows.pop()!;
          yield { type: "return", row, dead: !placed.pop() };
        }
        backtracks++;
        yield { type: "remove", row: e.row, col: e.col };
      } else {
        solutions++;
        yield { type: "solution", cols: e.cols };
      }
    }
    while (rows.length > 0) {
      const row = rows.pop()!;
      yield { type: "return", row, dead: !placed.pop() };
    }
    yield { type: "end", solutions, nodes, backtracks };
  })();
}

/** Why one square of a row is attacked: the topmost queen that attacks it, and along what. */
export interface Attack {
  readonly col: number;
  readonly reason: RejectReason;
  readonly by: Queen;
}

/**
 * Each square of `row` that a queen of `cols` (column per row, -1 for none; the row itself is
 * ignored) attacks, with the topmost attacker, as the trace names it; squares no queen attacks
 * are left out. A dead end is a row where every square is listed.
 * @example attackers([1, 3, -1, -1], 2).map((a) => `${a.col}:${a.by.row}`) // ["0:1", "1:0", "2:1", "3:1"]
 */
export function attackers(cols: ArrayLike<number>, row: number): Attack[] {
  const n = cols.length;
  const out: Attack[] = [];
  for (let col = 0; col < n; col++) {
    for (let r = 0; r < n; r++) {
      const c = cols[r]!;
      if (r === row || c < 0) continue;
      const reason: RejectReason | undefined =
        c === col
          ? "column"
          : r - c === row - col
            ? "diagonal"
            : r + c === row + col
              ? "anti-diagonal"
              : undefined;
      if (reason) {
        out.push({ col, reason, by: { row: r, col: c } });
        break;
      }
    }
  }
  return out;
}
