/**
 * What every writer shares: the board checked and laid out ({@link Layout}), and text joined in
 * chunks of about 64 KB.
 *
 * Every style takes a full {@link Solution} (`cols[row]`) or a {@link PartialBoard}; squares
 * without a queen are drawn empty. Rows are printed top to bottom from row 0, columns left to
 * right from column 0. The result has no trailing newline. {@link parseBoard} reads back every
 * style except `svg`.
 *
 * {@link formatChunks} gives the same text in pieces of about 64 KB, so that a command can write
 * a board of 10^7 queens with backpressure instead of building 80 MB of text at once; for a
 * full solution the one-line styles go straight from `cols`, O(n) time and no per-row objects.
 */
import {
  boardProblems,
  forbiddenSquares,
  isRestricted,
  type PartialBoard,
  type Solution,
} from "../board.js";
import { NQueensError } from "../errors.js";
import { BOARD_FORMATS } from "./table.js";

/** Options for {@link formatBoard}: for `svg`, and `fields` for `json`. */
export interface FormatOptions {
  /**
   * The SVG's `<title>`.
   * @default "8x8 board with 8 queens" (from the board)
   */
  readonly title?: string;
  /**
   * The SVG's width and height in pixels.
   * @default n times a square of 60 pixels, less for large n (640 / n), at least 1 per square
   */
  readonly size?: number;
  /**
   * `json` only: more fields, written after `n` (`{ method: "construct" }` gives
   * `{"n":8,"method":"construct","cols":[...]}`).
   */
  readonly fields?: Readonly<Record<string, unknown>>;
  /**
   * Prefix of the ids inside the SVG, to keep them unique when several pictures share a page.
   * @default "nqueens"
   */
  readonly idPrefix?: string;
}

/** A board checked, with its queens in row order, then column order. */
export interface Layout {
  readonly n: number;
  /** The columns of a full solution (one queen in each row), when the board is one. */
  readonly cols: Solution | undefined;
  /** How many queens. */
  readonly k: number;
  /** Row and column of queen i, in row order, then column order. */
  row(i: number): number;
  col(i: number): number;
  /** The columns of the queens in each row, ascending (built on first use). */
  rows(): readonly (readonly number[])[];
  /** The board, when it has blocked squares or excluded diagonals. */
  readonly restricted: PartialBoard | undefined;
  /** The forbidden squares' columns in each row (blocked or on an excluded diagonal), built on first use. */
  blockedRows(): readonly (readonly number[])[];
}

const NO_ROWS: readonly (readonly number[])[] = [];

export function layout(board: PartialBoard | Solution): Layout {
  if (Array.isArray(board)) {
    const cols = board as Solution;
    const n = cols.length;
    if (n < 1)
      throw new NQueensError(`a board needs a size of at least 1: got ${n}`, "invalid-board");
    for (let r = 0; r < n; r++) {
      const c = cols[r]!;
      if (!Number.isInteger(c) || c < 0 || c >= n) {
        throw new NQueensError(`queen at (${r}, ${c}) is off the ${n}x${n} board`, "invalid-board");
      }
    }
    return {
      n,
      cols,
      k: n,
      row: (i) => i,
      col: (i) => cols[i]!,
      rows: () => Array.from(cols, (c) => [c]),
      restricted: undefined,
      blockedRows: () => NO_ROWS,
    };
  }
  const { n, queens } = board as PartialBoard;
  if (!Number.isInteger(n) || n < 1) {
    throw new NQueensError(`a board needs a size of at least 1: got ${n}`, "invalid-board");
  }
  const full = board as PartialBoard;
  const problems = boardProblems(full);
  if (problems.length > 0) throw new NQueensError(problems[0]!, "invalid-board");
  const sorted = [...queens].sort((a, b) => a.row - b.row || a.col - b.col);
  let rows: number[][] | undefined;
  let blockedRows: number[][] | undefined;
  const restricted = isRestricted(full) ? full : undefined;
  return {
    restricted,
    blockedRows: () => {
      if (restricted === undefined) return NO_ROWS;
      if (blockedRows === undefined) {
        blockedRows = Array.from({ length: n }, () => []);
        for (const s of forbiddenSquares(restricted)) blockedRows[s.row]!.push(s.col);
      }
      return blockedRows;
    },
    n,
    cols: undefined,
    k: sorted.length,
    row: (i) => sorted[i]!.row,
    col: (i) => sorted[i]!.col,
    rows: () => {
      if (rows === undefined) {
        rows = Array.from({ length: n }, () => []);
        for (const q of sorted) rows[q.row]!.push(q.col);
      }
      return rows;
    },
  };
}

/** Characters per chunk of {@link formatChunks}. */
const CHUNK = 64 * 1024;

/** `count` pieces joined by `sep`, in chunks of about CHUNK characters. */
export function* joined(
  count: number,
  piece: (i: number) => string,
  sep: string,
): Generator<string> {
  let parts: string[] = [];
  let size = 0;
  for (let i = 0; i < count; i++) {
    const p = i === 0 ? piece(i) : sep + piece(i);
    parts.push(p);
    size += p.length;
    if (size >= CHUNK) {
      yield parts.join("");
      parts = [];
      size = 0;
    }
  }
  if (parts.length > 0) yield parts.join("");
}

/** The styles that keep blocked squares and excluded diagonals as data: "json, csplib". */
const KEEPS_RESTRICTIONS = BOARD_FORMATS.filter((f) => f.drawsRestrictions && !f.squareBySquare)
  .map((f) => f.name)
  .join(", ");

/** The styles that draw them: "dots, compact, stars, binary, cells, grid, unicode, svg". */
const DRAWS_RESTRICTIONS = BOARD_FORMATS.filter((f) => f.drawsRestrictions && f.squareBySquare)
  .map((f) => f.name)
  .join(", ");

/** Refuses a board with blocked squares or excluded diagonals in a style that cannot show them. */
export function plainOnly(b: Layout, style: string): void {
  if (b.restricted !== undefined) {
    throw new NQueensError(
      `the ${style} style cannot show blocked squares or excluded diagonals: use ${KEEPS_RESTRICTIONS} or a style drawn square by square (${DRAWS_RESTRICTIONS})`,
      "conflicting-options",
      { option: "style", value: style },
    );
  }
}

/** The blocked squares of a board, by row then column, each once. */
export function sortedSquares(board: PartialBoard): { row: number; col: number }[] {
  return forbiddenSquares({ n: board.n, queens: [], blocked: board.blocked ?? [] });
}
