/**
 * Completing a partial board: whether it can be completed, one completion, how many, and all of
 * them in lexicographic order. Rows that hold a fixed queen are skipped by every search.
 *
 * Two engines:
 * - n <= 32: row-by-row search with 32-bit masks for columns and both diagonals; the squares the
 *   fixed queens attack are blocked per row up front. Exact and lexicographic (`completeOne` is the
 *   least completion); counting is the engine's kernel (engine/kernel.ts, WebAssembly).
 * - n > 32: a "line board" with the number of queens on each column, diagonal and anti-diagonal,
 *   and the number of free squares in each empty row. Placing or removing a queen updates those in
 *   O(n) (instead of word-array bitsets), which gives forward checking (a row with no free square
 *   ends the branch at once) and the most constrained row (MRV) for free. `countCompletions` and
 *   `completeOne` search by MRV; `completeOne` takes the least constraining column first, and
 *   alternates with a min-conflicts local search around the fixed queens under growing budgets
 *   (still exact: the depth-first search finishes once its budget covers its tree). `completions`
 *   goes row by row with forward checking so that it stays lexicographic.
 *
 * Practical sizes, measured on a shared 2-core machine (see complete.test.ts for cases):
 * - `completeOne` / `canComplete` on an empty board: n = 200 in about 10 ms, 1000 in 0.1 s,
 *   5000 in 0.6 s, 10,000 (the limit) in 2.5 s; n = 64 or 1000 with a few fixed queens: 0.03 s
 *   and 0.15 s. The first line-board step is O(n * empty rows) time.
 * - `countCompletions` is exponential in the number of empty rows: n = 14 from empty (14 empty
 *   rows) takes about 0.2 s.
 * - `completions` on a big, mostly empty board may take long to produce its first (least)
 *   completion, as lexicographic backtracking does (n = 30 to 32 from empty: 1 to 3 s).
 * Deciding whether a partial board can be completed is NP-complete in general, so some boards
 * with many fixed queens on a big board can take far longer than these figures.
 */

import {
  attackKind,
  boardProblems,
  type Conflict,
  describeConflict,
  type PartialBoard,
  type Queen,
} from "./board.js";
import { countCompletions as countWithKernel } from "./engine/kernel.js";
import { checkSize, NQueensError } from "./errors.js";
import { repair, seededRandom } from "./min-conflicts.js";

/** The largest board size the completion functions accept. */
export const MAX_COMPLETE_N = 10_000;

/** Options for {@link completions}. */
export interface CompletionsOptions {
  /**
   * Stop after this many completions.
   * @default Infinity
   */
  readonly limit?: number;
}

/**
 * One completion of a partial board, as `cols` (the fixed queens kept), or undefined when there is
 * none. For n <= 32 it is the lexicographically least completion; for larger boards it is the first
 * one the most-constrained-row search finds (take the first of {@link completions} for the least).
 * @throws NQueensError when the board is malformed or two of its queens attack each other
 * @example completeOne({ n: 4, queens: [{ row: 0, col: 1 }] }) // [1, 3, 0, 2]
 */
export function completeOne(board: PartialBoard): number[] | undefined {
  const { n, queens } = validate(board);
  if (n <= 32) return firstOf(maskSearch(planMasks(n, queens)));
  return lineFind(n, queens);
}

/**
 * Whether a partial board has at least one completion.
 * @throws NQueensError when the board is malformed or two of its queens attack each other
 * @example canComplete({ n: 4, queens: [{ row: 0, col: 0 }] }) // false
 */
export function canComplete(board: PartialBoard): boolean {
  return completeOne(board) !== undefined;
}

/**
 * The number of completions of a partial board (1n for a full valid board).
 * @throws NQueensError when the board is malformed or two of its queens attack each other
 * @example countCompletions({ n: 8, queens: [] }) // 92n
 */
export function countCompletions(board: PartialBoard): bigint {
  const { n, queens } = validate(board);
  if (n <= 32) {
    const cols = new Array<number>(n).fill(-1);
    for (const q of queens) cols[q.row] = q.col;
    return countWithKernel(n, cols);
  }
  let count = 0n;
  for (const _ of lineSearch(n, queens, { order: "mrv" })) count++;
  return count;
}

/**
 * Every completion of a partial board, lazily, in lexicographic order of `cols`.
 * The board is checked when this is called, before the first completion is asked for.
 * @throws NQueensError when the board is malformed, two of its queens attack each other, or the
 *   limit is not a non-negative integer (or Infinity)
 * @example [...completions({ n: 4, queens: [] })] // [[1, 3, 0, 2], [2, 0, 3, 1]]
 */
