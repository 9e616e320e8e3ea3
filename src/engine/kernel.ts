/**
 * The hot loop: counting the completions of a partial board, row by row, with bitmasks.
 *
 * Every count in the engine goes through one representation, a `KernelTask`:
 * - the rows still to fill ("free rows"), in ascending order, are depths 0..depth-1;
 * - `rowMask[d]` holds the cells of free row d attacked by the queens placed *before* the search
 *   (in any row, above or below: their columns and both diagonals), bit c = column c of the task;
 * - `shift[d]` is the distance from free row d to free row d+1 (rows in between already hold a
 *   queen), by which the diagonal masks move;
 * - `ld`, `rd` are the diagonal masks of queens placed by the search so far (0 at the start),
 *   `col` the columns taken, starting with those of the queens placed before the search.
 * A border constellation (constellations/split.ts) compiles to a task on the inner (n-2) columns
 * (bit c-1 = column c), so masks stay within 30 bits for n <= 32; a general partial board compiles
 * to a task on all n columns (`>>>` keeps bit 31 clean for n = 32).
 */

import type { SubProblem, SubResult } from "./constellations/split.js";
import { wasmKernel } from "./kernel-wasm.js";
import { countRotationFixed } from "./rotation-fixed.js";

/** A compiled search: see the module comment. Reused between sub-problems, never shared. */
export interface KernelTask {
  /** Number of free rows. */
  depth: number;
  /** The columns a queen may use, as bits. */
  full: number;
  /** Per free row: cells attacked by the queens placed before the search. */
  readonly rowMask: Int32Array;
  /** Per free row: rows to the next free row (1 when adjacent). */
  readonly shift: Int32Array;
  /** Per free row: its row index on the board. */
  readonly row: Int32Array;
  /** Board column of bit 0 (1 for constellations, 0 for general boards). */
  offset: number;
  /** Diagonal masks of the queens placed by the search so far (at free row 0). */
  ld: number;
  rd: number;
  /** Columns taken. */
  col: number;
}

/** A task with room for a board of up to 32 rows. */
export function newTask(): KernelTask {
  return {
    depth: 0,
    full: 0,
    rowMask: new Int32Array(33),
    shift: new Int32Array(33),
    row: new Int32Array(33),
    offset: 0,
    ld: 0,
    rd: 0,
    col: 0,
  };
}

/**
 * Compiles a partial board into `task`: `cols[r]` is the column of the queen in row r, or -1.
 * Columns < `lo` or > `hi` are excluded from the search (constellations pass 1 and n-2).
 * Returns false when the given queens attack each other (no completion).
 */
export function compileBoard(
  task: KernelTask,
  n: number,
  cols: ArrayLike<number>,
  lo = 0,
  hi = n - 1,
): boolean {
  const width = hi - lo + 1;
  task.full = width >= 32 ? -1 : ((1 << width) - 1) | 0;
  task.offset = lo;
  task.ld = 0;
  task.rd = 0;
  let used = 0;
  for (let r = 0; r < n; r++) {
    const c = cols[r];
    if (c < 0) continue;
    for (let r2 = r + 1; r2 < n; r2++) {
      const c2 = cols[r2];
      if (c2 >= 0 && (c2 === c || Math.abs(c2 - c) === r2 - r)) return false;
    }
    if (c >= lo && c <= hi) used |= 1 << (c - lo);
  }
  task.col = used;
  let d = 0;
  for (let r = 0; r < n; r++) {
    if (cols[r] >= 0) continue;
    let mask = 0;
    for (let q = 0; q < n; q++) {
      const c = cols[q];
      if (c < 0) continue;
      const dist = r > q ? r - q : q - r;
      if (c + dist >= lo && c + dist <= hi) mask |= 1 << (c + dist - lo);
      if (c - dist >= lo && c - dist <= hi) mask |= 1 << (c - dist - lo);
    }
    task.rowMask[d] = mask;
    task.row[d] = r;
    if (d > 0) task.shift[d - 1] = r - task.row[d - 1];
    d++;
  }
  task.depth = d;
  if (d > 0) task.shift[d - 1] = 1;
  return true;
}

const boardScratch = new Int32Array(32);

/** Compiles a sub-problem of `split(n)` into `task` (inner columns 1..n-2). */
export function compileSubProblem(task: KernelTask, n: number, sp: SubProblem): boolean {
  const cols = boardScratch.subarray(0, n);
  cols.fill(-1);
  cols[0] = sp.top;
  cols[n - 1] = sp.bottom;
  cols[sp.left] = 0;
  cols[sp.right] = n - 1;
  return compileBoard(task, n, cols, 1, n - 2);
}

