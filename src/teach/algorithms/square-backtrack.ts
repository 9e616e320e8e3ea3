/**
 * Square-by-square backtracking, as in the tutorial's second C program: put the next queen on any
 * square after the previous one, test the whole board, and go deeper only when it is still safe.
 * The only change from brute force is that test after every queen instead of after the n-th.
 */
import { POLL_MASK, poll, type Work } from "./work.js";

/**
 * Square-by-square backtracking with a whole-board check after each placement.
 * Nodes: the root plus every placement that passed its check. Checks: one per placement tried.
 */
export function squareBacktrack(n: number, work: Work): void {
  const squares = n * n;
  const rows = new Int32Array(n);
  const cols = new Int32Array(n);
  const onSolution = work.onSolution;
  let nodes = 1;
  let checks = 0;
  let solutions = 0;

  /** The whole-board test over the first k queens: every pair, stopping at the first attack. */
  const safe = (k: number): boolean => {
    for (let i = 0; i < k; i++) {
      const ri = rows[i]!;
      const ci = cols[i]!;
      for (let j = i + 1; j < k; j++) {
        const rj = rows[j]!;
        const cj = cols[j]!;
        if (ri === rj || ci === cj || ri - ci === rj - cj || ri + ci === rj + cj) return false;
      }
    }
    return true;
  };

  const place = (q: number, from: number): void => {
    if (q === n) {
      // n queens with no two attacking: one per row, in row order because squares ascend.
      solutions++;
      if (onSolution) onSolution(Array.from(cols));
      return;
    }
    for (let sq = from; sq < squares; sq++) {
      rows[q] = (sq / n) | 0;
      cols[q] = sq % n;
      checks++;
      if (safe(q + 1)) {
        nodes++;
        if ((nodes & POLL_MASK) === 0) poll(work);
        place(q + 1, sq + 1);
      }
    }
  };

  place(0, 0);
  work.nodes += nodes;
  work.checks += checks;
  work.solutions += solutions;
}