export function completions(
  board: PartialBoard,
  options: CompletionsOptions = {},
): Generator<number[]> {
  const { n, queens } = validate(board);
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  if (!(limit === Number.POSITIVE_INFINITY || (Number.isInteger(limit) && limit >= 0))) {
    throw new NQueensError(`limit must be a non-negative integer: got ${limit}`);
  }
  const all = n <= 32 ? maskSearch(planMasks(n, queens)) : lineSearch(n, queens, { order: "rows" });
  return take(all, limit);
}

// ---------------------------------------------------------------------------------------------
// Validation

/** Checks size, squares and attacks; returns the board. */
function validate(board: PartialBoard): PartialBoard {
  checkSize(board.n, MAX_COMPLETE_N);
  const problems = boardProblems(board);
  if (problems.length > 0) throw new NQueensError(problems[0]!);
  const first = firstConflict(board.queens);
  if (first) throw new NQueensError(describeConflict(first));
  return board;
}

/**
 * The first attacking pair in the order `conflicts()` reports them (queens sorted by row, then
 * column; pairs by first queen, then second), found in O(k log k) rather than O(k^2).
 */
function firstConflict(queens: readonly Queen[]): Conflict | undefined {
  const qs = [...queens].sort((p, q) => p.row - q.row || p.col - q.col);
  const next = new Map<string, number>();
  let best: Conflict | undefined;
  for (let i = qs.length - 1; i >= 0; i--) {
    const q = qs[i]!;
    let j = Number.POSITIVE_INFINITY;
    for (const key of [`r${q.row}`, `c${q.col}`, `d${q.row - q.col}`, `a${q.row + q.col}`]) {
      const k = next.get(key);
      if (k !== undefined && k < j) j = k;
      next.set(key, i);
    }
    if (j !== Number.POSITIVE_INFINITY) best = { a: q, b: qs[j]!, kind: attackKind(q, qs[j]!)! };
  }
  return best;
}

function firstOf(it: Iterator<number[]>): number[] | undefined {
  const r = it.next();
  return r.done ? undefined : r.value;
}

function* take(it: Iterable<number[]>, limit: number): Generator<number[]> {
  if (limit === 0) return;
  let k = 0;
  for (const s of it) {
    yield s;
    if (++k >= limit) return;
  }
}

// ---------------------------------------------------------------------------------------------
// n <= 32: row by row with 32-bit masks. Bit c stands for column c; the lowest bit is tried
// first, so solutions come out in lexicographic order. Masks are int32 values: `>>>` keeps the
// sign bit from smearing, so n = 32 works too.

interface MaskPlan {
  readonly all: number;
  /** The cols array with the fixed queens filled in and -1 elsewhere. */
  readonly base: number[];
  /** The rows without a fixed queen, ascending. */
  readonly rows: Int32Array;
  /** For each of those rows, the columns the fixed queens attack there. */
  readonly blocked: Int32Array;
  /** False when some empty row is fully attacked by the fixed queens. */
  readonly possible: boolean;
}

function planMasks(n: number, queens: readonly Queen[]): MaskPlan {
  const all = n === 32 ? -1 : (1 << n) - 1;
  const base = new Array<number>(n).fill(-1);
  for (const q of queens) base[q.row] = q.col;
  const rows = Int32Array.from(base.flatMap((c, r) => (c === -1 ? [r] : [])));
  const blocked = new Int32Array(rows.length);
  let possible = true;
  rows.forEach((r, k) => {
    let m = 0;
    for (const q of queens) {
      const d = r - q.row;
      m |= 1 << q.col;
      if (q.col + d >= 0 && q.col + d < n) m |= 1 << (q.col + d);
      if (q.col - d >= 0 && q.col - d < n) m |= 1 << (q.col - d);
    }
    blocked[k] = m & all;
    if ((m & all) === all) possible = false;
  });
  return { all, base, rows, blocked, possible };
}

/** Lexicographic completions with masks; explicit stack, one generator for the whole walk. */
function* maskSearch(plan: MaskPlan): Generator<number[]> {
  const { all, base, rows, blocked } = plan;
  const m = rows.length;
  if (!plan.possible) return;
  if (m === 0) {
    yield base.slice();
    return;
  }
  const out = base.slice();
  const cols = new Int32Array(m);
  const ld = new Int32Array(m);
  const rd = new Int32Array(m);
  const avail = new Int32Array(m);
  avail[0] = all & ~blocked[0]!;
  let k = 0;
  while (k >= 0) {
    const a = avail[k]!;
    if (a === 0) {
      k--;
      continue;
    }
    const bit = a & -a;
    avail[k] = a ^ bit;
    out[rows[k]!] = 31 - Math.clz32(bit);
    if (k === m - 1) {
      yield out.slice();
      continue;
    }
    const gap = rows[k + 1]! - rows[k]!;
    const c = cols[k]! | bit;
    const l = (ld[k]! | bit) << gap;
    const r = (rd[k]! | bit) >>> gap;
    k++;
    cols[k] = c;
    ld[k] = l;
    rd[k] = r;
    avail[k] = all & ~(c | l | r | blocked[k]!);
  }
}

