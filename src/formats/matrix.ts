/**
 * The matrix styles, one text row per board row: `dots` (`. Q . .`), `compact` (`.Q..`), `stars`
 * (`*Q**`) and `binary` (`0 1 0 0`), with `x` on a blocked square. Reading takes any of them
 * (and a matrix in other symbols, see `read.ts`), cells with or without spaces between them.
 */
import { MAX_MATRIX_N } from "../limits.js";
import { thousands } from "../words.js";
import {
  checkRows,
  EMPTIES,
  fail,
  fromCells,
  type Line,
  type ParseOptions,
  type ParseResult,
} from "./read.js";
import type { BoardForm } from "./table.js";
import { joined, type Layout } from "./write.js";

/** The matrix styles. */
type MatrixStyle = "dots" | "compact" | "stars" | "binary";

/** How each matrix style writes a queen, an empty square, the space between them, a blocked square. */
const SYMBOLS: Record<MatrixStyle, readonly [string, string, string, string]> = {
  dots: ["Q", ".", " ", "x"],
  compact: ["Q", ".", "", "x"],
  stars: ["Q", "*", "", "x"],
  binary: ["1", "0", " ", "x"],
};

/** A board in one of the matrix styles. */
export function formatMatrix(b: Layout, style: MatrixStyle): Generator<string> {
  const [queen, empty, sep, blocked] = SYMBOLS[style];
  return matrix(b, queen, empty, sep, blocked);
}

/**
 * One text row per board row: `empty` everywhere, `queen` in the queens' columns, `blocked` on
 * the forbidden squares.
 */
export function matrix(
  b: Layout,
  queen: string,
  empty: string,
  sep: string,
  blocked: string,
): Generator<string> {
  const cells: string[] = new Array(b.n);
  const rows = b.cols === undefined ? b.rows() : undefined;
  const forbidden = b.blockedRows();
  return joined(
    b.n,
    (r) => {
      cells.fill(empty);
      if (forbidden.length > 0) for (const c of forbidden[r]!) cells[c] = blocked;
      if (rows) for (const c of rows[r]!) cells[c] = queen;
      else cells[b.cols![r]!] = queen;
      return cells.join(sep);
    },
    "\n",
  );
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The cells of one matrix row (white space between them ignored), at most MAX_MATRIX_N. */
function matrixCells(l: Line, r: number): string[] {
  const cells: string[] = [];
  for (const ch of l.text) {
    if (ch === " " || ch === "\t" || ch === "\f" || ch === "\v") continue;
    if (cells.length >= MAX_MATRIX_N) {
      fail(
        "size",
        `row ${r} has more than ${thousands(MAX_MATRIX_N)} cells (the most a board read square by square may have)`,
      );
    }
    cells.push(ch);
  }
  return cells;
}

/** The matrix style a matrix is written in: spaces or not, 0/1, stars. */
export function matrixStyle(lines: readonly Line[]): BoardForm {
  let spaced = false;
  let binary = true;
  let stars = false;
  for (const l of lines) {
    if (/\s/.test(l.text)) spaced = true;
    if (!/^[01xX#■\s]*$/.test(l.text)) binary = false;
    if (l.text.includes("*")) stars = true;
  }
  if (binary) return "binary";
  if (stars) return "stars";
  return spaced ? "dots" : "compact";
}

export function parseMatrix(
  lines: readonly Line[],
  form: BoardForm,
  options: ParseOptions,
): ParseResult {
  checkRows(lines.length);
  return fromCells(lines.map(matrixCells), EMPTIES, form, options);
}
