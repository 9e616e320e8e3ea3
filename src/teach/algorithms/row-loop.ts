/**
 * Row-by-row backtracking with a loop check: one queen per row, and a candidate column is tested
 * against the queen of every earlier row (same column or same diagonal distance).
 */
import { POLL_MASK, poll, type Work } from "./work.js";

/**
 * Row-by-row backtracking, checking each candidate against earlier rows in a loop.
 * Nodes: the root plus every safe placement. Checks: one per comparison with an earlier queen.
 */
export function rowLoop(n: number, work: Work): void {
  const cols = new Int32Array(n);
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
      let ok = true;
      for (let r = 0; r < row; r++) {
        checks++;
        const d = cols[r]! - c;
        if (d === 0 || d === row - r || d === r - row) {
          ok = false;
          break;
        }
      }
      if (ok) {
        cols[row] = c;
        nodes++;
        if ((nodes & POLL_MASK) === 0) poll(work);
        go(row + 1);
      }
    }
  };

  go(0);
  work.nodes += nodes;
  work.checks += checks;
  work.solutions += solutions;
}
