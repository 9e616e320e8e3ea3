/**
 * The counters and hooks every algorithm in this folder shares.
 *
 * Each algorithm is a function `(n, work) => void` that adds to `work.nodes`, `work.checks` and
 * `work.solutions` as it goes and hands each solution to `work.onSolution`. The public facade is
 * `../algorithms.ts`; these files are its internals.
 */

/** What an algorithm counts while it runs, and the hooks it calls. */
export interface Work {
  /** Boards examined: complete placements (brute force) or search-tree nodes, root included. */
  nodes: number;
  /** Safety tests performed; what one test is differs per algorithm (see `ALGORITHMS`). */
  checks: number;
  /** Solutions found. */
  solutions: number;
  /** Called with a fresh copy of `cols` for each solution, in the order the algorithm finds them. */
  readonly onSolution: ((cols: number[]) => void) | undefined;
  /** Polled every {@link POLL_MASK}+1 nodes; an aborted signal throws its reason. */
  readonly signal: AbortSignal | undefined;
}

/** Algorithms poll the abort signal when `nodes & POLL_MASK` is 0 (every 65,536 nodes). */
export const POLL_MASK = 0xffff;

/** Throws the signal's reason when it has been aborted. */
export function poll(work: Work): void {
  work.signal?.throwIfAborted();
}
