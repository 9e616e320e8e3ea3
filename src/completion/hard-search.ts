/**
 * **The hard-instance search**: deciding whether a {@link SubBoard} can be completed, and finding
 * a completion. Built for the instances near the phase transition of Gent, Jefferson and
 * Nightingale (JAIR 2017), where plain row-by-row backtracking needs billions of nodes.
 *
 * Every row and every column must get exactly one queen, so both are "lines" of the problem:
 * - **Branching**: on the line (row *or* column) with the fewest open squares per failure
 *   (dom/wdeg: each line that runs out of squares gets a weight, kept across restarts, and the
 *   line with the least open squares / weight is chosen), ties broken at random. A line's
 *   squares partition the completions, so no completion is seen twice. The ratio, rather than
 *   the count first and the weight only between equal counts, took the median nodes of the
 *   Excluded Diagonals instances at n = 21 down by 14%.
 * - **Propagation**, to a fixpoint at every node: a line with no open square fails; a line with
 *   one is forced; a line with two open squares takes away every square that attacks both
 *   (placing a queen there would leave the line empty); and the diagonals must fit: the queens
 *   still missing use distinct sum diagonals whose values add up to exactly the sum of their
 *   rows and columns (the same for difference diagonals), so the smallest and largest such sums
 *   over the diagonals still open bound it; and their squares add up to 2 (sum r^2 + sum c^2),
 *   which the open diagonals nearest to the mean bound from below (`diagonalsFit`). The bounds
 *   are kept for boards with few diagonals (a full board's 2n - 1), where they prune; on
 *   compressed big boards they are off.
 * - **Learning**: a subtree that fails under one or two decisions gives a nogood, kept for the
 *   rest of the run: a failed single queen is removed from the board, a failed pair becomes an
 *   extra "attack" between the two squares, so propagation uses it at once and after restarts.
 * - **Restarts**, for the decision: runs are cut after a Luby sequence of node budgets (unit
 *   {@link RESTART_UNIT}), each with a new random tie-break and value order; the weights and
 *   nogoods carry over, so a restart does not lose what was learned. Heavy-tailed satisfiable
 *   instances end in an early run; for unsatisfiable ones the last run proves it. The unit
 *   trades the median (satisfiable instances end sooner with short runs) against the total
 *   (unsatisfiable ones repeat work): on the 500 Excluded Diagonals instances at n = 21, units
 *   of 2,048 / 4,096 / 8,192 / 16,384 / 32,768 nodes gave median CPU times of 0.074 / 0.080 /
 *   0.078 / 0.089 / 0.123 s and totals of 266 / 235 / 201 / 205 / 181 s; 256 nodes cost 2.5
 *   times the nodes of a single search.
 *
 * The search is an explicit stack, one level per decision (forced queens stay on their level),
 * each level a copy of the open-square masks, so it can stop after a node budget and go on
 * later (`run`): the async completion functions give the event loop its turns between slices.
 * Exact: the answer is "completable" only with a completion in hand (checked by the caller),
 * "not completable" only when the whole tree is refuted.
 */
import { popcount } from "../bits.js";
import { mulberry32 } from "../random.js";
import type { SubBoard } from "./sub-board.js";

/** What a run of the search ended with. */
export type SearchStatus = "sat" | "unsat" | "paused";

/** Nodes of the first run between restarts; run k gets RESTART_UNIT * luby(k). */
export const RESTART_UNIT = 8192;

/** Options of {@link HardSearch}. */
export interface HardSearchOptions {
  /**
   * The seed of the random tie-breaks and value orders (the same seed, the same search).
   * @default 1
   */
  readonly seed?: number;
  /**
   * Restart on the Luby schedule. Off: one depth-first search, the same tree every time.
   * @default true
   */
  readonly restarts?: boolean;
  /**
   * Take away the squares that attack both open squares of a line with two.
   * @default true
   */
  readonly pairs?: boolean;
  /**
   * Bound the values of the diagonals still to use. Default: on when the board has at most
   * 8m diagonals with an open square (a full board's 4n - 2), off otherwise.
   */
  readonly diagonalBound?: boolean;
  /**
   * Record nogoods of one and two decisions.
   * @default true
   */
  readonly learn?: boolean;
  /**
   * Probe every open square of the levels above this depth (singleton consistency): a square
   * whose queen propagates to a contradiction is taken away.
   * @default 0
   */
  readonly probeDepth?: number;
  /**
   * Nodes of the first run; run k gets unit * luby(k).
   * @default RESTART_UNIT
   */
  readonly restartUnit?: number;
  /**
   * On a board without fixed queens, build the diagonal bound from shifted row masks (the
   * same bound, found faster). Off: the general per-square count, for tests that compare them.
   * @default true
   */
  readonly diagonalShifts?: boolean;
  /**
   * With the diagonal bound, also bound the squares of the diagonals' values (see
   * `diagonalsFit`).
   * @default true
   */
  readonly secondMoment?: boolean;
}