// ---------------------------------------------------------------------------------------------
// n > 32: the line board.

/**
 * Queens per line, free squares per empty row and, when `scored`, free squares per line (counting
 * only empty rows). Place and remove are O(n) and strictly LIFO.
 */
class LineBoard {
  readonly n: number;
  /** Column of the queen in each row, -1 for an empty row. */
  readonly at: Int32Array;
  /** For each empty row, how many of its squares no queen attacks (stale for occupied rows). */
  readonly free: Int32Array;
  private readonly col: Int32Array;
  /** Queens per diagonal, index r - c + n - 1. */
  private readonly diag: Int32Array;
  /** Queens per anti-diagonal, index r + c. */
  private readonly anti: Int32Array;
  /** Free squares in empty rows per column, diagonal and anti-diagonal (only when scored). */
  private readonly colFree: Int32Array;
  private readonly diagFree: Int32Array;
  private readonly antiFree: Int32Array;
  private readonly scored: boolean;

  /** A board with the given queens (which must not attack each other); O(n * empty rows). */
  constructor(n: number, queens: readonly Queen[], scored: boolean) {
    this.n = n;
    this.scored = scored;
    this.at = new Int32Array(n).fill(-1);
    this.free = new Int32Array(n);
    this.col = new Int32Array(n);
    this.diag = new Int32Array(2 * n - 1);
    this.anti = new Int32Array(2 * n - 1);
    this.colFree = new Int32Array(scored ? n : 0);
    this.diagFree = new Int32Array(scored ? 2 * n - 1 : 0);
    this.antiFree = new Int32Array(scored ? 2 * n - 1 : 0);
    for (const q of queens) {
      this.at[q.row] = q.col;
      this.col[q.col]!++;
      this.diag[q.row - q.col + n - 1]!++;
      this.anti[q.row + q.col]!++;
    }
    for (let r = 0; r < n; r++) {
      if (this.at[r] !== -1) continue;
      for (let c = 0; c < n; c++) {
        if (!this.open(r, c)) continue;
        this.free[r]!++;
        if (scored) this.count(r, c, 1);
      }
    }
  }

  /** Whether some empty row has no free square. */
  stuck(): boolean {
    for (let r = 0; r < this.n; r++) if (this.at[r] === -1 && this.free[r] === 0) return true;
    return false;
  }

  /** Whether no queen attacks (r, c). */
  open(r: number, c: number): boolean {
    return this.col[c] === 0 && this.diag[r - c + this.n - 1] === 0 && this.anti[r + c] === 0;
  }

  /**
   * How many free squares of other empty rows a queen on (r, c) would take away, roughly (squares
   * on two of its lines count twice): lower is a less constraining choice. Needs `scored`.
   */
  cost(r: number, c: number): number {
    return this.colFree[c]! + this.diagFree[r - c + this.n - 1]! + this.antiFree[r + c]!;
  }

  /** Puts a queen on (r, c); false when some empty row has no free square left. */
  place(r: number, c: number): boolean {
    const { n, at, free } = this;
    if (this.scored) {
      for (let k = 0; k < n; k++) if (this.open(r, k)) this.count(r, k, -1);
    }
    let alive = true;
    for (let s = 0; s < n; s++) {
      if (at[s] !== -1 || s === r) continue;
      const lost = this.flip(s, c, -1) + this.flip(s, c + s - r, -1) + this.flip(s, c - s + r, -1);
      free[s] -= lost;
      if (free[s] === 0) alive = false;
    }
    this.col[c]!++;
    this.diag[r - c + n - 1]!++;
    this.anti[r + c]!++;
    at[r] = c;
    return alive;
  }

  /** Takes back the most recent queen, on (r, c). */
  remove(r: number, c: number): void {
    const { n, at, free } = this;
    at[r] = -1;
    this.col[c]!--;
    this.diag[r - c + n - 1]!--;
    this.anti[r + c]!--;
    for (let s = 0; s < n; s++) {
      if (at[s] !== -1 || s === r) continue;
      free[s] += this.flip(s, c, 1) + this.flip(s, c + s - r, 1) + this.flip(s, c - s + r, 1);
    }
    if (this.scored) {
      for (let k = 0; k < n; k++) if (this.open(r, k)) this.count(r, k, 1);
    }
  }

  /** The empty row with the fewest free squares (lowest index on ties), or -1. */
  mostConstrained(): number {
    let best = -1;
    for (let s = 0; s < this.n; s++) {
      if (this.at[s] === -1 && (best === -1 || this.free[s]! < this.free[best]!)) best = s;
    }
    return best;
  }

