/**
 * Row-by-row backtracking with three occupancy arrays (columns, diagonals r-c, anti-diagonals
 * r+c), so testing a square is O(1) instead of a loop over earlier rows.
 */
import { POLL_MASK, poll, type Work } from "./work.js";

/**
 * Row-by-row backtracking with O(1) column and diagonal arrays.
 * Nodes: the root plus every safe placement. Checks: one per candidate square looked up
 * (n per node above the last row).
 */
export function rowSets(n: number, work: Work): void {
  const cols = new Int32Array(n);
  const colUsed = new Uint8Array(n);
  const diagUsed = new Uint8Array(2 * n); // index r - c + n
  const antiUsed = new Uint8Array(2 * n); // index r + c
  const onSolution = work.onSolution;
  let nodes = 1;
  let checks = 0;
  let solutions = 0;

  const go = (row: number): void => {
    if (row === n) {
      solutions++;
      if (onSolution) onSolution(Array.from(cols));
      return;
    }
    for (let c = 0; c < n; c++) {
      checks++;
      if (colUsed[c] || diagUsed[row - c + n] || antiUsed[row + c]) continue;
      cols[row] = c;
      colUsed[c] = diagUsed[row - c + n] = antiUsed[row + c] = 1;
      nodes++;
      if ((nodes & POLL_MASK) === 0) poll(work);
      go(row + 1);
      colUsed[c] = diagUsed[row - c + n] = antiUsed[row + c] = 0;
    }
  };

  go(0);
  work.nodes += nodes;
  work.checks += checks;
  work.solutions += solutions;
}
