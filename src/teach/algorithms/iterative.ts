/**
 * The bitmask search of `bitmask.ts` without recursion: an explicit stack holds, per row, the
 * attacked columns and the safe columns not tried yet. Same nodes, checks and order.
 */
import { POLL_MASK, poll, type Work } from "./work.js";

/**
 * Bitmask backtracking with an explicit stack. Counts exactly as {@link bitmask} does.
 */
export function iterative(n: number, work: Work): void {
  const all = (1 << n) - 1;
  const cols = new Int32Array(n);
  const used = new Int32Array(n);
  const left = new Int32Array(n);
  const right = new Int32Array(n);
  const free = new Int32Array(n); // safe columns of each row still to try
  const onSolution = work.onSolution;
  let nodes = 1;
  let checks = 1;
  let solutions = 0;
  let row = 0;
  free[0] = all;
  while (row >= 0) {
    const f = free[row]!;
    if (f === 0) {
      row--;
      continue;
    }
    const bit = f & -f;
    free[row] = f ^ bit;
    cols[row] = 31 - Math.clz32(bit);
    nodes++;
    if ((nodes & POLL_MASK) === 0) poll(work);
    if (row + 1 === n) {
      solutions++;
      if (onSolution) onSolution(Array.from(cols));
      continue;
    }
    const u = used[row]! | bit;
    const l = (left[row]! | bit) << 1;
    const r = (right[row]! | bit) >>> 1;
    row++;
    used[row] = u;
    left[row] = l;
    right[row] = r;
    checks++;
    free[row] = all & ~(u | l | r);
  }
  work.nodes += nodes;
  work.checks += checks;
  work.solutions += solutions;
}
