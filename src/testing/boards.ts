/** Test support for the board formats: the n = 8 solution they draw, and a parse unwrapped. */
import assert from "node:assert/strict";
import type { PartialBoard, Queen } from "../board.js";
import type { ParseResult } from "../formats/index.js";

/** The first solution of n = 8 in lexicographic order. */
export const EIGHT = [0, 4, 7, 5, 2, 6, 1, 3];

/** A solution's queens, in row order. */
export const queensOf = (cols: readonly number[]): Queen[] =>
  cols.map((col, row) => ({ row, col }));

/** The board a parse read, or the test fails with the parse's error. */
export function board(result: ParseResult): PartialBoard {
  if (!result.ok) assert.fail(`expected a board, got error: ${result.error}`);
  return result.board;
}