  /** The lowest empty row, or -1. */
  firstEmpty(): number {
    return this.at.indexOf(-1);
  }

  /** 1 when (s, c) is on the board and open (and then counts it by `by` on its lines), else 0. */
  private flip(s: number, c: number, by: number): number {
    if (c < 0 || c >= this.n || !this.open(s, c)) return 0;
    if (this.scored) this.count(s, c, by);
    return 1;
  }

  private count(r: number, c: number, by: number): void {
    this.colFree[c]! += by;
    this.diagFree[r - c + this.n - 1]! += by;
    this.antiFree[r + c]! += by;
  }
}

/** How a line-board search walks: which row next, in what column order, with what budget. */
interface LineWalk {
  /**
   * "rows": the lowest empty row, columns ascending (lexicographic output).
   * "mrv": the empty row with the fewest free squares; first the column that takes the fewest free
   * squares from other rows (ties broken by `rng`), then the others from a random column on.
   */
  readonly order: "rows" | "mrv";
  readonly rng?: () => number;
  /** Give up after this many placements; `outcome.cutoff` is then set. */
  readonly budget?: number;
}

/** Set by {@link lineSearch} when it stopped on its budget rather than finishing. */
interface LineOutcome {
  cutoff: boolean;
}

/** Depth-first search over the empty rows with forward checking; yields each completion. */
function* lineSearch(
  n: number,
  queens: readonly Queen[],
  walk: LineWalk,
  outcome: LineOutcome = { cutoff: false },
): Generator<number[]> {
  const mrv = walk.order === "mrv";
  const rng = walk.rng ?? (() => 0);
  const b = new LineBoard(n, queens, mrv);
  if (b.stuck()) return;
  const empty = n - queens.length;
  if (empty === 0) {
    yield Array.from(b.at);
    return;
  }
  let budget = walk.budget ?? Number.POSITIVE_INFINITY;
  const row = new Int32Array(empty);
  /** Per depth: the preferred column (-1 when none), where the cyclic scan starts, how far it got. */
  const best = new Int32Array(empty);
  const start = new Int32Array(empty);
  const tried = new Int32Array(empty);
  const placed = new Int32Array(empty);
  const enter = (d: number) => {
    const r = mrv ? b.mostConstrained() : b.firstEmpty();
    row[d] = r;
    placed[d] = -1;
    tried[d] = -1;
    best[d] = -1;
    start[d] = 0;
    if (!mrv) return;
    start[d] = Math.floor(rng() * n);
    let low = Number.POSITIVE_INFINITY;
    let ties = 0;
    for (let c = 0; c < n; c++) {
      if (!b.open(r, c)) continue;
      const k = b.cost(r, c);
      if (k < low) {
        low = k;
        best[d] = c;
        ties = 1;
      } else if (k === low && rng() * ++ties < 1) {
        best[d] = c;
      }
    }
  };
  let d = 0;
  enter(0);
  while (d >= 0) {
    const r = row[d]!;
    if (placed[d] !== -1) {
      b.remove(r, placed[d]!);
      placed[d] = -1;
    }
    // tried = -1: the preferred column; then the cyclic scan 0..n-1, skipping it.
    let c = -1;
    if (tried[d] === -1) {
      tried[d] = 0;
      c = best[d]!;
    }
    while (c === -1 && tried[d]! < n) {
      const k = start[d]! + tried[d]!++;
      const cc = k < n ? k : k - n;
      if (cc !== best[d] && b.open(r, cc)) c = cc;
    }
    if (c === -1) {
      d--;
      continue;
    }
    if (--budget < 0) {
      outcome.cutoff = true;
      return;
    }
    placed[d] = c;
    if (!b.place(r, c)) continue;
    if (d === empty - 1) {
      yield Array.from(b.at);
      continue;
    }
    enter(++d);
  }
}

/**
 * One completion on a big board. Rounds with a doubling budget: first the most-constrained-row
 * search (exact: when it finishes within its budget, its answer is final, "none" included), then
 * min-conflicts local search around the fixed queens, which finishes the large, loosely
 * constrained boards where depth-first search flounders in the last few dozen rows. Budgets grow
 * without bound, so the answer is exact; the seed is fixed, so it is also reproducible.
 */
function lineFind(n: number, queens: readonly Queen[]): number[] | undefined {
  const rng = seededRandom(n);
  const at = new Int32Array(n).fill(-1);
  for (const q of queens) at[q.row] = q.col;
  for (let budget = 64; ; budget *= 2) {
    const outcome = { cutoff: false };
    const found = firstOf(lineSearch(n, queens, { order: "mrv", rng, budget }, outcome));
    if (found || !outcome.cutoff) return found;
    const repaired = repair(at, rng, budget);
    if (repaired) return Array.from(repaired);
  }
}
