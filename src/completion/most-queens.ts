/**
 * The most queens that still fit on a partial board: how many queens can be added, none attacking
 * another or a queen already there, when the board need not be completed. A completion adds
 * n - k; a dead end adds fewer. An exhaustive search over the free rows on bit masks (each free
 * row holds a queen on a safe column or stays empty), pruned by the rows left: small boards only
 * (the page's exercises ask it about boards up to 8×8).
 */
import { conflicts, type PartialBoard, type Queen } from "../board.js";
import { checkSize, NQueensError } from "../errors.js";
import { MAX_MOST_QUEENS_N } from "../limits.js";

/** What {@link mostQueens} found. */
export interface MostQueens {
  /** One largest set of queens that can be added (row order), the board's queens not included. */
  readonly added: readonly Queen[];
  /** The free rows where no square is safe: none of them can take a queen. */
  readonly deadRows: readonly number[];
}

/**
 * The most queens that can be added to `board` (its queens kept, no two attacking), with one
 * such placement and the free rows that have no safe square left.
 * @throws NQueensError when the board is malformed, n is over 12, or two queens attack each other
 * @example mostQueens({ n: 4, queens: [{ row: 0, col: 0 }] }).added.length // 2 (a corner of 4×4 is a dead end)
 */
export function mostQueens(board: PartialBoard): MostQueens {
  const { n, queens } = board;
  checkSize(n, MAX_MOST_QUEENS_N);
  if (conflicts(board).length > 0) {
    throw new NQueensError("the queens attack each other: no queen can be added", "invalid-board");
  }
  let cols = 0;
  let diag = 0; // r + c
  let anti = 0; // r - c + n - 1
  const taken = new Set<number>();
  for (const q of queens) {
    cols |= 1 << q.col;
    diag |= 1 << (q.row + q.col);
    anti |= 1 << (q.row - q.col + n - 1);
    taken.add(q.row);
  }
  const free = Array.from({ length: n }, (_, r) => r).filter((r) => !taken.has(r));
  const safeIn = (r: number, c: number, d: number, a: number) => {
    let mask = 0;
    for (let col = 0; col < n; col++) {
      if (!((c >> col) & 1) && !((d >> (r + col)) & 1) && !((a >> (r - col + n - 1)) & 1)) {
        mask |= 1 << col;
      }
    }
    return mask;
  };
  const deadRows = free.filter((r) => safeIn(r, cols, diag, anti) === 0);
  let best: Queen[] = [];
  const path: Queen[] = [];
  const search = (i: number, c: number, d: number, a: number) => {
    if (path.length > best.length) best = [...path];
    if (i === free.length || path.length + (free.length - i) <= best.length) return;
    const r = free[i]!;
    let mask = safeIn(r, c, d, a);
    while (mask !== 0) {
      const col = 31 - Math.clz32(mask & -mask);
      mask &= mask - 1;
      path.push({ row: r, col });
      search(i + 1, c | (1 << col), d | (1 << (r + col)), a | (1 << (r - col + n - 1)));
      path.pop();
      if (best.length === free.length) return;
    }
    search(i + 1, c, d, a);
  };
  search(0, cols, diag, anti);
  return { added: best, deadRows };
}
