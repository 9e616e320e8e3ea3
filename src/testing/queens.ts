/**
 * Small boards worked out by hand-written searches of their own, for tests to check the library
 * and the page against: whether two squares attack, the most queens that fit beside some queens
 * (square by square, take it or leave it) and whether a board can be completed (row by row).
 * Slow and plain on purpose; nothing here comes from the code under test.
 */
import type { Queen } from "../board.js";

/** Whether two squares share a row, a column or a diagonal. */
export const hits = (a: Queen, b: Queen) =>
  a.row === b.row ||
  a.col === b.col ||
  a.row + a.col === b.row + b.col ||
  a.row - a.col === b.row - b.col;

/** The empty squares that no queen attacks. */
export function safeSquares(n: number, queens: readonly Queen[]): Queen[] {
  const out: Queen[] = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const sq = { row, col };
      if (!queens.some((q) => hits(q, sq))) out.push(sq);
    }
  }
  return out;
}

/** The most queens that fit beside `queens`, none attacking another: exhaustive. */
export function mostFit(n: number, queens: readonly Queen[]): number {
  const squares = safeSquares(n, queens);
  const put: Queen[] = [];
  const go = (i: number): number => {
    if (i === squares.length) return put.length;
    let most = go(i + 1);
    const sq = squares[i]!;
    if (!put.some((q) => hits(q, sq))) {
      put.push(sq);
      most = Math.max(most, go(i + 1));
      put.pop();
    }
    return most;
  };
  return go(0);
}

/** Whether the board can be filled to n queens, the given ones kept (row by row). */
export function canFill(n: number, queens: readonly Queen[]): boolean {
  const on = [...queens];
  const go = (row: number): boolean => {
    if (row === n) return true;
    if (on.some((q) => q.row === row)) return go(row + 1);
    for (let col = 0; col < n; col++) {
      const sq = { row, col };
      if (on.some((q) => hits(q, sq))) continue;
      on.push(sq);
      if (go(row + 1)) return true;
      on.pop();
    }
    return false;
  };
  return go(0);
}
