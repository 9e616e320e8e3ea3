/**
 * **The lean search**: deciding a board without fixed queens (n = m <= 32 free rows and columns,
 * the Excluded Diagonals and Blocked n-Queens instances), with as little work per node as an
 * exact search with a choice of line can do. Measured against plain row-by-row backtracking
 * (../shared/bench/ed-dfs.c, `npm run bench:floor`): on the unsatisfiable instances the
 * hard-instance search (hard-search.ts) needs 20 to 90 times fewer nodes than the floor, but a
 * node of it costs about 5 us (a copy of 4m masks, columns kept as a transpose square by
 * square, pair kills, the diagonal bounds, a fixpoint), 500 times a node of the floor, so it
 * lost by up to 6.8 times. Profiled, each of its propagations roughly paid for itself and no
 * more (pair kills took 30% of the nodes off and added as much time; the diagonal bounds 15 to
 * 40%, the same), so this search keeps only what costs a few operations a row:
 *
 * - the open squares of each free row as a 32-bit mask, one copy per level; a queen on (i, j)
 *   takes from row i2 the bits j and j +- |i2 - i| (shifts, no table), and the columns are not
 *   kept at all: each pass over the rows counts them bit-sliced (a column with no open square
 *   is a wipeout, one with exactly one is forced);
 * - a row with one open square is placed at once, within the same pass;
 * - branching on the line, row or column, with the fewest open squares (exact counts; a
 *   column's from five bit-sliced counters, only when no row has three or fewer), the least
 *   row or column first: its squares partition the completions, so none is seen twice.
 *
 * About 3 million nodes a second on one core (n = 22..25), against 0.2 million for the
 * hard-instance search, with 2 to 4 times its nodes: 2 to 4 times faster on unsatisfiable
 * instances (docs/notes/2026-12-07-completion-floor.md). No restarts, no learning, no random
 * choices: the same board, the same search and completion. decide.ts runs it beside the
 * hard-instance search (whose restarts, root bounds and nogoods end many satisfiable instances,
 * and some unsatisfiable ones, at once), in slices.
 *
 * The loops are written for speed (why they are not split into small methods): the answers are
 * tested against the hard-instance search and the SAT route (lean-search.test.ts).
 *
 * decide.ts runs this search by its WebAssembly kernel (lean-kernel-wasm.ts: the same nodes,
 * 2.3 to 2.8 times faster); this class is its readable version, which the kernel is tested against.
 */
import { low, popcount } from "../bits.js";

/** What a run of the lean search ended with. */
export type LeanStatus = "sat" | "unsat" | "paused";

/** The lean search over the open squares of a board without fixed queens; see the module comment. */
export class LeanSearch {
  /** Branching points so far. */
  nodes = 0;
  private readonly m: number;
  private readonly full: number;
  /** Per level: the open squares of each row (m ints); a placed row's entry is stale. */
  private readonly st: Int32Array;
  private readonly doneR: Int32Array;
  private readonly doneC: Int32Array;
  /** Per level: the branching line (a row, or a column when `isCol`) and its untried squares. */
  protected readonly line: Int32Array;
  protected readonly isCol: Uint8Array;
  private readonly cand: Int32Array;
  /** The column of each row's queen (written when placed; read only on a completion's path). */
  private readonly queenOf: Int32Array;
  private level = 0;
  private fresh = true;
  private status: LeanStatus | undefined;
  private solution: Int32Array | undefined;

  /** `open[i]`: the open squares of row i (bit j: column j) of an m x m board, m <= 32. */
  constructor(open: ArrayLike<number>, m: number) {
    this.m = m;
    this.full = m === 32 ? -1 : (1 << m) - 1;
    const levels = m + 1;
    this.st = new Int32Array(levels * m);
    for (let i = 0; i < m; i++) this.st[i] = open[i]! & this.full;
    this.doneR = new Int32Array(levels);
    this.doneC = new Int32Array(levels);
    this.line = new Int32Array(levels);
    this.isCol = new Uint8Array(levels);
    this.cand = new Int32Array(levels);
    this.queenOf = new Int32Array(m);
  }

  /** The answer once `run` returned "sat" or "unsat". */
  get result(): LeanStatus | undefined {
    return this.status;
  }

  /** The completion found: the column of each row. */
  get placement(): Int32Array | undefined {
    return this.solution;
  }

  /**
   * Searches on for at most `budget` more nodes: "sat" or "unsat" with the answer (every later
   * call returns the same), "paused" when the budget ran out (call again to go on).
   */
  run(budget = Number.POSITIVE_INFINITY): LeanStatus {
    if (this.status !== undefined) return this.status;
    const stopAt = this.nodes + budget;
    const { m, st, cand, doneR, doneC } = this;
    for (;;) {
      const L = this.level;
      if (this.fresh) {
        if (this.nodes >= stopAt) return "paused";
        this.fresh = false;
        const got = this.propagate(L);
        if (got === SOLVED) {
          this.solution = this.queenOf.slice();
          this.status = "sat";
          return "sat";
        }
        if (got === BRANCH) {
          this.nodes++;
          this.branched(L);
        } else cand[L] = 0;
      }
      const c = cand[L]!;
      if (c !== 0) {
        cand[L] = c & (c - 1);
        const v = low(c);
        const i = this.isCol[L] ? v : this.line[L]!;
        const j = this.isCol[L] ? this.line[L]! : v;
        const o = L * m;
        const o2 = o + m;
        const b = 1 << j;
        const rows = doneR[L]! | (1 << i);
        doneR[L + 1] = rows;
        doneC[L + 1] = doneC[L]! | b;
        this.queenOf[i] = j;
        // The child's rows: the parent's, less the new queen's column and diagonals. A row left
        // empty ends the child here, before its propagation.
        let alive = true;
        for (let rest = ~rows & this.full; rest !== 0; rest &= rest - 1) {
          const i2 = low(rest);
          const d = i2 > i ? i2 - i : i - i2;
          const x = st[o + i2]! & ~(b | (b << d) | (b >>> d));
          st[o2 + i2] = x;
          if (x === 0) alive = false;
        }
        if (!alive) continue;
        this.level = L + 1;
        this.fresh = true;
        continue;
      }
      if (L === 0) {
        this.status = "unsat";
        return "unsat";
      }
      this.level = L - 1;
    }
  }

