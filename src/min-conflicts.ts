/**
 * One solution by local search: a seeded, reproducible min-conflicts repair.
 *
 * The queens always form a permutation (one per row and column), so only diagonals can clash.
 * A greedy start puts each row's queen on a random unused column that no earlier queen attacks
 * diagonally, when one turns up within a few tries; that leaves a handful of clashing queens even
 * for n = 1,000,000. Each repair step takes a clashing queen and swaps columns with the queen
 * whose swap removes the most clashes (O(n) with per-diagonal counters), allowing sideways moves
 * so that plateaus are crossed, and restarting from a fresh greedy start when it stalls.
 */
import type { Forbidden } from "./board.js";
import { checkSize } from "./errors.js";
import { MAX_MIN_CONFLICTS_N } from "./limits.js";
import { seededRandom } from "./random.js";

/** Options for {@link minConflicts}. */
export interface MinConflictsOptions {
  /**
   * Seed of the random generator: the same seed gives the same solution.
   * @default 0
   */
  readonly seed?: number;
}

/**
 * A solution for `n` found by seeded min-conflicts local search, or undefined when there is none
 * (n = 2, 3). Reproducible: the same n and seed give the same solution. Time for n = 1,000,000:
 * README, "What sizes are practical" (`solve` random); memory is about 50 bytes per row.
 * @throws NQueensError when n is not an integer from 1 to 10,000,000 or the seed is not a safe
 *   integer
 * @example minConflicts(8, { seed: 42 }) // a solution for n = 8, the same on every run
 */
export function minConflicts(n: number, options: MinConflictsOptions = {}): number[] | undefined {
  checkSize(n, MAX_MIN_CONFLICTS_N);
  const rng = seededRandom(options.seed ?? 0);
  if (n === 1) return [0];
  if (n < 4) return undefined;
  for (;;) {
    const found = repair(new Int32Array(n).fill(-1), rng, 50 * n + 1000);
    if (found) return Array.from(found);
  }
}

/**
 * Min-conflicts repair with some queens fixed. `at[row]` is the fixed column of that row or -1;
 * the fixed queens must be on distinct rows, columns and diagonals (the caller checks). Returns the
 * full `cols` (fixed queens kept), or undefined when `maxSteps` repair steps did not suffice.
 * Restarts from a new greedy start when it stalls. Used by complete.ts.
 * @internal
 */
export function repair(
  at: Int32Array,
  rng: () => number,
  maxSteps: number,
): Int32Array | undefined {
  const s = new Repair(at, rng);
  if (s.m === 0) return s.q;
  s.start();
  let stalled = 0;
  for (let step = 0; s.clashes > 0; step++) {
    if (step >= maxSteps) return undefined;
    if (stalled > 200 + s.m) {
      s.start();
      stalled = 0;
      continue;
    }
    const delta = s.step();
    stalled = delta < 0 ? 0 : stalled + 1;
  }
  return s.q;
}

/**
 * The state of one local search: a permutation of the free columns over the free rows. Driven
 * by `repair` here and by the big-board completion (completion/big-board.ts), which ticks
 * between greedy placements and steps on `work`, its budget's measure.
 */
export class Repair {
  readonly n: number;
  /** Free rows: the number of them, the rows, and their columns as one pool. */
  readonly m: number;
  readonly free: Int32Array;
  readonly pool: Int32Array;
  /** The current `cols`, fixed queens included. */
  readonly q: Int32Array;
  /** Queens per diagonal (index r - c + n - 1) and per anti-diagonal (index r + c). */
  readonly dg: Int32Array;
  readonly ad: Int32Array;
  /** Sum over all diagonals and anti-diagonals of (queens on it - 1) where positive. */
  clashes = 0;
  /** Greedy tries and swap evaluations so far (a measure of work; no effect on the search). */
  work = 0;
  /** Indexes into `free` of rows that clashed when last looked at (some may have stopped). */
  private readonly bad: number[] = [];
  /** Blocked squares (row * n + col) when there are any: a queen on one counts as a clash. */
  private readonly blocked: ReadonlySet<number> | undefined;
  /**
   * Excluded diagonals: each counts as holding a queen already (in `dg`, `ad` from `clear`), so
   * that a queen on one is a clash like any other, and the repair moves it away.
   */
  private readonly excluded: Pick<Forbidden, "sums" | "differences"> | undefined;

