/**
 * Completing boards of n <= 32 row by row with 32-bit masks for columns and both diagonals: the
 * lexicographic search behind `completeOne` and `completions`, and counting through the engine's
 * bitmask kernel with the forbidden squares as extra row masks.
 */
import { popcount } from "../bits.js";
import type { Forbidden, Queen } from "../board.js";
import { compileBoard, countTask, newTask } from "../engine/browser.js";
import { NO_PROGRESS, type SearchProgress } from "./search-progress.js";
import { symmetryOf } from "./symmetry.js";
import type { Checked } from "./validate.js";

interface MaskPlan {
  readonly all: number;
  /** The cols array with the fixed queens filled in and -1 elsewhere. */
  readonly base: number[];
  /** The rows without a fixed queen, ascending. */
  readonly rows: Int32Array;
  /** For each of those rows, the columns the fixed queens attack or the board forbids there. */
  readonly blocked: Int32Array;
  /** False when some empty row is fully attacked by the fixed queens. */
  readonly possible: boolean;
  /** Per board row, the columns the board forbids (undefined when it forbids none). */
  readonly forbiddenRows: Int32Array | undefined;
}

/** Per row of a board with n <= 32, the columns it forbids as bits (undefined: none). */
function forbiddenMasks(n: number, forbidden: Forbidden): Int32Array | undefined {
  if (!forbidden.any) return undefined;
  const masks = new Int32Array(n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (forbidden.has(r, c)) masks[r]! |= 1 << c;
  }
  return masks;
}

export function planMasks(n: number, queens: readonly Queen[], forbidden: Forbidden): MaskPlan {
  const all = n === 32 ? -1 : (1 << n) - 1;
  const base = new Array<number>(n).fill(-1);
  for (const q of queens) base[q.row] = q.col;
  const rows = Int32Array.from(base.flatMap((c, r) => (c === -1 ? [r] : [])));
  const blocked = new Int32Array(rows.length);
  const forbiddenRows = forbiddenMasks(n, forbidden);
  let possible = true;
  rows.forEach((r, k) => {
    let m = forbiddenRows ? forbiddenRows[r]! : 0;
    for (const q of queens) {
      const d = r - q.row;
      m |= 1 << q.col;
      if (q.col + d >= 0 && q.col + d < n) m |= 1 << (q.col + d);
      if (q.col - d >= 0 && q.col - d < n) m |= 1 << (q.col - d);
    }
    blocked[k] = m & all;
    if ((m & all) === all) possible = false;
  });
  return { all, base, rows, blocked, possible, forbiddenRows };
}

const task = newTask();

/**
 * The completions of `cols` (-1: a free row; n <= 32) counted by the engine's kernel, with the
 * forbidden squares of each free row added to its mask. Exact below 2^53.
 */
export function countCols(n: number, cols: ArrayLike<number>, forbiddenRows?: Int32Array): bigint {
  if (!compileBoard(task, n, cols)) return 0n;
  if (forbiddenRows) {
    for (let d = 0; d < task.depth; d++) task.rowMask[d]! |= forbiddenRows[task.row[d]!]!;
  }
  return BigInt(countTask(task));
}

/**
 * The exact count for n <= 32: split on the first free row, each of its open squares counted by
 * the kernel (each part below 2^53, summed as a bigint); when the instance is its own mirror
 * image only the left half, doubled, and the middle column once.
 */
export function kernelCount(v: Checked): bigint {
  const { n, queens, forbidden } = v;
  const plan = planMasks(n, queens, forbidden);
  if (!plan.possible) return 0n;
  if (plan.rows.length === 0) return 1n;
  const first = plan.rows[0]!;
  const mirror = symmetryOf(v.board).mirrorColumns;
  const cols = Int32Array.from(plan.base);
  let total = 0n;
  for (let open = plan.all & ~plan.blocked[0]!; open !== 0; open &= open - 1) {
    const c = 31 - Math.clz32(open & -open);
    const weight = !mirror ? 1n : 2 * c < n - 1 ? 2n : 2 * c === n - 1 ? 1n : 0n;
    if (weight === 0n) continue;
    cols[first] = c;
    total += weight * countCols(n, cols, plan.forbiddenRows);
  }
  return total;
}

