/**
 * Watch's brute force: step k (from 1) is the k-th placement of n queens on the n*n squares, in
 * the library's order, reached from its number (../lesson-brute.ts) without walking the ones
 * before it; the step after the last placement is the end. The solutions' steps are known from
 * the library's list of solutions, so "next solution" is a search in a sorted list.
 */

import type { Queen } from "../../board.js";
import { solutions } from "../../solutions.js";
import {
  type BruteClash,
  type BruteVariant,
  firstClash,
  placementAt,
  placementCount,
  runAlgorithm,
  solutionIndex,
} from "../../teach/index.js";

export interface BruteStep {
  /** The step: 0 the start, 1..count a placement, count + 1 the end. */
  readonly pos: number;
  /** The placement's squares as (row, col), sorted (none at the start and the end). */
  readonly queens: readonly { row: number; col: number }[];
  /** The first pair that attacks, or undefined for a solution. */
  readonly clash: BruteClash | undefined;
  /** Solutions among the placements up to this one. */
  readonly solutions: number;
}

export class BruteSource {
  /** C(n*n, n). */
  readonly count: number;
  /** The steps of the solutions, ascending. */
  readonly solutionSteps: readonly number[];
  /**
   * The nodes backtracking visits on the same N (the library's row-sets, the search Watch's
   * backtracking replays), for the end's comparison: 2,057 against C(64, 8) at N = 8.
   */
  readonly backtrackNodes: number;

  constructor(readonly n: number) {
    this.count = placementCount(n);
    this.backtrackNodes = runAlgorithm("row-sets", n).nodes;
    this.solutionSteps = [...solutions(n)].map((s) => solutionIndex(s) + 1).sort((a, b) => a - b);
  }

  /** Steps in all: the placements and the end. */
  get length(): number {
    return this.count + 1;
  }

  at(pos: number): BruteStep {
    const solutionsSoFar = upperBound(this.solutionSteps, pos);
    if (pos <= 0 || pos > this.count) {
      return { pos, queens: [], clash: undefined, solutions: solutionsSoFar };
    }
    const squares = placementAt(this.n, pos - 1);
    const queens = squares.map((sq) => ({ row: Math.floor(sq / this.n), col: sq % this.n }));
    return { pos, queens, clash: firstClash(this.n, squares), solutions: solutionsSoFar };
  }
}

/** How many entries of the ascending list are <= x. */
export function upperBound(list: readonly number[], x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Board number `index` (from 0) of one of the tutorials' three brute forces on the n×n board, in
 * the order each lists its boards: `squares` the combinations of the n² square numbers
 * (`row * n + col`) in lexicographic order, `per-row` the columns row by row as the digits of
 * `index` in base n, `permutations` the column permutations in lexicographic order. The lesson's
 * race steps through them beside backtracking at N = 8, where C(64, 8) is past the Watch's limit
 * on `placementAt` but still exact in a double.
 */
export function variantBoard(variant: BruteVariant, n: number, index: number): Queen[] {
  if (variant === "per-row") {
    const cols: number[] = [];
    let rest = index;
    for (let r = n - 1; r >= 0; r--) {
      cols[r] = rest % n;
      rest = Math.floor(rest / n);
    }
    return cols.map((col, row) => ({ row, col }));
  }
  if (variant === "permutations") {
    const left = Array.from({ length: n }, (_, c) => c);
    let rest = index;
    return Array.from({ length: n }, (_, row) => {
      const block = factorial(n - 1 - row);
      const col = left.splice(Math.floor(rest / block), 1)[0]!;
      rest %= block;
      return { row, col };
    });
  }
  const out: Queen[] = [];
  let rest = index;
  let from = 0;
  for (let i = 0; i < n; i++) {
    for (let s = from; ; s++) {
      const block = choose(n * n - s - 1, n - i - 1);
      if (rest < block) {
        out.push({ row: Math.floor(s / n), col: s % n });
        from = s + 1;
        break;
      }
      rest -= block;
    }
  }
  return out;
}

/** The number of a solution (`cols[row]`) among a brute force's boards: its place in the list. */
export function variantRank(variant: BruteVariant, cols: readonly number[]): number {
  const n = cols.length;
  if (variant === "per-row") return cols.reduce((a, c) => a * n + c, 0);
  if (variant === "permutations") {
    return cols.reduce(
      (a, c, row) =>
        a + cols.slice(row + 1).filter((later) => later < c).length * factorial(n - 1 - row),
      0,
    );
  }
  let index = 0;
  let from = 0;
  cols.forEach((c, i) => {
    const sq = i * n + c;
    for (let s = from; s < sq; s++) index += choose(n * n - s - 1, n - i - 1);
    from = sq + 1;
  });
  return index;
}

function factorial(k: number): number {
  let r = 1;
  for (let i = 2; i <= k; i++) r *= i;
  return r;
}

/** C(m, k) as a double, exact for the race's sizes (C(64, 8) < 2^53). */
function choose(m: number, k: number): number {
  if (k < 0 || k > m) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (m - i)) / (i + 1);
  return Math.round(r);
}
