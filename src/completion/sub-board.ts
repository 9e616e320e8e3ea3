/**
 * The part of a partial board a completion still has to fill: its free rows and free columns,
 * squeezed into an m x m board (m = the queens missing, at most 32), with one 32-bit mask of
 * open squares per row. A square is open when no fixed queen attacks it and the board does not
 * forbid it (blocked, or on an excluded diagonal). Everything the hard-instance search needs is
 * precomputed here, once, in O(n + k + m^3) for k fixed queens:
 *
 * - `open[i]`: bit j set when square (rows[i], cols[j]) is open;
 * - `attack[(i * 32 + j) * 32 + i2]`: the squares of compressed row i2 that a queen on (i, j)
 *   takes away: its column and both diagonals, and for i2 = i the whole row (the square itself
 *   included). A queen's effect is "clear these bits in every row", the same for every board
 *   size, which is what makes a board of 4,000 rows with 16 queens missing as cheap to search as
 *   a 16 x 16 board;
 * - the sum and difference diagonals (r + c and r - c, in board coordinates) that still have an
 *   open square, numbered in increasing order of value, and each open square's two numbers: the
 *   search keeps a count of open squares per diagonal for its bound on the diagonals' values.
 *
 * Free of Node imports (the web page's worker uses it through complete.ts).
 */
import { Forbidden, type PartialBoard } from "../board.js";
import { MAX_SUB_SIZE } from "../limits.js";

/** A compressed partial board; see the module comment. */
export interface SubBoard {
  /** The board size. */
  readonly n: number;
  /** The queens missing: free rows = free columns. */
  readonly m: number;
  /** Board row of compressed row i, ascending. */
  readonly rows: Int32Array;
  /** Board column of compressed column j, ascending. */
  readonly cols: Int32Array;
  /** Per compressed row: its open squares, bit j = compressed column j. */
  readonly open: Int32Array;
  /** The squares a queen takes away, per row: `attack[(i * 32 + j) * 32 + i2]`. */
  readonly attack: Int32Array;
  /** Per square i * 32 + j: the number of its sum diagonal (-1 when not open). */
  readonly sumId: Int32Array;
  /** Per square i * 32 + j: the number of its difference diagonal (-1 when not open). */
  readonly diffId: Int32Array;
  /** The value r + c of each sum diagonal, by number (ascending). */
  readonly sumValue: Int32Array;
  /** The value r - c of each difference diagonal, by number (ascending). */
  readonly diffValue: Int32Array;
  /** The fixed queens as `cols[row]`, -1 for a free row. */
  readonly base: Int32Array;
}

/**
 * Compresses a board whose queens are valid (on the board, not attacking each other, none on a
 * forbidden square) and miss at most {@link MAX_SUB_SIZE} queens.
 */
export function subBoard(board: PartialBoard, forbidden = new Forbidden(board)): SubBoard {
  const { n, queens } = board;
  const m = n - queens.length;
  if (m > MAX_SUB_SIZE) throw new RangeError(`a sub-board holds at most 32 free rows: got ${m}`);
  const base = new Int32Array(n).fill(-1);
  const colUsed = new Uint8Array(n);
  const sumUsed = new Uint8Array(2 * n - 1);
  const diffUsed = new Uint8Array(2 * n - 1);
  for (const q of queens) {
    base[q.row] = q.col;
    colUsed[q.col] = 1;
    sumUsed[q.row + q.col] = 1;
    diffUsed[q.row - q.col + n - 1] = 1;
  }
  const rows = new Int32Array(m);
  const cols = new Int32Array(m);
  for (let r = 0, i = 0; r < n; r++) if (base[r] === -1) rows[i++] = r;
  for (let c = 0, j = 0; c < n; c++) if (colUsed[c] === 0) cols[j++] = c;
  const open = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    const r = rows[i]!;
    let mask = 0;
    for (let j = 0; j < m; j++) {
      const c = cols[j]!;
      if (sumUsed[r + c] || diffUsed[r - c + n - 1] || forbidden.has(r, c)) continue;
      mask |= 1 << j;
    }
    open[i] = mask;
  }
  // Column of a board column in the compressed board (-1 when not free), by binary search: the
  // free columns are sorted, and a map of all n columns would cost O(n) per attack entry build.
  const colIndex = (c: number): number => {
    let lo = 0;
    let hi = m - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = cols[mid]!;
      if (v === c) return mid;
      if (v < c) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
  const full = m === 32 ? -1 : (1 << m) - 1;
  const attack = new Int32Array(m * 32 * 32);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      const s = (i * 32 + j) * 32;
      const r = rows[i]!;
      const c = cols[j]!;
      for (let i2 = 0; i2 < m; i2++) {
        if (i2 === i) {
          attack[s + i2] = full;
          continue;
        }
        const d = rows[i2]! - r;
        let mask = 1 << j;
        const a = colIndex(c + d);
        const b = colIndex(c - d);
        if (a >= 0) mask |= 1 << a;
        if (b >= 0) mask |= 1 << b;
        attack[s + i2] = mask;
      }
    }
  }
  // The diagonals that have an open square, numbered by value.
  const sums = new Map<number, number>();
  const diffs = new Map<number, number>();
  for (let i = 0; i < m; i++) {
    for (let x = open[i]!; x !== 0; x &= x - 1) {
      const j = 31 - Math.clz32(x & -x);
      sums.set(rows[i]! + cols[j]!, 0);
      diffs.set(rows[i]! - cols[j]!, 0);
    }
  }
  const sumValue = Int32Array.from([...sums.keys()].sort((a, b) => a - b));
  const diffValue = Int32Array.from([...diffs.keys()].sort((a, b) => a - b));
  for (let k = 0; k < sumValue.length; k++) sums.set(sumValue[k]!, k);
  for (let k = 0; k < diffValue.length; k++) diffs.set(diffValue[k]!, k);
  const sumId = new Int32Array(m * 32).fill(-1);
  const diffId = new Int32Array(m * 32).fill(-1);
  for (let i = 0; i < m; i++) {
    for (let x = open[i]!; x !== 0; x &= x - 1) {
      const j = 31 - Math.clz32(x & -x);
      sumId[i * 32 + j] = sums.get(rows[i]! + cols[j]!)!;
      diffId[i * 32 + j] = diffs.get(rows[i]! - cols[j]!)!;
    }
  }
  return { n, m, rows, cols, open, attack, sumId, diffId, sumValue, diffValue, base };
}

/** The board's `cols` for a placement of the sub-board (`place[i]` = compressed column of row i). */
export function boardCols(sub: SubBoard, place: ArrayLike<number>): number[] {
  const cols = Array.from(sub.base);
  for (let i = 0; i < sub.m; i++) cols[sub.rows[i]!] = sub.cols[place[i]!]!;
  return cols;
}