/**
 * Lexicographic completions with masks; explicit stack, one generator for the whole walk.
 * Yields `null` only when the watch asks for ticks.
 */
export function* maskSearch(
  plan: MaskPlan,
  watch: SearchProgress = NO_PROGRESS,
): Generator<number[] | null> {
  const { all, base, rows, blocked } = plan;
  const m = rows.length;
  const report = watch.progress;
  if (m === 0) {
    report?.(0, 1);
    yield base.slice();
    report?.(1, 1);
    return;
  }
  const total = plan.possible ? popcount(all & ~blocked[0]!) : 0;
  report?.(0, total);
  if (!plan.possible) return;
  const out = base.slice();
  const cols = new Int32Array(m);
  const ld = new Int32Array(m);
  const rd = new Int32Array(m);
  const avail = new Int32Array(m);
  avail[0] = all & ~blocked[0]!;
  const every = watch.tickEvery;
  let steps = 0;
  let entered = 0; // candidates of the first free row taken so far
  let k = 0;
  while (k >= 0) {
    if (every > 0 && ++steps >= every) {
      steps = 0;
      yield null;
    }
    const a = avail[k]!;
    if (a === 0) {
      if (k === 0) report?.(entered, total);
      k--;
      continue;
    }
    const bit = a & -a;
    avail[k] = a ^ bit;
    if (k === 0) {
      if (entered > 0) report?.(entered, total);
      entered++;
    }
    out[rows[k]!] = 31 - Math.clz32(bit);
    if (k === m - 1) {
      yield out.slice();
      continue;
    }
    const gap = rows[k + 1]! - rows[k]!;
    const c = cols[k]! | bit;
    const l = (ld[k]! | bit) << gap;
    const r = (rd[k]! | bit) >>> gap;
    k++;
    cols[k] = c;
    ld[k] = l;
    rd[k] = r;
    avail[k] = all & ~(c | l | r | blocked[k]!);
  }
}

/** Placements of the first `depth` free rows, in lexicographic order: `picks[s * depth + i]`. */
interface Prefixes {
  readonly depth: number;
  readonly count: number;
  readonly picks: Int32Array;
}

/**
 * The sub-problems of a count: every valid placement of the first free rows, as many rows as it
 * takes to have at least `target` of them (or all free rows). Same order as {@link maskSearch}.
 */
export function prefixes(plan: MaskPlan, target: number): Prefixes {
  const { all, rows, blocked } = plan;
  const m = rows.length;
  if (!plan.possible) return { depth: 0, count: 0, picks: new Int32Array(0) };
  let depth = 0;
  let count = 1;
  let picks = new Int32Array(0);
  let cols = new Int32Array(1);
  let ld = new Int32Array(1);
  let rd = new Int32Array(1);
  while (depth < m && count > 0 && count < target) {
    const gap = depth + 1 < m ? rows[depth + 1]! - rows[depth]! : 1;
    const open = (p: number) => all & ~(cols[p]! | ld[p]! | rd[p]! | blocked[depth]!);
    let next = 0;
    for (let p = 0; p < count; p++) next += popcount(open(p));
    const nPicks = new Int32Array(next * (depth + 1));
    const nCols = new Int32Array(next);
    const nLd = new Int32Array(next);
    const nRd = new Int32Array(next);
    let s = 0;
    for (let p = 0; p < count; p++) {
      for (let a = open(p); a !== 0; a &= a - 1) {
        const bit = a & -a;
        nPicks.set(picks.subarray(p * depth, (p + 1) * depth), s * (depth + 1));
        nPicks[s * (depth + 1) + depth] = 31 - Math.clz32(bit);
        nCols[s] = cols[p]! | bit;
        nLd[s] = (ld[p]! | bit) << gap;
        nRd[s] = (rd[p]! | bit) >>> gap;
        s++;
      }
    }
    [picks, cols, ld, rd, count] = [nPicks, nCols, nLd, nRd, next];
    depth++;
  }
  return { depth, count, picks };
}
