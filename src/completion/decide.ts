/**
 * Deciding a board that misses at most 32 queens with the hard-instance search: compress it
 * ({@link subBoard}), use a symmetry of the instance when it has one (only the left half of one
 * free row is searched: every completion or its mirror image has its queen there), run the
 * search to the end, and check the completion it returns against the board. Synchronous, or in
 * slices of nodes with a callback between them (the async completion functions give the event
 * loop its turns and look at their abort signal there).
 *
 * A board without fixed queens (Excluded Diagonals, Blocked n-Queens) is decided by two
 * searches in turn, in slices of nodes, until one of them has the answer: the hard-instance
 * search (restarts and nogoods end the heavy tail of satisfiable instances; its root bounds
 * refute some unsatisfiable ones at once) and the lean search (lean-search.ts: a tenth of the
 * work per node, 2 to 4 times faster on unsatisfiable instances; run by its WebAssembly kernel,
 * lean-kernel-wasm.ts, where WebAssembly is available: the same nodes at a fraction of the
 * cost), which gets most of the time. The slices are counted in nodes, not time, so the same
 * board gets the same completion every time.
 */
import type { Forbidden, PartialBoard } from "../board.js";
import { HardSearch, type HardSearchOptions } from "./hard-search.js";
import { leanSearch } from "./lean-kernel-wasm.js";
import type { LeanSearch } from "./lean-search.js";
import { boardCols, type SubBoard, subBoard } from "./sub-board.js";
import { symmetryOf } from "./symmetry.js";

/** What deciding a board found, and what it cost. */
export interface HardDecision {
  /** A completion (`cols`, the fixed queens kept), or undefined when there is none. */
  readonly cols: number[] | undefined;
  /** Search nodes (points where the search branched). */
  readonly nodes: number;
  /** Restarts of the search. */
  readonly restarts: number;
  /** Nogoods recorded (single squares and pairs of squares). */
  readonly learned: number;
  /** The symmetry used to halve the search, if any. */
  readonly symmetry: "mirror-columns" | "mirror-rows" | "half-turn" | undefined;
  /** True when the time limit stopped the search before an answer (`cols` is then undefined). */
  readonly timedOut: boolean;
}

/** Nodes per slice of {@link decideHardAsync}: about a millisecond or two of search. */
export const SLICE = 2048;

/**
 * Nodes per turn of each search when both run: a hard-instance node costs about 5 us, a lean
 * one about 0.3 us, so the lean search gets about four fifths of the time (about 6 ms a turn).
 */
const HARD_TURN = 256;
const LEAN_TURN = 16384;

/** Options of {@link decideHard}: the hard-instance search's, and whether the lean one helps. */
export interface DecideHardOptions extends HardSearchOptions {
  /**
   * On a board without fixed queens, run the lean search in turn with the hard-instance one.
   * Off: the hard-instance search alone (for benchmarks of its parts).
   * @default true
   */
  readonly lean?: boolean;
}

/** A board ready for the searches: its sub-board, one free line halved by a symmetry. */
export interface Prepared {
  readonly sub: SubBoard;
  readonly symmetry: HardDecision["symmetry"];
}

/** The sub-board, with one free line halved when the instance has a symmetry. */
export function prepare(board: PartialBoard, forbidden: Forbidden): Prepared {
  const sub = subBoard(board, forbidden);
  const { n, m } = sub;
  if (m < 2) return { sub, symmetry: undefined };
  const sym = symmetryOf(board);
  const mid = (n - 1) / 2;
  const open = sub.open as Int32Array;
  if (sym.mirrorColumns) {
    // Every completion or its mirror has row rows[0]'s queen in a column <= the middle.
    let keep = 0;
    for (let j = 0; j < m; j++) if (sub.cols[j]! <= mid) keep |= 1 << j;
    open[0]! &= keep;
    return { sub, symmetry: "mirror-columns" };
  }
  if (sym.mirrorRows) {
    for (let i = 0; i < m; i++) if (sub.rows[i]! > mid) open[i]! &= ~1;
    return { sub, symmetry: "mirror-rows" };
  }
  if (sym.halfTurn && n % 2 === 1) {
    // The half turn maps the middle row to itself, reversed: when it is free, halve it.
    const i = sub.rows.indexOf(mid);
    if (i >= 0) {
      let keep = 0;
      for (let j = 0; j < m; j++) if (sub.cols[j]! <= mid) keep |= 1 << j;
      open[i]! &= keep;
      return { sub, symmetry: "half-turn" };
    }
  }
  return { sub, symmetry: undefined };
}

