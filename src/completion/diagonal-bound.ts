/**
 * **The diagonal bound** of the hard-instance search (hard-search.ts, applied by propagation.ts
 * at every node that would branch): whether the diagonals still open can take the queens still
 * missing. The queens still missing use distinct sum diagonals whose values add up to exactly the
 * sum of their rows and columns (the same for difference diagonals), so the smallest and largest
 * such sums over the diagonals still open bound it; and their squares add up to
 * 2 (sum r^2 + sum c^2), which the open diagonals nearest to the mean bound from below. The
 * search keeps the bound for boards with few diagonals (a full board's 2n - 1), where it prunes;
 * on compressed big boards it is off.
 */
import { low } from "../bits.js";
import type { SubBoard } from "./sub-board.js";

/**
 * The largest board the second-moment bound is used on: with k <= 32 queens and values below
 * 2n, its sums of (k v - t)^2 and k^2 tQ stay under 2^53 (about 2^51 at this n).
 */
const MOMENT_MAX_N = 65536;

/** The bound over one sub-board, with its scratch lists; see the module comment. */
export class DiagonalBound {
  private readonly m: number;
  private readonly sumId: Int32Array;
  private readonly diffId: Int32Array;
  private readonly sumValue: Int32Array;
  private readonly diffValue: Int32Array;
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
  /** True when no queen is fixed: compressed square (i, j) is board square (i, j). */
  private readonly whole: boolean;

  /**
   * `shifts`: on a board without fixed queens, list the open diagonals from shifted row masks
   * (the same bound, found faster). `secondMoment`: also bound the squares of the values.
   */
  constructor(sub: SubBoard, shifts: boolean, secondMoment: boolean) {
    const m = sub.m;
    this.m = m;
    const sums = sub.sumValue.length;
    const diffs = sub.diffValue.length;
    this.sumMark = new Int32Array(sums);
    this.sumList = new Float64Array(Math.max(64, sums));
    this.diffList = new Float64Array(Math.max(64, diffs));
    this.diffMark = new Int32Array(diffs);
    this.sumId = sub.sumId;
    this.diffId = sub.diffId;
    this.sumValue = sub.sumValue;
    this.diffValue = sub.diffValue;
    this.whole = sub.n === m && shifts;
    // Its integers stay below 2^53, exact in a double, while n <= MOMENT_MAX_N.
    this.moment = secondMoment && sub.n <= MOMENT_MAX_N;
  }

  /**
   * Whether the open squares `st[o..]` of the rows `openRows` can take the k queens still
   * missing, given tS, tD and tQ of those rows and columns. The k queens stand on k distinct
   * open sum diagonals whose values r + c add up to tS (the sum of the free rows and columns),
   * and on k distinct open difference diagonals whose values r - c add up to tD. So tS lies
   * between the sums of the k smallest and the k largest open sum values (the same for tD). And
   * the second moment: as the free rows and columns are each used once, the values' squares add
   * up to sum s^2 + sum d^2 = 2 (sum r^2 + sum c^2) = tQ. With mean mu = tS / k, sum s^2 =
   * tS^2 / k + sum (s - mu)^2, and the k distinct values lie at least as far from mu, in
   * squares, as the k open values nearest to it; with the same for d, that lower bound must not
   * pass tQ. (It prunes when the diagonals left open are spread out: 11% fewer nodes at
   * n = 21.) The upper bound of the same kind never pruned there, so it is left out. Computed in
   * integers: times k^2, sum (s - mu)^2 is sum (k s - tS)^2.
   */
  fits(
    st: Int32Array,
    o: number,
    openRows: number,
    k: number,
    tS: number,
    tD: number,
    tQ: number,
  ): boolean {
    if (this.whole) this.listByShifts(st, o, openRows);
    else this.listByMarks(st, o, openRows);
    const { sumList, diffList, nSums, nDiffs } = this;
    if (!valuesFit(sumList, nSums, k, tS) || !valuesFit(diffList, nDiffs, k, tD)) return false;
    if (!this.moment) return true;
    const least =
      k * tS * tS +
      nearestSpread(sumList, nSums, k, tS) +
      k * tD * tD +
      nearestSpread(diffList, nDiffs, k, tD);
    return least <= k * k * tQ;
  }

  /** The values of the open sum and difference diagonals, ascending, from the marks. */
  private listByMarks(st: Int32Array, o: number, openRows: number): void {
    const { sumId, diffId, sumMark, diffMark } = this;
    const stamp = ++this.stamp;
    for (let rest = openRows; rest !== 0; rest &= rest - 1) {
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
  private listByShifts(st: Int32Array, o: number, openRows: number): void {
    const m = this.m;
    const flip = 32 - m;
    let sLo = 0;
    let sHi = 0;
    let dLo = 0;
    let dHi = 0;
    for (let rest = openRows; rest !== 0; rest &= rest - 1) {
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