  /**
   * Called when level L branches (`line[L]`, `isCol[L]`; its squares are tried in ascending
   * order): nothing here; the certifying search (completion/certify.ts) writes the branch. A
   * node that fails (a line without a square after the forced placements) calls nothing.
   */
  protected branched(_L: number): void {}

  /**
   * Propagates level L (forced rows and columns, wipeouts) and picks its branching line: the
   * row or column with the fewest open squares.
   */
  private propagate(L: number): number {
    const { m, st, full } = this;
    const o = L * m;
    let doneR = this.doneR[L]!;
    let doneC = this.doneC[L]!;
    for (;;) {
      const openR = ~doneR & full;
      if (openR === 0) {
        this.doneR[L] = doneR;
        this.doneC[L] = doneC;
        return SOLVED;
      }
      let best = -1;
      let bestK = 99;
      // Columns by the rows that have them open: once, twice, three times or more.
      let seen1 = 0;
      let seen2 = 0;
      let seen3 = 0;
      let placed = false;
      for (let rest = openR; rest !== 0; rest &= rest - 1) {
        const i = low(rest);
        const x = st[o + i]!;
        if (x === 0) return CONFLICT;
        if ((x & (x - 1)) === 0) {
          // Forced: placed now, so that the rows after it in this pass see it.
          doneR |= 1 << i;
          doneC |= x;
          this.queenOf[i] = low(x);
          for (let r2 = ~doneR & full; r2 !== 0; r2 &= r2 - 1) {
            const i2 = low(r2);
            const d = i2 > i ? i2 - i : i - i2;
            st[o + i2]! &= ~(x | (x << d) | (x >>> d));
          }
          placed = true;
          continue;
        }
        if (placed) continue;
        seen3 |= seen2 & x;
        seen2 |= seen1 & x;
        seen1 |= x;
        const k = popcount(x);
        if (k < bestK) {
          bestK = k;
          best = i;
        }
      }
      if (placed) continue;
      const openC = ~doneC & full;
      if ((openC & ~seen1) !== 0) return CONFLICT;
      const single = openC & seen1 & ~seen2;
      if (single !== 0) {
        const b = single & -single;
        let i = 0;
        while ((st[o + i]! & b) === 0 || ((doneR >>> i) & 1) !== 0) i++;
        doneR |= 1 << i;
        doneC |= b;
        this.queenOf[i] = low(b);
        for (let r2 = ~doneR & full; r2 !== 0; r2 &= r2 - 1) {
          const i2 = low(r2);
          const d = i2 > i ? i2 - i : i - i2;
          st[o + i2]! &= ~(b | (b << d) | (b >>> d));
        }
        continue;
      }
      this.doneR[L] = doneR;
      this.doneC[L] = doneC;
      let col = -1;
      const twos = openC & seen2 & ~seen3;
      if (bestK > 2 && twos !== 0) col = low(twos);
      else if (bestK > 3) col = this.leastColumn(o, openR, openC, bestK);
      if (col < 0) {
        this.isCol[L] = 0;
        this.line[L] = best;
        this.cand[L] = st[o + best]!;
        return BRANCH;
      }
      let x = 0;
      for (let rest = openR; rest !== 0; rest &= rest - 1) {
        const i = low(rest);
        if ((st[o + i]! >>> col) & 1) x |= 1 << i;
      }
      this.isCol[L] = 1;
      this.line[L] = col;
      this.cand[L] = x;
      return BRANCH;
    }
  }

  /**
   * The open column with fewer open squares than `than`, the fewest (the first of equals), or
   * -1: each column's count from five bit-sliced counters over the open rows.
   */
  private leastColumn(o: number, openR: number, openC: number, than: number): number {
    const st = this.st;
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    let c4 = 0;
    for (let rest = openR; rest !== 0; rest &= rest - 1) {
      const x = st[o + low(rest)]!;
      // Adds x to the 5-bit counters, one per column (at most 32 rows).
      let carry = c0 & x;
      c0 ^= x;
      let next = c1 & carry;
      c1 ^= carry;
      carry = c2 & next;
      c2 ^= next;
      next = c3 & carry;
      c3 ^= carry;
      c4 |= next;
    }
    let best = -1;
    let bestK = than;
    for (let rest = openC; rest !== 0; rest &= rest - 1) {
      const j = low(rest);
      const k =
        ((c0 >>> j) & 1) |
        (((c1 >>> j) & 1) << 1) |
        (((c2 >>> j) & 1) << 2) |
        (((c3 >>> j) & 1) << 3) |
        (((c4 >>> j) & 1) << 4);
      if (k < bestK) {
        bestK = k;
        best = j;
      }
    }
    return best;
  }
}

const CONFLICT = 0;
const SOLVED = 1;
const BRANCH = 2;
