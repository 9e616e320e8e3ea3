/**
 * Completing boards of n > 32 with more than 32 queens missing: the line board (queens per
 * column and diagonal, free squares per empty row, O(n) per placement), searched by MRV, with a
 * min-conflicts local search around the fixed queens for `completeOne`.
 */
import type { Forbidden, Queen } from "../board.js";
import { repair } from "../min-conflicts.js";
import { seededRandom } from "../random.js";
import type { Deadline } from "./deadline.js";
import { lineTicks, NO_PROGRESS, type SearchProgress } from "./search-progress.js";
import { type Checked, firstOf, NOTHING_FORBIDDEN } from "./validate.js";

/**
 * Queens per line, free squares per empty row and, when `scored`, free squares per line (counting
 * only empty rows). Only the rows and columns without a fixed queen are ever looked at, so for e
 * of them building the board is O(n + e^2) and place and remove are O(e); strictly LIFO.
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
  /** The rows empty when the board was made, ascending: the only rows a search fills. */
  private readonly rows: Int32Array;
  /** The columns without a queen when the board was made, ascending: the only ones it uses. */
  readonly cols: Int32Array;

  /** The squares the board forbids (blocked, excluded diagonals): never open. */
  private readonly forbidden: Forbidden;

  /**
   * A board with the given queens (which must not attack each other, nor stand on a forbidden
   * square); O(n + empty rows^2).
   */
  constructor(n: number, queens: readonly Queen[], scored: boolean, forbidden: Forbidden) {
    this.n = n;
    this.forbidden = forbidden;
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
    this.rows = new Int32Array(n - queens.length);
    for (let r = 0, k = 0; r < n; r++) if (this.at[r] === -1) this.rows[k++] = r;
    this.cols = new Int32Array(n - queens.length);
    for (let c = 0, k = 0; c < n; c++) if (this.col[c] === 0) this.cols[k++] = c;
    for (const r of this.rows) {
      for (const c of this.cols) {
        if (!this.open(r, c)) continue;
        this.free[r]!++;
        if (scored) this.count(r, c, 1);
      }
    }
  }

  /** Whether some empty row has no free square. */
  stuck(): boolean {
    for (const r of this.rows) if (this.at[r] === -1 && this.free[r] === 0) return true;
    return false;
  }

  /** Whether no queen attacks (r, c) and the board does not forbid it. */
  open(r: number, c: number): boolean {
    return (
      this.col[c] === 0 &&
      this.diag[r - c + this.n - 1] === 0 &&
      this.anti[r + c] === 0 &&
      !(this.forbidden.any && this.forbidden.has(r, c))
    );
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
      for (const k of this.cols) if (this.open(r, k)) this.count(r, k, -1);
    }
    let alive = true;
    for (const s of this.rows) {
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
    for (const s of this.rows) {
      if (at[s] !== -1 || s === r) continue;
      free[s] += this.flip(s, c, 1) + this.flip(s, c + s - r, 1) + this.flip(s, c - s + r, 1);
    }
    if (this.scored) {
      for (const k of this.cols) if (this.open(r, k)) this.count(r, k, 1);
    }
  }

  /** The empty row with the fewest free squares (lowest index on ties), or -1. */
  mostConstrained(): number {
    let best = -1;
    for (const s of this.rows) {
      if (this.at[s] === -1 && (best === -1 || this.free[s]! < this.free[best]!)) best = s;
    }
    return best;
  }

  /** The lowest empty row, or -1. */
  firstEmpty(): number {
    for (const s of this.rows) if (this.at[s] === -1) return s;
    return -1;
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
  /** With "mrv": the first row is the lowest empty row, columns ascending (sub-problems by it). */
  readonly lowestFirst?: boolean;
  readonly rng?: () => number;
  /** Give up after this many placements; `outcome.cutoff` is then set. */
  readonly budget?: number;
}

/** Set by {@link lineSearch} when it stopped on its budget rather than finishing. */
interface LineOutcome {
  cutoff: boolean;
}

/**
 * Depth-first search over the empty rows with forward checking; yields each completion, and
 * `null` when the watch asks for ticks. The watch's progress is over the first row's candidates.
 */
