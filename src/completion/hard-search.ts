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
 *   which the open diagonals nearest to the mean bound from below (`DiagonalBound.fits`). The
 *   bounds are kept for boards with few diagonals (a full board's 2n - 1), where they prune; on
 *   compressed big boards they are off.
 * - **Learning**: a subtree that fails under one or two decisions gives a nogood, kept for the
 *   rest of the run: a failed single queen is removed from the board, a failed pair becomes an
 *   extra "attack" between the two squares, so propagation uses it at once and after restarts.
 * - **Restarts**, for the decision: runs are cut after a Luby sequence of node budgets (unit
 *   {@link RESTART_UNIT}), each with a new random tie-break and value order; the weights and
 *   nogoods carry over, so a restart does not lose what was learned. Heavy-tailed satisfiable
 *   instances end in an early run; for unsatisfiable ones the last run proves it. The unit
 *   trades the median (satisfiable instances end sooner with short runs) against the total
 *   (unsatisfiable ones repeat work), measured on the 500 Excluded Diagonals instances at n = 21
 *   for units of 2,048 to 32,768 nodes (docs/completion.md, "Hard instances"); 256 nodes cost 2.5
 *   times the nodes of a single search.
 *
 * The search is an explicit stack, one level per decision (forced queens stay on their level),
 * each level a copy of the open-square masks, so it can stop after a node budget and go on
 * later (`run`): the async completion functions give the event loop its turns between slices.
 * Exact: the answer is "completable" only with a completion in hand (checked by the caller),
 * "not completable" only when the whole tree is refuted.
 *
 * Here: the decisions, the value order, probing, learning and restarts. The levels' state and
 * their propagation are in propagation.ts (a class this one extends, so the hot methods are
 * called on one object), the diagonal bounds in diagonal-bound.ts.
 */
import { low, popcount } from "../bits.js";
import { mulberry32 } from "../random.js";
import { BRANCH, CONFLICT, Propagation, SOLVED } from "./propagation.js";
import type { SubBoard } from "./sub-board.js";

/** What a run of the search ended with. */
export type SearchStatus = "sat" | "unsat" | "paused";

/** Nodes of the first run between restarts; run k gets RESTART_UNIT * luby(k). */
const RESTART_UNIT = 8192;

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
   * `DiagonalBound.fits`).
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

/** The search over one sub-board; see the module comment. Not reusable across boards. */
export class HardSearch extends Propagation {
  /** Search nodes (branching points) so far, over all runs. */
  nodes = 0;
  /** Restarts so far. */
  restarts = 0;
  /** Nogoods recorded: single squares and pairs. */
  learned = 0;

  /** Per level: the candidates in the order they are tried, and how many are tried so far. */
  protected readonly cand: Int32Array;
  protected readonly candN: Int32Array;
  private readonly candP: Int32Array;
  /** The square each level's decision placed (i * 32 + j), for nogoods. */
  protected readonly dec: Int32Array;
  /** The level-0 state every run starts from (with the unit nogoods taken out). */
  private readonly root: Int32Array;
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
  /** A scratch list of candidate costs for the value order. */
  private readonly costs = new Float64Array(32);

  constructor(sub: SubBoard, options: HardSearchOptions = {}) {
    super(sub, options);
    const m = sub.m;
    const levels = m + 1;
    this.cand = new Int32Array(levels * 32);
    this.candN = new Int32Array(levels);
    this.candP = new Int32Array(levels);
    this.dec = new Int32Array(levels);
    this.learn = options.learn ?? true;
    this.restartsOn = options.restarts ?? true;
    this.probeDepth = options.probeDepth ?? 0;
    this.unit = options.restartUnit ?? RESTART_UNIT;
    this.seed = options.seed ?? 1;
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
          this.branched(L);
        } else {
          candN[L] = 0;
          candP[L] = 0;
          this.failed(L);
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
          this.failed(next);
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
   * Called when level L branches, its candidates ordered (`cand`, `candN`): nothing here; the
   * certifying search (certify.ts) writes the branch.
   */
  protected branched(_L: number): void {}

  /**
   * Called when level L fails (a line without a square, or the diagonal bound): nothing here;
   * the certifying search (certify.ts) writes the leaf.
   */
  protected failed(_L: number): void {}

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
