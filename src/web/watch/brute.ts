/**
 * Watch's brute force: step k (from 1) is the k-th placement of n queens on the n*n squares, in
 * the library's order, reached from its number (../lesson-brute.ts) without walking the ones
 * before it; the step after the last placement is the end. The solutions' steps are known from
 * the library's list of solutions, so "next solution" is a search in a sorted list.
 */

import { solutions } from "../../solutions.js";
import {
  type BruteClash,
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