  /**
   * @param at the fixed column of each row, or -1 for a free row
   * @param forbidden blocked squares and excluded diagonals the free queens must avoid (the
   *   fixed ones are on none: the caller has checked); a queen on one counts as a clash
   */
  constructor(
    readonly at: Int32Array,
    readonly rng: () => number,
    forbidden?: Pick<Forbidden, "any" | "blocked" | "sums" | "differences">,
  ) {
    this.blocked = forbidden?.any && forbidden.blocked.size > 0 ? forbidden.blocked : undefined;
    this.excluded =
      forbidden?.any && (forbidden.sums.length > 0 || forbidden.differences.length > 0)
        ? forbidden
        : undefined;
    const n = at.length;
    this.n = n;
    const rows: number[] = [];
    const used = new Uint8Array(n);
    for (let r = 0; r < n; r++) {
      if (at[r] === -1) rows.push(r);
      else used[at[r]!] = 1;
    }
    this.m = rows.length;
    this.free = Int32Array.from(rows);
    this.pool = new Int32Array(this.m);
    for (let c = 0, k = 0; c < n; c++) if (!used[c]) this.pool[k++] = c;
    this.q = Int32Array.from(at);
    this.dg = new Int32Array(2 * n - 1);
    this.ad = new Int32Array(2 * n - 1);
  }

  /**
   * Greedy start: each free row in turn takes a random unused column that no queen so far attacks
   * diagonally, trying up to 128 at random (then all of them, once few are left), else the last
   * one tried.
   */
  start(): void {
    this.clear();
    for (let k = 0; k < this.m; k++) this.placeRow(k);
  }

  /** Before a greedy start: only the fixed queens on the diagonals, no clashes. */
  clear(): void {
    const { n, at, dg, ad } = this;
    dg.fill(0);
    ad.fill(0);
    for (let r = 0; r < n; r++) {
      if (at[r] !== -1) {
        dg[r - at[r]! + n - 1]!++;
        ad[r + at[r]!]!++;
      }
    }
    const e = this.excluded;
    if (e) {
      for (let d = 0; d < 2 * n - 1; d++) {
        if (e.differences.length > 0) dg[d]! += e.differences[d]!;
        if (e.sums.length > 0) ad[d]! += e.sums[d]!;
      }
    }
    this.clashes = 0;
    this.bad.length = 0;
  }

  /** Whether (r, c) is a blocked square (excluded diagonals are in the counts). */
  private isBlocked(r: number, c: number): boolean {
    return this.blocked?.has(r * this.n + c) === true;
  }

  /**
   * A start from given columns (a solution the board is near, such as the construction's): each
   * free row takes its column in `cols` when that column is free and not yet taken, the others
   * the columns left, in a greedy pass as {@link start}'s; then the clashes are counted.
   */
  seed(cols: ArrayLike<number>): void {
    this.clear();
    const { n, m, q, free, pool } = this;
    // 1 for a free column not yet taken, 2 once taken (pool itself is left as it is: a later
    // greedy start needs it whole).
    const free_ = new Uint8Array(n);
    for (let k = 0; k < m; k++) free_[pool[k]!] = 1;
    const rest: number[] = [];
    for (let k = 0; k < m; k++) {
      const r = free[k]!;
      const c = cols[r]!;
      if (free_[c] === 1) {
        free_[c] = 2;
        q[r] = c;
        this.place(r, c);
      } else rest.push(r);
    }
    // The rows left take the columns left, in a greedy pass over them.
    const left = new Int32Array(rest.length);
    let k = 0;
    for (let c = 0; c < n; c++) if (free_[c] === 1) left[k++] = c;
    for (let i = 0; i < rest.length; i++) {
      const r = rest[i]!;
      let j = i;
      for (let t = 0; t < 64; t++) {
        const at = i + Math.floor(this.rng() * (rest.length - i));
        const c = left[at]!;
        if (this.dg[r - c + n - 1] === 0 && this.ad[r + c] === 0 && !this.isBlocked(r, c)) {
          j = at;
          break;
        }
      }
      this.work += 64;
      const c = left[j]!;
      left[j] = left[i]!;
      left[i] = c;
      q[r] = c;
      this.place(r, c);
    }
  }

  /** Puts a free row's queen on (r, c) in the counts. */
  private place(r: number, c: number): void {
    const { n, dg, ad } = this;
    if (dg[r - c + n - 1]!++ > 0) this.clashes++;
    if (ad[r + c]!++ > 0) this.clashes++;
    if (this.isBlocked(r, c)) this.clashes++;
  }