/** The Luby sequence 1 1 2 1 1 2 4 1 1 2 ..., from k = 1. */
export function luby(k: number): number {
  for (let size = 1, power = 1; ; size = 2 * size + 1, power *= 2) {
    if (k === size) return power;
    if (k < size) {
      // Within the sequence of this size: the first half repeats the previous sequence.
      return luby(k - (size - 1) / 2);
    }
  }
}

/** Index of the lowest set bit. */
function low(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/**
 * The most a line's failure weight counts. A score is count * 2^20 / weight - tie (tie: 0..255),
 * so at the cap the tie-break still weighs about as much as the count.
 */
const MAX_WEIGHT = 4000;

/**
 * The largest board the second-moment bound is used on: with k <= 32 queens and values below
 * 2n, its sums of (k v - t)^2 and k^2 tQ stay under 2^53 (about 2^51 at this n).
 */
const MOMENT_MAX_N = 65536;

const CONFLICT = 0;
const SOLVED = 1;
const BRANCH = 2;

/** The search over one sub-board; see the module comment. Not reusable across boards. */
export class HardSearch {
  /** Search nodes (branching points) so far, over all runs. */
  nodes = 0;
  /** Restarts so far. */
  restarts = 0;
  /** Nogoods recorded: single squares and pairs. */
  learned = 0;

  private readonly m: number;
  private readonly full: number;
  /**
   * Ints per level: open rows (m), open columns (m), the masks of the lines with two open
   * squares when their pairs were last looked at (2m).
   */
  private readonly width: number;
  private readonly sums: number;
  private readonly diffs: number;
  private readonly st: Int32Array;
  /**
   * The column of each row's queen. One array for all levels: a row's entry is written when its
   * queen is placed and read only while that queen stands (on the path to a completion).
   */
  private readonly queenOf: Int32Array;
  private readonly doneR: Int32Array;
  private readonly doneC: Int32Array;
  private readonly left: Int32Array;
  private readonly tS: Float64Array;
  private readonly tD: Float64Array;
  /** Per level: 2 (sum r^2 + sum c^2) over the free rows and columns (the second moment). */
  private readonly tQ: Float64Array;
  /** Per level: the branching line (row index, or m + column index). */
  private readonly line: Int32Array;
  /** Per level: the candidates in the order they are tried, and how many are tried so far. */
  private readonly cand: Int32Array;
  private readonly candN: Int32Array;
  private readonly candP: Int32Array;
  /** The square each level's decision placed (i * 32 + j), for nogoods. */
  private readonly dec: Int32Array;
  /** The level-0 state every run starts from (with the unit nogoods taken out). */
  private readonly root: Int32Array;
  private readonly attack: Int32Array;
  private readonly sumId: Int32Array;
  private readonly diffId: Int32Array;
  private readonly sumValue: Int32Array;
  private readonly diffValue: Int32Array;
  private readonly rows: Int32Array;
  private readonly cols: Int32Array;
  /** Failure weights of the lines: rows 0..m-1, columns m..2m-1 (at most MAX_WEIGHT). */
  private readonly weight: Int32Array;
  /** 2^20 / weight, per line: a score is a multiplication, not a division. */
  private readonly share: Float64Array;
  /** Tie-breaks between lines of about the same score: random 0..255, new each run. */
  private readonly priority: Int32Array;
  private readonly pairs: boolean;
  private readonly bound: boolean;
  private readonly learn: boolean;
  private readonly restartsOn: boolean;
  private readonly probeDepth: number;
  private readonly unit: number;
  /** Squares taken away by probing. */
  probed = 0;
  private rng: () => number;
  private readonly seed: number;
  /** The current level, and whether it still has to be propagated. */
  private level = 0;
  private fresh = true;
  private runNodes = 0;
  private runBudget: number;
  private status: SearchStatus | undefined;
  private solution: Int32Array | undefined;
  /** Lines that have one open square left (rows i, columns m + j), to place at once. */
  private readonly queue = new Int32Array(1024);
  private queued = 0;
  /** The rows and columns holding a queen at the level being changed. */
  private curDoneR = 0;
  private curDoneC = 0;
  /** The line that ran out of squares at the last wipeout (-1: none). */
  private dead = -1;
  /** Marks of the diagonals with an open square, by number (the bound's scratch). */
  private readonly sumMark: Int32Array;
  private readonly diffMark: Int32Array;
  private stamp = 0;
  /** The values of the open diagonals, ascending, and how many (the bounds' scratch). */
  private readonly sumList: Float64Array;
  private readonly diffList: Float64Array;
  private nSums = 0;
  private nDiffs = 0;
  private readonly moment: boolean;
  /** A scratch list of candidate costs for the value order. */
  private readonly costs = new Float64Array(32);
  /** True when no queen is fixed: compressed square (i, j) is board square (i, j). */
  private readonly whole: boolean;

  constructor(
    readonly sub: SubBoard,
    options: HardSearchOptions = {},
  ) {
    const m = sub.m;
    this.m = m;
    this.full = m === 32 ? -1 : (1 << m) - 1;
    this.sums = sub.sumValue.length;
    this.diffs = sub.diffValue.length;
    this.width = 4 * m;
    this.queenOf = new Int32Array(m);
    this.sumMark = new Int32Array(this.sums);
    this.sumList = new Float64Array(Math.max(64, this.sums));
    this.diffList = new Float64Array(Math.max(64, this.diffs));
    this.diffMark = new Int32Array(this.diffs);
    const levels = m + 1;
    this.st = new Int32Array(levels * this.width);
    this.doneR = new Int32Array(levels);
    this.doneC = new Int32Array(levels);
    this.left = new Int32Array(levels);
    this.tS = new Float64Array(levels);
    this.tD = new Float64Array(levels);
    this.tQ = new Float64Array(levels);
    this.line = new Int32Array(levels);
    this.cand = new Int32Array(levels * 32);
    this.candN = new Int32Array(levels);
    this.candP = new Int32Array(levels);
    this.dec = new Int32Array(levels);
    this.attack = sub.attack.slice();
    this.sumId = sub.sumId;
    this.diffId = sub.diffId;
    this.sumValue = sub.sumValue;
    this.diffValue = sub.diffValue;
    this.rows = sub.rows;
    this.cols = sub.cols;
    this.weight = new Int32Array(2 * m).fill(1);
    this.share = new Float64Array(2 * m).fill(2 ** 20);
    this.priority = new Int32Array(2 * m);
    this.pairs = options.pairs ?? true;
    this.bound = options.diagonalBound ?? this.sums + this.diffs <= 8 * m;
    this.learn = options.learn ?? true;
    this.restartsOn = options.restarts ?? true;
    this.probeDepth = options.probeDepth ?? 0;
    this.unit = options.restartUnit ?? RESTART_UNIT;
    this.seed = options.seed ?? 1;
    this.whole = sub.n === m && (options.diagonalShifts ?? true);
    // Its integers stay below 2^53, exact in a double, while n <= MOMENT_MAX_N.
    this.moment = (options.secondMoment ?? true) && sub.n <= MOMENT_MAX_N;
    this.rng = mulberry32(this.seed);
    // Level 0: the open squares, columns as the transpose, diagonal counts, no queens.
    const w = this.width;
    const root = new Int32Array(w);
    for (let i = 0; i < m; i++) {
      const x = sub.open[i]!;
      root[i] = x;
      for (let y = x; y !== 0; y &= y - 1) {
        const j = low(y);
        root[m + j]! |= 1 << i;
      }
    }
    this.root = root;
    let tS = 0;
    let tD = 0;
    let tQ = 0;
    for (let i = 0; i < m; i++) {
      tS += sub.rows[i]! + sub.cols[i]!;
      tD += sub.rows[i]! - sub.cols[i]!;
      tQ += 2 * (sub.rows[i]! ** 2 + sub.cols[i]! ** 2);
    }
    this.tS[0] = tS;
    this.tD[0] = tD;
    this.tQ[0] = tQ;
    this.runBudget = this.restartsOn ? this.unit : Number.POSITIVE_INFINITY;
    this.reset();
  }

  /** The answer once `run` returned "sat" or "unsat". */
  get result(): SearchStatus | undefined {
    return this.status;
  }

  /** The completion found: the compressed column of each compressed row. */
  get placement(): Int32Array | undefined {
    return this.solution;
  }

  /**
   * Searches on for at most `budget` more nodes: "sat" or "unsat" when it has the answer (then
   * every later call returns the same), "paused" when the budget ran out (call again to go on).
   */
  run(budget = Number.POSITIVE_INFINITY): SearchStatus {
    if (this.status !== undefined) return this.status;
    const stopAt = this.nodes + budget;
    const { m, width: w, st, cand, candN, candP } = this;
    for (;;) {
      const L = this.level;
      if (this.fresh) {
        this.fresh = false;
        let got = this.propagate(L);
        if (got === BRANCH && L < this.probeDepth && L < this.m - 1) got = this.probe(L);
        if (got === SOLVED) {
          this.solution = this.queenOf.slice();
          this.status = "sat";
          return "sat";
        }
        if (got === BRANCH) {
          this.nodes++;
          this.runNodes++;
          this.order(L);
        } else {
          candN[L] = 0;
          candP[L] = 0;
        }
      }
      if (candP[L]! < candN[L]!) {
        if (this.runNodes >= this.runBudget && this.restartsOn) {
          this.restart();
          continue;
        }
        if (this.nodes >= stopAt) return "paused";
        const v = cand[L * 32 + candP[L]!]!;
        candP[L]!++;
        const ln = this.line[L]!;
        const i = ln < m ? ln : v;
        const j = ln < m ? v : ln - m;
        const next = L + 1;
        st.copyWithin(next * w, L * w, L * w + w);
        this.doneR[next] = this.doneR[L]!;
        this.doneC[next] = this.doneC[L]!;
        this.left[next] = this.left[L]!;
        this.tS[next] = this.tS[L]!;
        this.tD[next] = this.tD[L]!;
        this.tQ[next] = this.tQ[L]!;
        this.dec[L] = i * 32 + j;
        this.queued = 0;
        if (!this.place(next, i, j)) {
          this.queued = 0;
          candN[next] = 0;
          candP[next] = 0;
          this.level = next;
          this.fresh = false;
          continue;
        }
        this.level = next;
        this.fresh = true;
        continue;
      }
      // Every child of level L failed: the decisions above it cannot stand together.
      if (L === 0) {
        this.status = "unsat";
        return "unsat";
      }
      if (this.learn && L <= 2) this.record(L);
      this.level = L - 1;
    }
  }

  /**
   * Whether propagation alone, without any decision, completes the board: "sat" (with the
   * placement), "unsat" (a contradiction found), or "paused" (it would have to branch). Grades
   * puzzles; call on a fresh search only.
   */
  propagateOnly(): SearchStatus {
    const got = this.propagate(0);
    if (got === SOLVED) {
      this.solution = this.queenOf.slice();
      return "sat";
    }
    return got === CONFLICT ? "unsat" : "paused";
  }

  /**
   * Singleton consistency at level L: every open square is tried (on level L + 1 as scratch);
   * one that fails is taken away, and level L propagated again, until none fails. Returns what
   * level L then is (SOLVED when a probe completed the board: level L holds that completion).
   */
  private probe(L: number): number {
    const { st } = this;
    const w = this.width;
    const o = L * w;
    const next = L + 1;
    for (;;) {
      let removed = false;
      for (let rest = ~this.doneR[L]! & this.full; rest !== 0; rest &= rest - 1) {
        const i = low(rest);
        for (let x = st[o + i]!; x !== 0; x &= x - 1) {
          const j = low(x);
          if (((st[o + i]! >>> j) & 1) === 0) continue;
          st.copyWithin(next * w, o, o + w);
          this.doneR[next] = this.doneR[L]!;
          this.doneC[next] = this.doneC[L]!;
          this.left[next] = this.left[L]!;
          this.tS[next] = this.tS[L]!;
          this.tD[next] = this.tD[L]!;
          this.tQ[next] = this.tQ[L]!;
          this.queued = 0;
          const alive = this.place(next, i, j);
          const got = alive ? this.propagate(next) : CONFLICT;
          this.queued = 0;
          if (got === SOLVED) {
            st.copyWithin(o, next * w, next * w + w);
            this.left[L] = 0;
            return SOLVED;
          }
          if (got === CONFLICT) {
            this.curDoneR = this.doneR[L]!;
            this.curDoneC = this.doneC[L]!;
            this.dead = -1;
            this.clear(o, i, 1 << j);
            this.probed++;
            removed = true;
            if (this.dead >= 0) {
              this.bump(this.dead);
              this.queued = 0;
              return CONFLICT;
            }
          }
        }
      }
      if (!removed) return BRANCH;
      const got = this.propagate(L);
      if (got !== BRANCH) return got;
    }
  }

  private reset(): void {
    const m = this.m;
    this.st.set(this.root, 0);
    this.doneR[0] = 0;
    this.doneC[0] = 0;
    this.left[0] = m;
    this.level = 0;
    this.fresh = true;
    this.runNodes = 0;
    for (let k = 0; k < 2 * m; k++) this.priority[k] = Math.floor(this.rng() * 256);
  }

  private restart(): void {
    this.restarts++;
    this.runBudget = this.unit * luby(this.restarts + 1);
    this.rng = mulberry32(this.seed + 0x9e3779b9 * this.restarts);
    this.reset();
  }

  /** The nogood of the decisions above level L (one or two of them). */
  private record(L: number): void {
    const a = this.dec[0]!;
    if (L === 1) {
      // A queen on square a is in no completion: take it off the board for every later run.
      const i = a >> 5;
      const j = a & 31;
      const m = this.m;
      if ((this.root[i]! >>> j) & 1) {
        this.root[i]! &= ~(1 << j);
        this.root[m + j]! &= ~(1 << i);
        this.learned++;
      }
      return;
    }
    const b = this.dec[1]!;
    const ai = a >> 5;
    const bi = b >> 5;
    if (ai === bi) return;
    // Queens on a and b are in no completion together: a attacks b, and b attacks a.
    this.attack[a * 32 + bi]! |= 1 << (b & 31);
    this.attack[b * 32 + ai]! |= 1 << (a & 31);
    this.learned++;
  }

  /** One more failure of a line (capped at MAX_WEIGHT). */
  private bump(line: number): void {
    if (this.weight[line]! < MAX_WEIGHT) this.share[line] = 2 ** 20 / ++this.weight[line]!;
  }

  /**
   * Takes the squares `x` out of row i at level offset o (they must be open). A row or column
   * without a queen that is left with one square is queued; one left with none is `dead`.
   */
  private clear(o: number, i: number, x: number): void {
    const { st, m } = this;
    const rowLeft = st[o + i]! ^ x;
    st[o + i] = rowLeft;
    if (((this.curDoneR >>> i) & 1) === 0) {
      if (rowLeft === 0) this.dead = i;
      else if ((rowLeft & (rowLeft - 1)) === 0 && this.queued < 1024) this.queue[this.queued++] = i;
    }
    const rowBit = ~(1 << i);
    const doneC = this.curDoneC;
    while (x !== 0) {
      const bit = x & -x;
      x ^= bit;
      const j = 31 - Math.clz32(bit);
      const colLeft = st[o + m + j]! & rowBit;
      st[o + m + j] = colLeft;
      if (((doneC >>> j) & 1) === 0) {
        if (colLeft === 0) this.dead = m + j;
        else if ((colLeft & (colLeft - 1)) === 0 && this.queued < 1024) {
          this.queue[this.queued++] = m + j;
        }
      }
    }
  }

  /**
   * Puts a queen on (i, j) at level L: its row, column and diagonals lose their squares. False
   * when some row or column without a queen is left with no square (then `dead` names it).
   */
  private place(L: number, i: number, j: number): boolean {
    const o = L * this.width;
    const { st, attack } = this;
    const s = (i * 32 + j) * 32;
    this.doneR[L]! |= 1 << i;
    this.doneC[L]! |= 1 << j;
    this.curDoneR = this.doneR[L]!;
    this.curDoneC = this.doneC[L]!;
    this.dead = -1;
    let rest = ~(this.curDoneR & ~(1 << i)) & this.full;
    while (rest !== 0) {
      const bit = rest & -rest;
      rest ^= bit;
      const i2 = 31 - Math.clz32(bit);
      const x = st[o + i2]! & attack[s + i2]!;
      if (x !== 0) this.clear(o, i2, x);
    }
    this.queenOf[i] = j;
    this.left[L]!--;
    this.tS[L]! -= this.rows[i]! + this.cols[j]!;
    this.tD[L]! -= this.rows[i]! - this.cols[j]!;
    this.tQ[L]! -= 2 * (this.rows[i]! ** 2 + this.cols[j]! ** 2);
    if (this.dead >= 0) {
      this.bump(this.dead);
      return false;
    }
    return true;
  }

  /** Propagates level L to a fixpoint; on BRANCH, `line[L]` is the line to branch on. */
  private propagate(L: number): number {
    const { st, m, share } = this;
    const o = L * this.width;
    const full = this.full;
    this.curDoneR = this.doneR[L]!;
    this.curDoneC = this.doneC[L]!;
    for (;;) {
      while (this.queued > 0) {
        const ln = this.queue[--this.queued]!;
        if (ln < m) {
          if ((this.doneR[L]! >>> ln) & 1) continue;
          const x = st[o + ln]!;
          if (x === 0) {
            this.bump(ln);
            this.queued = 0;
            return CONFLICT;
          }
          if ((x & (x - 1)) === 0 && !this.place(L, ln, low(x))) {
            this.queued = 0;
            return CONFLICT;
          }
        } else {
          if ((this.doneC[L]! >>> (ln - m)) & 1) continue;
          const x = st[o + ln]!;
          if (x === 0) {
            this.bump(ln);
            this.queued = 0;
            return CONFLICT;
          }
          if ((x & (x - 1)) === 0 && !this.place(L, low(x), ln - m)) {
            this.queued = 0;
            return CONFLICT;
          }
        }
      }
      if (this.left[L] === 0) return SOLVED;
      const openRows = ~this.doneR[L]! & full;
      const openCols = ~this.doneC[L]! & full;
      let best = -1;
      let bestScore = Number.POSITIVE_INFINITY;
      let forced = -1;
      let twosR = 0;
      let twosC = 0;
      const priority = this.priority;
      // Score: open squares per failure (times 2^20), less the run's random tie-break.
      for (let rest = openRows; rest !== 0; rest &= rest - 1) {
        const i = low(rest);
        const x = st[o + i]!;
        if (x === 0) {
          this.bump(i);
          return CONFLICT;
        }
        const k = popcount(x);
        if (k === 1) {
          forced = i;
          break;
        }
        if (k === 2) twosR |= 1 << i;
        const score = k * share[i]! - priority[i]!;
        if (score < bestScore) {
          best = i;
          bestScore = score;
        }
      }
      if (forced < 0) {
        for (let rest = openCols; rest !== 0; rest &= rest - 1) {
          const j = low(rest);
          const x = st[o + m + j]!;
          if (x === 0) {
            this.bump(m + j);
            return CONFLICT;
          }
          const k = popcount(x);
          if (k === 1) {
            forced = m + j;
            break;
          }
          if (k === 2) twosC |= 1 << j;
          const score = k * share[m + j]! - priority[m + j]!;
          if (score < bestScore) {
            best = m + j;
            bestScore = score;
          }
        }
      }
      if (forced >= 0) {
        this.queue[this.queued++] = forced;
        continue;
      }
      if ((twosR | twosC) !== 0 && this.pairs && this.pairKills(o, openRows, twosR, twosC)) {
        continue;
      }
      if (this.bound && !this.diagonalsFit(L)) return CONFLICT;
      this.line[L] = best;
      return BRANCH;
    }
  }

  /**
   * For each line with two open squares, takes away the squares that attack both. True when
   * some square was taken (propagation then starts over).
   */
  private pairKills(o: number, openRows: number, twosR: number, twosC: number): boolean {
    const { st, attack, m } = this;
    let changed = false;
    const seen = o + 2 * m;
    for (let rest = twosR; rest !== 0; rest &= rest - 1) {
      const l = low(rest);
      const x = st[o + l]!;
      // A line looked at with the same squares has nothing new to take: masks only shrink.
      // (A kill may have changed the line since it was counted: it is then looked at again.)
      if (st[seen + l] === x || popcount(x) !== 2) continue;
      st[seen + l] = x;
      const sa = (l * 32 + low(x)) * 32;
      const sb = (l * 32 + (31 - Math.clz32(x))) * 32;
      for (let others = openRows & ~(1 << l); others !== 0; others &= others - 1) {
        const i2 = low(others);
        const kill = attack[sa + i2]! & attack[sb + i2]! & st[o + i2]!;
        if (kill !== 0) {
          this.clear(o, i2, kill);
          changed = true;
        }
      }
    }
    for (let rest = twosC; rest !== 0; rest &= rest - 1) {
      const l = low(rest);
      const x = st[o + m + l]!;
      if (st[seen + m + l] === x || popcount(x) !== 2) continue;
      st[seen + m + l] = x;
      const sa = (low(x) * 32 + l) * 32;
      const sb = ((31 - Math.clz32(x)) * 32 + l) * 32;
      const notLine = ~(1 << l);
      for (let others = openRows; others !== 0; others &= others - 1) {
        const i2 = low(others);
        const kill = attack[sa + i2]! & attack[sb + i2]! & st[o + i2]! & notLine;
        if (kill !== 0) {
          this.clear(o, i2, kill);
          changed = true;
        }
      }
    }
    return changed;
  }

  /**
   * The diagonal bounds. The k = `left` queens still missing stand on k distinct open sum
   * diagonals whose values r + c add up to tS (the sum of the free rows and columns), and on k
   * distinct open difference diagonals whose values r - c add up to tD. So tS lies between the
   * sums of the k smallest and the k largest open sum values (the same for tD). And the second
   * moment: as the free rows and columns are each used once, the values' squares add up to
   * sum s^2 + sum d^2 = 2 (sum r^2 + sum c^2) = tQ. With mean mu = tS / k, sum s^2 = tS^2 / k +
   * sum (s - mu)^2, and the k distinct values lie at least as far from mu, in squares, as the k
   * open values nearest to it; with the same for d, that lower bound must not pass tQ. (It
   * prunes when the diagonals left open are spread out: 11% fewer nodes at n = 21.) The upper
   * bound of the same kind never pruned there, so it is left out. Computed in integers: times
   * k^2, sum (s - mu)^2 is sum (k s - tS)^2.
   */
  private diagonalsFit(L: number): boolean {
    if (this.whole) this.listByShifts(L);
    else this.listByMarks(L);
    const k = this.left[L]!;
    const tS = this.tS[L]!;
    const tD = this.tD[L]!;
    const { sumList, diffList, nSums, nDiffs } = this;
    if (!valuesFit(sumList, nSums, k, tS) || !valuesFit(diffList, nDiffs, k, tD)) return false;
    if (!this.moment) return true;
    const least =
      k * tS * tS +
      nearestSpread(sumList, nSums, k, tS) +
      k * tD * tD +
      nearestSpread(diffList, nDiffs, k, tD);
    return least <= k * k * this.tQ[L]!;
  }

  /** The values of the open sum and difference diagonals, ascending, from the marks. */
  private listByMarks(L: number): void {
    const { st, sumId, diffId, sumMark, diffMark } = this;
    const o = L * this.width;
    const stamp = ++this.stamp;
    for (let rest = ~this.doneR[L]! & this.full; rest !== 0; rest &= rest - 1) {
      const i = low(rest);
      const sq = i * 32;
      for (let x = st[o + i]!; x !== 0; x &= x - 1) {
        const j = low(x);
        sumMark[sumId[sq + j]!] = stamp;
        diffMark[diffId[sq + j]!] = stamp;
      }
    }
    this.nSums = marked(sumMark, stamp, this.sumValue, this.sumList);
    this.nDiffs = marked(diffMark, stamp, this.diffValue, this.diffList);
  }

  /**
   * {@link listByMarks} on a board without fixed queens, where the diagonals are bit shifts:
   * row i's squares j are sum diagonals i + j (its mask shifted by i) and difference diagonals
   * i - j = i + (m - 1 - j) - (m - 1) (its mask reversed, then shifted). Each set of diagonals
   * with an open square is then a 63-bit mask in two ints, built with a few operations a row
   * instead of a visit to every open square.
   */
  private listByShifts(L: number): void {
    const { st, m } = this;
    const o = L * this.width;
    const flip = 32 - m;
    let sLo = 0;
    let sHi = 0;
    let dLo = 0;
    let dHi = 0;
    for (let rest = ~this.doneR[L]! & this.full; rest !== 0; rest &= rest - 1) {
      const i = low(rest);
      const x = st[o + i]!;
      const r = reverse(x) >>> flip;
      sLo |= x << i;
      dLo |= r << i;
      if (i > 0) {
        sHi |= x >>> (32 - i);
        dHi |= r >>> (32 - i);
      }
    }
    this.nSums = bitValues(sLo, sHi, 0, this.sumList);
    this.nDiffs = bitValues(dLo, dHi, m - 1, this.diffList);
  }

  /**
   * The candidates of level L's line in the order they are tried: least constraining first
   * (the square whose queen takes the fewest open squares from the other lines), ties at random.
   */
  private order(L: number): void {
    const { st, attack, m, cand, costs } = this;
    const o = L * this.width;
    const ln = this.line[L]!;
    const openRows = ~this.doneR[L]! & this.full;
    let x = ln < m ? st[o + ln]! : st[o + ln]!;
    let k = 0;
    while (x !== 0) {
      const v = low(x);
      x &= x - 1;
      const i = ln < m ? ln : v;
      const j = ln < m ? v : ln - m;
      const s = (i * 32 + j) * 32;
      let taken = 0;
      for (let rest = openRows & ~(1 << i); rest !== 0; rest &= rest - 1) {
        const i2 = low(rest);
        taken += popcount(st[o + i2]! & attack[s + i2]!);
      }
      // Insertion by cost, a random fraction breaking ties.
      const c = taken + this.rng() * 0.5;
      let p = k++;
      while (p > 0 && costs[p - 1]! > c) {
        costs[p] = costs[p - 1]!;
        cand[L * 32 + p] = cand[L * 32 + p - 1]!;
        p--;
      }
      costs[p] = c;
      cand[L * 32 + p] = v;
    }
    this.candN[L] = k;
    this.candP[L] = 0;
  }
}

/** The 32 bits of x in reverse order. */
function reverse(x: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  return (x >>> 16) | (x << 16);
}

/** The positions of the set bits of the 64-bit mask (lo, hi), less `offset`, ascending. */
function bitValues(lo: number, hi: number, offset: number, out: Float64Array): number {
  let k = 0;
  for (let a = lo; a !== 0; a &= a - 1) out[k++] = low(a) - offset;
  for (let b = hi; b !== 0; b &= b - 1) out[k++] = 32 + low(b) - offset;
  return k;
}

/** The values of the marked diagonals, ascending (as `value` is). */
function marked(mark: Int32Array, stamp: number, value: Int32Array, out: Float64Array): number {
  let k = 0;
  for (let d = 0; d < value.length; d++) if (mark[d] === stamp) out[k++] = value[d]!;
  return k;
}

/** Whether k of the n ascending values can add up to `target` (bounds only). */
function valuesFit(v: Float64Array, n: number, k: number, target: number): boolean {
  if (n < k) return false;
  let lo = 0;
  let hi = 0;
  for (let t = 0; t < k; t++) {
    lo += v[t]!;
    hi += v[n - 1 - t]!;
  }
  return lo <= target && target <= hi;
}

/**
 * The k smallest (k v - target)^2 over the n ascending values, added up: the values nearest to
 * the mean target / k, taken outwards from it.
 */
function nearestSpread(v: Float64Array, n: number, k: number, target: number): number {
  let b = 0;
  while (b < n && k * v[b]! < target) b++;
  let a = b - 1;
  let sum = 0;
  for (let t = 0; t < k; t++) {
    const da = a >= 0 ? k * v[a]! - target : Number.POSITIVE_INFINITY;
    const db = b < n ? k * v[b]! - target : Number.POSITIVE_INFINITY;
    if (da * da <= db * db) {
      sum += da * da;
      a--;
    } else {
      sum += db * db;
      b++;
    }
  }
  return sum;
}
