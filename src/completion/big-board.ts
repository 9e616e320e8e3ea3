/**
 * One completion of a big board with many empty rows, in time near linear in the board (the line
 * board's search, line-board.ts, is quadratic in the empty rows): the empty rows are filled
 * greedily, each taking a random unused column that no queen attacks diagonally when one turns up
 * within a few tries, then min-conflicts repair swaps the columns of two empty rows at a time
 * until no two queens attack each other. The placed queens never move, so a repaired board keeps
 * them; the queens always form a permutation, so only diagonals can clash.
 *
 * A heuristic with a budget: about {@link WORK_PER_ROW} swap evaluations per row of the board,
 * with a fresh greedy start whenever the repair stalls. When the budget runs out it gives up,
 * and complete.ts runs the exact search: "cannot be completed" never comes from here. Seeded by
 * n (the same board, the same completion).
 */
import type { Queen } from "../board.js";
import { seededRandom } from "../random.js";
import { NO_WATCH, type Watch } from "./search-watch.js";

/**
 * The repair is tried on boards of more than BIG_N rows, without blocked squares or excluded
 * diagonals, with at least one placed queen (an empty board has the construction) and more than
 * BIG_EMPTY empty rows: there the line board's O(empty rows^2) start already costs about a
 * second or more. Smaller boards stay on the exact searches (the same completions as before).
 * Measured: README, "What sizes are practical".
 */
const BIG_N = 5000;
const BIG_EMPTY = 1000;

/** Whether {@link bigRepair} is tried first for a board of n rows with `placed` queens. */
export function usesRepair(n: number, placed: number, restricted: boolean): boolean {
  return !restricted && placed > 0 && n > BIG_N && n - placed > BIG_EMPTY;
}

/** The repair's budget: swap evaluations (and greedy tries) per row of the board, plus a floor. */
const WORK_PER_ROW = 64;
const WORK_FLOOR = 1 << 22;
/** Random unused columns a row tries in the greedy start for one no queen attacks diagonally. */
const TRIES = 128;
/** With this many unused columns or fewer left, the greedy start looks at each of them. */
const SCAN_LEFT = 4096;
/** Random partners a clashing row tries for an improving swap before it looks at all of them. */
const PARTNERS = 1024;
/** Repair steps without fewer clashes before a fresh greedy start. */
const STALL = 512;
/** Work units (swap evaluations, greedy tries) between ticks: about a millisecond. */
export const REPAIR_TICKS = 1 << 16;

/**
 * The repair's state: the free columns as one pool over the free rows, the queens per diagonal
 * (fixed queens included) and the clashes: over all diagonals and anti-diagonals, the queens on
 * it less one, where positive.
 */
class FreeRows {
  readonly m: number;
  /** The empty rows, ascending. */
  readonly rows: Int32Array;
  /** The unused columns; the greedy start puts row `rows[k]` on `pool[k]`. */
  readonly pool: Int32Array;
  /** The current `cols`, placed queens included. */
  readonly q: Int32Array;
  /** Queens per diagonal (index r - c + n - 1) and per anti-diagonal (index r + c). */
  private readonly dg: Int32Array;
  private readonly ad: Int32Array;
  clashes = 0;
  /** Swap evaluations and greedy tries so far: the budget's measure. */
  work = 0;
  /** Indexes into `rows` of rows that clashed when last looked at (some may have stopped). */
  private readonly bad: number[] = [];

  constructor(
    readonly n: number,
    private readonly queens: readonly Queen[],
    private readonly rng: () => number,
  ) {
    this.q = new Int32Array(n).fill(-1);
    const used = new Uint8Array(n);
    for (const { row, col } of queens) {
      this.q[row] = col;
      used[col] = 1;
    }
    this.m = n - queens.length;
    this.rows = new Int32Array(this.m);
    this.pool = new Int32Array(this.m);
    for (let r = 0, k = 0; r < n; r++) if (this.q[r] === -1) this.rows[k++] = r;
    for (let c = 0, k = 0; c < n; c++) if (!used[c]) this.pool[k++] = c;
    this.dg = new Int32Array(2 * n - 1);
    this.ad = new Int32Array(2 * n - 1);
  }

  /** Before a greedy start: only the placed queens on the diagonals. */
  clear(): void {
    const { n, dg, ad } = this;
    dg.fill(0);
    ad.fill(0);
    for (const { row, col } of this.queens) {
      dg[row - col + n - 1]!++;
      ad[row + col]!++;
    }
    this.clashes = 0;
    this.bad.length = 0;
  }

  /**
   * The greedy start's step for `rows[k]` (rows before it placed): a random unused column whose
   * diagonals are free, within {@link TRIES} tries (or among all of them once few are left),
   * else the last one tried.
   */
  placeRow(k: number): void {
    const { n, m, pool, rows, dg, ad, rng } = this;
    const r = rows[k]!;
    const left = m - k;
    let j = k;
    let ok = false;
    let t = 0;
    for (; t < TRIES && !ok; t++) {
      j = k + Math.floor(rng() * left);
      ok = dg[r - pool[j]! + n - 1] === 0 && ad[r + pool[j]!] === 0;
    }
    this.work += t;
    if (!ok && left <= SCAN_LEFT) {
      for (let i = k; i < m; i++) {
        if (dg[r - pool[i]! + n - 1] === 0 && ad[r + pool[i]!] === 0) {
          j = i;
          break;
        }
      }
      this.work += left;
    }
    const c = pool[j]!;
    pool[j] = pool[k]!;
    pool[k] = c;
    this.q[r] = c;
    if (dg[r - c + n - 1]!++ > 0) this.clashes++;
    if (ad[r + c]!++ > 0) this.clashes++;
  }