/**
 * The two searches of a sub-board, run in turns; see the module comment. A thread of the
 * threaded decision (decide-threads.ts) runs one per part, on the sub-board's open squares
 * narrowed to the part's.
 */
export class Searches {
  readonly hard: HardSearch;
  readonly lean: Pick<LeanSearch, "run" | "result" | "placement" | "nodes"> | undefined;

  constructor(sub: SubBoard, options: DecideHardOptions) {
    this.hard = new HardSearch(sub, options);
    this.lean = (options.lean ?? true) && sub.n === sub.m ? leanSearch(sub.open, sub.m) : undefined;
  }

  /** One turn (a slice of `budget` nodes without the lean search): true when answered. */
  turn(budget: number): boolean {
    if (!this.lean) return this.hard.run(budget) !== "paused";
    return this.hard.run(HARD_TURN) !== "paused" || this.lean.run(LEAN_TURN) !== "paused";
  }

  /** Nodes of both searches. */
  get nodes(): number {
    return this.hard.nodes + (this.lean?.nodes ?? 0);
  }

  /** The placement found (compressed columns), "none" when there is none, or undefined. */
  answer(): Int32Array | "none" | undefined {
    for (const s of [this.hard, this.lean]) {
      if (s?.result === "sat") return s.placement!;
      if (s?.result === "unsat") return "none";
    }
    return undefined;
  }
}

function finish(board: PartialBoard, forbidden: Forbidden, p: Prepared, s: Searches): HardDecision {
  const found = s.answer();
  const cols = found instanceof Int32Array ? boardCols(p.sub, found) : undefined;
  if (cols) assertCompletion(board, forbidden, cols);
  return {
    cols,
    nodes: s.nodes,
    restarts: s.hard.restarts,
    learned: s.hard.learned,
    symmetry: p.symmetry,
    timedOut: found === undefined,
  };
}

/**
 * Decides a well-formed board (queens on the board, none attacking, none forbidden) missing at
 * most 32 queens; with `timeLimitMs`, gives up after about that long (`timedOut`).
 */
export function decideHard(
  board: PartialBoard,
  forbidden: Forbidden,
  options: DecideHardOptions = {},
  timeLimitMs = Number.POSITIVE_INFINITY,
): HardDecision {
  const p = prepare(board, forbidden);
  const s = new Searches(p.sub, options);
  if (timeLimitMs === Number.POSITIVE_INFINITY && !s.lean) s.hard.run();
  else {
    const end = performance.now() + timeLimitMs;
    while (!s.turn(SLICE) && performance.now() < end) {
      // one turn at a time, until the answer or the time limit
    }
  }
  return finish(board, forbidden, p, s);
}

/**
 * {@link decideHard} in slices of nodes, awaiting `between()` after each (which may throw to
 * stop the search).
 */
export async function decideHardAsync(
  board: PartialBoard,
  forbidden: Forbidden,
  between: () => Promise<void> | undefined,
  options: DecideHardOptions = {},
): Promise<HardDecision> {
  const p = prepare(board, forbidden);
  const s = new Searches(p.sub, options);
  while (!s.turn(SLICE)) await between();
  return finish(board, forbidden, p, s);
}

/**
 * Checks a completion against its board in O(n): a solution, every fixed queen kept, no queen
 * on a forbidden square. A failure is a bug in a search, never bad input: it throws.
 */
export function assertCompletion(
  board: PartialBoard,
  forbidden: Forbidden,
  cols: readonly number[],
): void {
  const { n } = board;
  const col = new Uint8Array(n);
  const sum = new Uint8Array(2 * n);
  const diff = new Uint8Array(2 * n);
  let ok = cols.length === n;
  for (let r = 0; r < n && ok; r++) {
    const c = cols[r]!;
    ok =
      Number.isInteger(c) &&
      c >= 0 &&
      c < n &&
      !col[c] &&
      !sum[r + c] &&
      !diff[r - c + n] &&
      !forbidden.has(r, c);
    col[c] = sum[r + c] = diff[r - c + n] = 1;
  }
  for (const q of board.queens) if (cols[q.row] !== q.col) ok = false;
  if (!ok)
    throw new Error(`internal error: a search returned a wrong completion: ${cols.join(" ")}`);
}