// ---------------------------------------------------------------------------------------------
// The reference kernel in plain JavaScript. kernel-wasm.ts runs the same algorithm faster and is
// what the engine uses; this one is the fallback, the readable model for other backends (GPU), and a
// cross-check in the tests. Per free row d: `avail` = columns still open, `free` = squares of row
// d not attacked. A child is entered only if its own row has a square ("look-ahead", which skips
// the call for dead ends, most nodes) and the row after it too ("look-ahead 2"). In the last free
// row one column is left, so a non-empty free set is exactly one solution.
// ---------------------------------------------------------------------------------------------
let jsMask: Int32Array = new Int32Array(0);
let jsShift: Int32Array = new Int32Array(0);
let jsLast = 0;

function descend(d: number, ld: number, rd: number, avail: number, free: number): number {
  const s = jsShift[d];
  const m = jsMask[d + 1];
  let count = 0;
  if (d + 1 === jsLast) {
    while (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      if (((avail ^ bit) & ~(((ld | bit) << s) | ((rd | bit) >>> s) | m)) !== 0) count++;
    }
    return count;
  }
  const s2 = jsShift[d + 1];
  const m2 = jsMask[d + 2];
  while (free !== 0) {
    const bit = free & -free;
    free ^= bit;
    const nld = (ld | bit) << s;
    const nrd = (rd | bit) >>> s;
    const navail = avail ^ bit;
    const next = navail & ~(nld | nrd | m);
    if (next !== 0 && (navail & ~((nld << s2) | (nrd >>> s2) | m2)) !== 0) {
      count += descend(d + 1, nld, nrd, navail, next);
    }
  }
  return count;
}

/** Counts the completions of a compiled task in JavaScript (exact below 2^53). */
export function countTaskJs(task: KernelTask): number {
  if (task.depth === 0) return 1;
  const avail = task.full & ~task.col;
  const free = avail & ~(task.ld | task.rd | task.rowMask[0]);
  if (free === 0) return 0;
  if (task.depth === 1) return 1;
  jsMask = task.rowMask;
  jsShift = task.shift;
  jsLast = task.depth - 1;
  return descend(0, task.ld, task.rd, avail, free);
}

/** Counts the completions of a compiled task with the fastest kernel available. */
export function countTask(task: KernelTask): number {
  const wasm = wasmKernel();
  return wasm === null ? countTaskJs(task) : wasm.count(task);
}

const sharedTask = newTask();

/**
 * Solves one sub-problem of `split(n)`: its solution count, and for rotation-symmetric
 * constellations the rotation-fixed counts needed for the unique total.
 * @example solveSubProblem(8, split(8)[0]) // { count: 4, fixed180: 0, fixed90: 0 }
 */
export function solveSubProblem(n: number, sp: SubProblem, task = sharedTask): SubResult {
  if (!compileSubProblem(task, n, sp)) return { count: 0, fixed180: 0, fixed90: 0 };
  const count = countTask(task);
  if (sp.rotations === 1 || count === 0) return { count, fixed180: 0, fixed90: 0 };
  const cols = new Int32Array(n).fill(-1);
  cols[0] = sp.top;
  cols[n - 1] = sp.bottom;
  cols[sp.left] = 0;
  cols[sp.right] = n - 1;
  const fixed180 = countRotationFixed(n, cols, false);
  const fixed90 = sp.rotations === 4 ? countRotationFixed(n, cols, true) : 0;
  return { count, fixed180, fixed90 };
}

/**
 * Counts the completions of a partial board with the engine's kernel: `cols[r]` is the column of
 * the queen in row r (0-based), or -1 for an empty row; n <= 32. Queens may stand in any rows
 * (empty rows above, between or below them). Queens that attack each other give 0n.
 * The lower-level entry is `compileBoard(task, n, cols)` then `countTask(task)`. The search is split on the first empty row, each part counted exactly as a double
 * (below 2^53 for any board this can finish), and summed as a bigint.
 * @example countCompletions(8, [0, -1, -1, -1, -1, -1, -1, -1]) // 4n
 */
export function countCompletions(n: number, cols: ArrayLike<number>): bigint {
  const task = newTask();
  if (!compileBoard(task, n, cols)) return 0n;
  if (task.depth <= 1) return BigInt(countTask(task));
  const first = task.row[0];
  const board = Int32Array.from({ length: n }, (_, r) => cols[r]);
  let free = ~(task.col | task.rowMask[0]) & task.full;
  let total = 0n;
  while (free !== 0) {
    const bit = free & -free;
    free ^= bit;
    board[first] = 31 - Math.clz32(bit);
    if (compileBoard(task, n, board)) total += BigInt(countTask(task));
  }
  return total;
}
