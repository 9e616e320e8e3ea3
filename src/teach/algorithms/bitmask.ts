/**
 * Row-by-row backtracking on bitmasks: bit c of `cols`, `left` and `right` is set when column c of
 * the current row is attacked along a column, a diagonal or an anti-diagonal. One AND-NOT gives
 * every safe column at once; the lowest set bit is the leftmost safe column, so solutions come out
 * in lexicographic order. Needs n <= 30 (32-bit integers).
 */
import { POLL_MASK, poll, type Work } from "./work.js";

/**
 * Recursive bitmask backtracking.
 * Nodes: the root plus every safe placement. Checks: one mask computation per node above the
 * last row (it tests all n columns at once).
 */
export function bitmask(n: number, work: Work): void {
  const all = (1 << n) - 1;
  const cols = new Int32Array(n);
  const onSolution = work.onSolution;
  let nodes = 1;
  let checks = 0;
  let solutions = 0;

  const go = (row: number, used: number, left: number, right: number): void => {
    if (row === n) {
      solutions++;
      if (onSolution) onSolution(Array.from(cols));
      return;
    }
    checks++;
    let free = all & ~(used | left | right);
    while (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      cols[row] = 31 - Math.clz32(bit);
      nodes++;
      if ((nodes & POLL_MASK) === 0) poll(work);
      go(row + 1, used | bit, (left | bit) << 1, (right | bit) >>> 1);
    }
  };

  go(0, 0, 0, 0);
  work.nodes += nodes;
  work.checks += checks;
  work.solutions += solutions;
}