  /** The greedy start's placement of free row `free[k]`, the rows before it placed. */
  placeRow(k: number): void {
    const { n, m, q, dg, ad, pool, free, rng } = this;
    const r = free[k]!;
    const left = m - k;
    let j = k;
    let ok = false;
    let t = 0;
    for (; t < 128 && !ok; t++) {
      j = k + Math.floor(rng() * left);
      ok = dg[r - pool[j]! + n - 1] === 0 && ad[r + pool[j]!] === 0 && !this.isBlocked(r, pool[j]!);
    }
    this.work += t;
    if (!ok && left <= 4096) {
      for (let i = k; i < m; i++) {
        if (
          dg[r - pool[i]! + n - 1] === 0 &&
          ad[r + pool[i]!] === 0 &&
          !this.isBlocked(r, pool[i]!)
        ) {
          j = i;
          break;
        }
      }
      this.work += left;
    }
    const c = pool[j]!;
    pool[j] = pool[k]!;
    pool[k] = c;
    q[r] = c;
    this.place(r, c);
  }

  /**
   * One repair step on a random clashing queen: (on big boards) the first of 1024 random partners whose
   * swap removes clashes, else the best swap over all partners (ties at random), taken when it does not add
   * clashes. Returns the change in clashes (Infinity when nothing moved).
   */
  step(): number {
    const { m, free, rng, bad } = this;
    if (bad.length === 0) {
      for (let k = 0; k < m; k++) if (this.clashing(free[k]!)) bad.push(k);
      this.work += m;
      if (bad.length === 0) return 0;
    }
    const pos = Math.floor(rng() * bad.length);
    const a = bad[pos]!;
    const i = free[a]!;
    if (!this.clashing(i)) {
      bad[pos] = bad[bad.length - 1]!;
      bad.pop();
      return 0;
    }
    let best = Number.POSITIVE_INFINITY;
    let partner = -1;
    for (let t = m > 1024 ? 0 : 1024; t < 1024; t++) {
      this.work++;
      const k = Math.floor(rng() * m);
      if (k === a) continue;
      const delta = this.swapDelta(i, free[k]!);
      if (delta < 0) {
        best = delta;
        partner = k;
        break;
      }
    }
    if (partner === -1) {
      // Hot loop: the min-conflicts scan, O(n).
      let ties = 0;
      for (let k = 0; k < m; k++) {
        if (k === a) continue;
        const delta = this.swapDelta(i, free[k]!);
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
    if (partner === -1 || best > 0) return Number.POSITIVE_INFINITY;
    const j = free[partner]!;
    const { q } = this;
    const qi = q[i]!;
    const qj = q[j]!;
    this.move(i, qi, -1);
    this.move(j, qj, -1);
    q[i] = qj;
    q[j] = qi;
    this.move(i, qj, 1);
    this.move(j, qi, 1);
    this.clashes += best;
    if (this.clashing(j)) bad.push(partner);
    return best;
  }

  clashing(r: number): boolean {
    const c = this.q[r]!;
    return this.dg[r - c + this.n - 1]! > 1 || this.ad[r + c]! > 1 || this.isBlocked(r, c);
  }

  /**
   * Hot path: the change in clashes if rows i and j swapped columns. The old lines of the two
   * queens never equal their new lines; the two old (or two new) lines of one kind may coincide.
   */
  swapDelta(i: number, j: number): number {
    const { n, q, dg, ad } = this;
    const qi = q[i]!;
    const qj = q[j]!;
    const di = i - qi + n - 1;
    const dj = j - qj + n - 1;
    const ai = i + qi;
    const aj = j + qj;
    const ni = i - qj + n - 1; // new diagonal of row i
    const nj = j - qi + n - 1; // new diagonal of row j
    const mi = i + qj; // new anti-diagonal of row i
    const mj = j + qi; // new anti-diagonal of row j
    let delta: number;
    if (di === dj) delta = dg[di]! > 2 ? -2 : -1;
    else delta = -(dg[di]! > 1 ? 1 : 0) - (dg[dj]! > 1 ? 1 : 0);
    if (ai === aj) delta += ad[ai]! > 2 ? -2 : -1;
    else delta += -(ad[ai]! > 1 ? 1 : 0) - (ad[aj]! > 1 ? 1 : 0);
    if (ni === nj) delta += dg[ni]! > 0 ? 2 : 1;
    else delta += (dg[ni]! > 0 ? 1 : 0) + (dg[nj]! > 0 ? 1 : 0);
    if (mi === mj) delta += ad[mi]! > 0 ? 2 : 1;
    else delta += (ad[mi]! > 0 ? 1 : 0) + (ad[mj]! > 0 ? 1 : 0);
    if (this.blocked !== undefined) {
      const b = (r: number, c: number) => (this.blocked!.has(r * n + c) ? 1 : 0);
      delta += b(i, qj) + b(j, qi) - b(i, qi) - b(j, qj);
    }
    return delta;
  }

  private move(r: number, c: number, by: number): void {
    this.dg[r - c + this.n - 1]! += by;
    this.ad[r + c]! += by;
  }
}