  /**
   * One repair step on a random clashing row: the first of {@link PARTNERS} random partners whose
   * swap removes clashes, else the best swap over all empty rows (ties at random), taken when it
   * adds none (sideways moves cross plateaus).
   */
  step(): void {
    const { m, rows, rng, bad } = this;
    if (bad.length === 0) {
      for (let k = 0; k < m; k++) if (this.clashing(rows[k]!)) bad.push(k);
      this.work += m;
      if (bad.length === 0) return;
    }
    const pos = Math.floor(rng() * bad.length);
    const a = bad[pos]!;
    const i = rows[a]!;
    if (!this.clashing(i)) {
      bad[pos] = bad[bad.length - 1]!;
      bad.pop();
      return;
    }
    let best = Number.POSITIVE_INFINITY;
    let partner = -1;
    for (let t = m > PARTNERS ? 0 : PARTNERS; t < PARTNERS; t++) {
      this.work++;
      const k = Math.floor(rng() * m);
      if (k === a) continue;
      const delta = this.swapDelta(i, rows[k]!);
      if (delta < 0) {
        best = delta;
        partner = k;
        break;
      }
    }
    if (partner === -1) {
      let ties = 0;
      for (let k = 0; k < m; k++) {
        if (k === a) continue;
        const delta = this.swapDelta(i, rows[k]!);
        if (delta < best) {
          best = delta;
          partner = k;
          ties = 1;
        } else if (delta === best && rng() * ++ties < 1) {
          partner = k;
        }
      }
      this.work += m;
    }
    if (partner === -1 || best > 0) return;
    this.swap(i, rows[partner]!);
    this.clashes += best;
    if (this.clashing(rows[partner]!)) bad.push(partner);
  }

  private clashing(r: number): boolean {
    const c = this.q[r]!;
    return this.dg[r - c + this.n - 1]! > 1 || this.ad[r + c]! > 1;
  }

  /**
   * Hot path: the change in clashes if rows i and j swapped columns (as min-conflicts.ts). The old
   * lines of the two queens never equal their new lines; two old (or two new) lines of one kind
   * may coincide.
   */
  private swapDelta(i: number, j: number): number {
    const { n, q, dg, ad } = this;
    const qi = q[i]!;
    const qj = q[j]!;
    const di = i - qi + n - 1;
    const dj = j - qj + n - 1;
    const ai = i + qi;
    const aj = j + qj;
    const ni = i - qj + n - 1;
    const nj = j - qi + n - 1;
    const mi = i + qj;
    const mj = j + qi;
    let delta: number;
    if (di === dj) delta = dg[di]! > 2 ? -2 : -1;
    else delta = -(dg[di]! > 1 ? 1 : 0) - (dg[dj]! > 1 ? 1 : 0);
    if (ai === aj) delta += ad[ai]! > 2 ? -2 : -1;
    else delta += -(ad[ai]! > 1 ? 1 : 0) - (ad[aj]! > 1 ? 1 : 0);
    if (ni === nj) delta += dg[ni]! > 0 ? 2 : 1;
    else delta += (dg[ni]! > 0 ? 1 : 0) + (dg[nj]! > 0 ? 1 : 0);
    if (mi === mj) delta += ad[mi]! > 0 ? 2 : 1;
    else delta += (ad[mi]! > 0 ? 1 : 0) + (ad[mj]! > 0 ? 1 : 0);
    return delta;
  }

  private swap(i: number, j: number): void {
    const { n, q, dg, ad } = this;
    const qi = q[i]!;
    const qj = q[j]!;
    dg[i - qi + n - 1]!--;
    ad[i + qi]!--;
    dg[j - qj + n - 1]!--;
    ad[j + qj]!--;
    q[i] = qj;
    q[j] = qi;
    dg[i - qj + n - 1]!++;
    ad[i + qj]!++;
    dg[j - qi + n - 1]!++;
    ad[j + qi]!++;
  }
}

/**
 * The repair, as a generator: yields `null` about every `watch.tickEvery` work units (a chance to
 * look at the clock and the signal) and returns the completed `cols` (placed queens kept, not yet
 * checked against the board), or undefined when it gave up on its budget. Progress: the empty
 * rows without a clash, of all empty rows: (0, m) at the start, (m, m) when done.
 * The placed queens must not attack each other (the caller has checked the board).
 */
export function* bigRepair(
  n: number,
  queens: readonly Queen[],
  watch: Watch = NO_WATCH,
): Generator<null, Int32Array | undefined> {
  const s = new FreeRows(n, queens, seededRandom(n));
  const { m } = s;
  const budget = WORK_PER_ROW * n + WORK_FLOOR;
  const report = watch.progress;
  const every = watch.tickEvery > 0 ? watch.tickEvery : Number.POSITIVE_INFINITY;
  let tick = every;
  report?.(0, m);
  while (s.work < budget) {
    s.clear();
    for (let k = 0; k < m; k++) {
      s.placeRow(k);
      if (s.work >= tick) {
        tick = s.work + every;
        report?.(Math.max(0, k + 1 - s.clashes), m);
        yield null;
      }
    }
    let fewest = s.clashes;
    for (let stalled = 0; s.clashes > 0 && stalled < STALL && s.work < budget; ) {
      s.step();
      if (s.clashes < fewest) {
        fewest = s.clashes;
        stalled = 0;
      } else stalled++;
      if (s.work >= tick) {
        tick = s.work + every;
        report?.(Math.max(0, m - s.clashes), m);
        yield null;
      }
    }
    if (s.clashes === 0) {
      report?.(m, m);
      return s.q;
    }
  }
  return undefined;
}

/** {@link bigRepair} to its end, without ticks. */
export function bigRepairNow(n: number, queens: readonly Queen[]): Int32Array | undefined {
  const it = bigRepair(n, queens);
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
  }
}
