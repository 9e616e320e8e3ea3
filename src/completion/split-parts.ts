/**
 * A hard instance split into parts for the threaded decision (decide-threads.ts): the
 * sub-board's open squares narrowed, part by part, so that the parts partition its completions.
 *
 * A part places the queen of one line (a row or a column of the sub-board) on one of its open
 * squares and takes away the squares that queen attacks; the lines left with one open square are
 * placed the same way, and a part where some line has none is dropped (it has no completion).
 * The split starts from the whole sub-board and splits the part with the largest estimate on its
 * line with the fewest open squares (rows and columns alike), until there are `target` parts or
 * none can be split. The estimate is the logarithm of the product of the open squares of the rows
 * not placed: the size of the tree of a search without propagation, which is crude but costs
 * nothing, and a part placed deeper is smaller by it.
 *
 * Pure and deterministic: the same sub-board and target give the same parts in the same order,
 * the largest estimate first (so that the threads start on the long ones).
 */
import { low, popcount } from "../bits.js";
import type { SubBoard } from "./sub-board.js";

/** One part: the open squares of each row, the rows and columns placed, the estimate. */
interface Part {
  readonly open: Int32Array;
  rows: number;
  cols: number;
  size: number;
}

/** Parts at most, whatever the target: each is a message to a thread and a search to set up. */
const MAX_PARTS = 4096;

/**
 * The parts of `sub` with the open squares `open` (the sub-board's, or narrowed by a symmetry),
 * as open squares per row: at least `target` of them when the sub-board has that many (fewer
 * when it runs out of lines to split or of completions), none when propagation alone proves
 * that it has no completion.
 */
export function splitParts(sub: SubBoard, open: Int32Array, target: number): Int32Array[] {
  const root: Part = { open: Int32Array.from(open), rows: 0, cols: 0, size: 0 };
  if (!settle(sub, root)) return [];
  let parts = [root];
  const goal = Math.min(target, MAX_PARTS);
  while (parts.length < goal) {
    let k = -1;
    for (let i = 0; i < parts.length; i++) {
      if (parts[i]!.size > 0 && (k < 0 || parts[i]!.size > parts[k]!.size)) k = i;
    }
    if (k < 0) break; // every part has all its queens placed
    const children = branch(sub, parts[k]!);
    parts = [...parts.slice(0, k), ...children, ...parts.slice(k + 1)];
    if (parts.length === 0) break;
  }
  return parts
    .map((p, i) => ({ p, i }))
    .sort((a, b) => b.p.size - a.p.size || a.i - b.i)
    .map(({ p }) => p.open);
}

/** The parts of `part` by the squares of its line with the fewest open squares. */
function branch(sub: SubBoard, part: Part): Part[] {
  const { m } = sub;
  const { open } = part;
  let best = 33;
  let line = -1; // 0..m-1 a row, m..2m-1 a column
  for (let i = 0; i < m; i++) {
    if (part.rows & (1 << i)) continue;
    const c = popcount(open[i]!);
    if (c < best) [best, line] = [c, i];
  }
  for (let j = 0; j < m; j++) {
    if (part.cols & (1 << j)) continue;
    const c = popcount(column(open, m, j));
    if (c < best) [best, line] = [c, m + j];
  }
  const children: Part[] = [];
  const squares = line < m ? open[line]! : column(open, m, line - m);
  for (let x = squares; x !== 0; x &= x - 1) {
    const b = low(x);
    const [i, j] = line < m ? [line, b] : [b, line - m];
    const child: Part = { open: Int32Array.from(open), rows: part.rows, cols: part.cols, size: 0 };
    place(sub, child, i, j);
    if (settle(sub, child)) children.push(child);
  }
  return children;
}

/** Row i's queen on column j: row i keeps that square, every other row loses what it attacks. */
function place(sub: SubBoard, part: Part, i: number, j: number): void {
  const { m, attack } = sub;
  const s = (i * 32 + j) * 32;
  for (let i2 = 0; i2 < m; i2++) if (i2 !== i) part.open[i2]! &= ~attack[s + i2]!;
  part.open[i] = 1 << j;
  part.rows |= 1 << i;
  part.cols |= 1 << j;
}

/**
 * Places the lines left with one open square until none is, and sets the estimate: false when
 * a line has no open square (the part has no completion).
 */
function settle(sub: SubBoard, part: Part): boolean {
  const { m } = sub;
  const { open } = part;
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < m; i++) {
      const c = popcount(open[i]!);
      if (c === 0) return false;
      if (c === 1 && !(part.rows & (1 << i))) {
        place(sub, part, i, low(open[i]!));
        changed = true;
      }
    }
    for (let j = 0; j < m; j++) {
      const x = column(open, m, j);
      if (x === 0) return false;
      if (popcount(x) === 1 && !(part.cols & (1 << j))) {
        place(sub, part, low(x), j);
        changed = true;
      }
    }
  }
  let size = 0;
  for (let i = 0; i < m; i++) if (!(part.rows & (1 << i))) size += Math.log2(popcount(open[i]!));
  part.size = size;
  return true;
}

/** Column j's open squares, bit i = row i. */
function column(open: Int32Array, m: number, j: number): number {
  let x = 0;
  for (let i = 0; i < m; i++) if (open[i]! & (1 << j)) x |= 1 << i;
  return x;
}