export function* lineSearch(
  v: Pick<Checked, "n" | "queens" | "forbidden">,
  walk: LineWalk,
  outcome: LineOutcome = { cutoff: false },
  watch: SearchProgress = NO_PROGRESS,
): Generator<number[] | null> {
  const mrv = walk.order === "mrv";
  const rng = walk.rng ?? (() => 0);
  const report = watch.progress;
  const { n, queens } = v;
  const b = new LineBoard(n, queens, mrv, v.forbidden);
  const empty = n - queens.length;
  const free = b.cols; // the columns to try, ascending
  const width = free.length;
  if (empty === 0) {
    report?.(0, 1);
    yield Array.from(b.at);
    report?.(1, 1);
    return;
  }
  if (b.stuck()) {
    report?.(0, 0);
    return;
  }
  let budget = walk.budget ?? Number.POSITIVE_INFINITY;
  const row = new Int32Array(empty);
  /**
   * Per depth: the preferred column (-1 when none), where the cyclic scan of `free` starts, how
   * far it got.
   */
  const best = new Int32Array(empty);
  const start = new Int32Array(empty);
  const tried = new Int32Array(empty);
  const placed = new Int32Array(empty);
  const enter = (d: number) => {
    const plain = !mrv || (d === 0 && walk.lowestFirst === true);
    const r = plain ? b.firstEmpty() : b.mostConstrained();
    row[d] = r;
    placed[d] = -1;
    tried[d] = -1;
    best[d] = -1;
    start[d] = 0;
    if (plain) return;
    start[d] = Math.floor(rng() * width);
    let low = Number.POSITIVE_INFINITY;
    let ties = 0;
    for (const c of free) {
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
  const total = b.free[row[0]!]!;
  report?.(0, total);
  const every = watch.tickEvery;
  let steps = 0;
  let entered = 0; // candidates of the first row taken so far
  while (d >= 0) {
    if (every > 0 && ++steps >= every) {
      steps = 0;
      yield null;
    }
    const r = row[d]!;
    if (placed[d] !== -1) {
      b.remove(r, placed[d]!);
      placed[d] = -1;
    }
    // tried = -1: the preferred column; then the cyclic scan of the free columns, skipping it.
    let c = -1;
    if (tried[d] === -1) {
      tried[d] = 0;
      c = best[d]!;
    }
    while (c === -1 && tried[d]! < width) {
      const k = start[d]! + tried[d]!++;
      const cc = free[k < width ? k : k - width]!;
      if (cc !== best[d] && b.open(r, cc)) c = cc;
    }
    if (c === -1) {
      if (d === 0) report?.(entered, total);
      d--;
      continue;
    }
    if (d === 0) {
      if (entered > 0) report?.(entered, total);
      entered++;
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
export function lineFind(
  n: number,
  queens: readonly Queen[],
  deadline?: Deadline,
): number[] | undefined {
  const rng = seededRandom(n);
  const at = new Int32Array(n).fill(-1);
  for (const q of queens) at[q.row] = q.col;
  for (let budget = 64; ; budget *= 2) {
    const outcome = { cutoff: false };
    const found = firstOf(
      lineSearch(
        { n, queens, forbidden: NOTHING_FORBIDDEN },
        { order: "mrv", rng, budget },
        outcome,
        ticksFor(n, deadline),
      ),
      deadline,
    );
    if (found || !outcome.cutoff) return found;
    const repaired = repair(at, rng, budget);
    if (repaired) return Array.from(repaired);
    deadline?.check();
  }
}

/** Ticks to look at the clock by, when there is a deadline. */
function ticksFor(n: number, deadline: Deadline | undefined): SearchProgress {
  return deadline === undefined ? NO_PROGRESS : { tickEvery: lineTicks(n) };
}

/**
 * One completion of a big board with blocked squares or excluded diagonals and more than 32
 * queens missing: the most-constrained-row search to the end (exact; min-conflicts repair does
 * not know forbidden squares).
 */
export function lineExact(v: Checked, deadline?: Deadline): number[] | undefined {
  const walk = { order: "mrv", rng: seededRandom(v.n) } as const;
  return firstOf(lineSearch(v, walk, undefined, ticksFor(v.n, deadline)), deadline);
}
