/**
 * Rendering a board as text, an SVG picture or JSON, in every style the tutorials draw.
 *
 * Every style takes a full {@link Solution} (`cols[row]`) or a {@link PartialBoard}; squares
 * without a queen are drawn empty. Rows are printed top to bottom from row 0, columns left to
 * right from column 0. The result has no trailing newline. {@link parseBoard} in `parse.ts`
 * reads back every style except `svg`.
 */
import { boardProblems, type PartialBoard, type Queen, queensOf, type Solution } from "./board.js";
import { NQueensError } from "./errors.js";

/** The names `--format` accepts, one per style of {@link formatBoard}. */
export const BOARD_STYLES = [
  "dots",
  "compact",
  "stars",
  "cells",
  "grid",
  "unicode",
  "svg",
  "perm",
  "perm1",
  "squares",
  "lines",
  "json",
] as const;

/**
 * How {@link formatBoard} draws a board (n = 4, queens in columns 1, 3, 0, 2):
 * - `dots`: `. Q . .` rows, cells separated by spaces, `.` for an empty square;
 * - `compact`: `.Q..` rows without spaces, as the ALDS1_13_A judge and LeetCode print them;
 * - `stars`: `*Q**` rows, `*` for an empty square (the C tutorial);
 * - `cells`: `|X| |Q| |X| |X|`, each square in its own bars, as the Java tutorial prints it:
 *   `X` there marks every square without a queen, not an attacked one;
 * - `grid`: an ASCII box grid, `+---+` borders and ` Q ` cells;
 * - `unicode`: the same grid in box-drawing characters with `♛` queens;
 * - `svg`: a standalone SVG picture, a checkered board with crown-shaped queens;
 * - `perm`: the 0-based column of each row's queen, `1 3 0 2`; `-` for a row without one;
 * - `perm1`: the same, 1-based, `2 4 1 3`;
 * - `squares`: chess squares `b1 d2 a3 c4`, file letter = column (`a` = column 0, then `b`..`z`,
 *   `aa`, `ab`.. past 26), rank = row + 1. Rank 1 is row 0, the top row of the text styles, so a
 *   chess diagram (rank 1 at the bottom) shows the board mirrored top to bottom. When the board
 *   does not hold exactly n queens a first line `n 8` gives its size;
 * - `lines`: a size line `n 4`, then one `row col` line (0-based) per queen, by row then column:
 *   `n 4\n0 1\n1 3\n2 0\n3 2`. The size line is always there: without it, queens at
 *   (0, 0) and (1, 1) would read back as a 2 x 2 matrix of 0s and 1s;
 * - `json`: `{"n":4,"cols":[1,3,0,2]}` for a {@link Solution},
 *   `{"n":4,"queens":[{"row":0,"col":1}]}` for a {@link PartialBoard}.
 */
export type BoardStyle = (typeof BOARD_STYLES)[number];

/** Options for {@link formatBoard}; only `svg` reads them. */
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
   * Prefix of the ids inside the SVG, to keep them unique when several pictures share a page.
   * @default "nqueens"
   */
  readonly idPrefix?: string;
}

/** A board checked and indexed by row. */
interface Layout {
  readonly n: number;
  readonly queens: readonly Queen[];
  /** The columns of the queens in each row, ascending. */
  readonly rows: readonly (readonly number[])[];
}

function layout(board: PartialBoard | Solution): Layout {
  const isSolution = Array.isArray(board);
  const n = isSolution ? board.length : (board as PartialBoard).n;
  if (!Number.isInteger(n) || n < 1) {
    throw new NQueensError(`a board needs a size of at least 1: got ${n}`);
  }
  const queens = isSolution ? queensOf(board as Solution) : (board as PartialBoard).queens;
  const problems = boardProblems({ n, queens });
  if (problems.length > 0) throw new NQueensError(problems[0]!);
  const rows: number[][] = Array.from({ length: n }, () => []);
  for (const q of queens) rows[q.row]!.push(q.col);
  for (const r of rows) if (r.length > 1) r.sort((a, b) => a - b);
  return { n, queens, rows };
}

/** One text row per board row: `empty` everywhere, `queen` in the queens' columns. */
function matrix(b: Layout, queen: string, empty: string, sep: string): string {
  const lines: string[] = [];
  const cells: string[] = new Array(b.n);
  for (const cols of b.rows) {
    cells.fill(empty);
    for (const c of cols) cells[c] = queen;
    lines.push(cells.join(sep));
  }
  return lines.join("\n");
}

/** A box grid: `corners` are the left, middle and right joints of the top, inner and bottom borders. */
function boxGrid(
  b: Layout,
  queen: string,
  horizontal: string,
  vertical: string,
  corners: readonly [string, string, string][],
): string {
  const bar = horizontal.repeat(3);
  const border = ([left, mid, right]: [string, string, string]) =>
    left + new Array(b.n).fill(bar).join(mid) + right;
  const lines = [border(corners[0]!)];
  const cells: string[] = new Array(b.n);
  b.rows.forEach((cols, r) => {
    if (r > 0) lines.push(border(corners[1]!));
    cells.fill("   ");
    for (const c of cols) cells[c] = ` ${queen} `;
    lines.push(vertical + cells.join(vertical) + vertical);
  });
  lines.push(border(corners[2]!));
  return lines.join("\n");
}

function perm(b: Layout, base: number, style: string): string {
  return b.rows
    .map((cols, r) => {
      if (cols.length > 1) {
        throw new NQueensError(
          `the ${style} style shows at most one queen per row: row ${r} has ${cols.length}`,
        );
      }
      return cols.length === 0 ? "-" : String(cols[0]! + base);
    })
    .join(" ");
}

/**
 * The file letters of a column: `a`..`z` for columns 0..25, then `aa`, `ab`, ... (as spreadsheet
 * columns are named).
 * @example fileName(0) // "a"
 * @example fileName(26) // "aa"
 */
export function fileName(col: number): string {
  let s = "";
  for (let c = col + 1; c > 0; c = Math.floor(c / 26)) {
    c--;
    s = String.fromCharCode(97 + (c % 26)) + s;
  }
  return s;
}

function squares(b: Layout): string {
  const names: string[] = [];
  b.rows.forEach((cols, r) => {
    for (const c of cols) names.push(`${fileName(c)}${r + 1}`);
  });
  const list = names.join(" ");
  return names.length === b.n ? list : `n ${b.n}${list ? `\n${list}` : ""}`;
}

function rowColLines(b: Layout): string {
  const lines = [`n ${b.n}`];
  b.rows.forEach((cols, r) => {
    for (const c of cols) lines.push(`${r} ${c}`);
  });
  return lines.join("\n");
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!,
  );
}

/** A crown in a unit square, drawn from its lower left corner (0.2, 0.8) with relative moves. */
const CROWN = "l-.05-.45 .2 .2 .15-.3 .15 .3 .2-.2-.05 .45z";

function svg(b: Layout, options: FormatOptions): string {
  const k = b.queens.length;
  const title = options.title ?? `${b.n}x${b.n} board with ${k} queen${k === 1 ? "" : "s"}`;
  const size = options.size ?? b.n * Math.min(60, Math.max(1, Math.floor(640 / b.n)));
  if (!(size > 0) || !Number.isFinite(size)) {
    throw new NQueensError(`the SVG size must be a positive number of pixels: got ${size}`);
  }
  const id = `${options.idPrefix ?? "nqueens"}-squares`;
  if (!/^[A-Za-z_][\w.-]*$/.test(id)) {
    throw new NQueensError(`the SVG id prefix must be a plain name: got '${options.idPrefix}'`);
  }
  const path = b.queens.map((q) => `M${q.col}.2 ${q.row}.8${CROWN}`).join("");
  const n = b.n;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${n} ${n}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><pattern id="${id}" width="2" height="2" patternUnits="userSpaceOnUse">`,
    `<rect width="2" height="2" fill="#f0d9b5"/>`,
    `<rect x="1" width="1" height="1" fill="#b58863"/><rect y="1" width="1" height="1" fill="#b58863"/>`,
    `</pattern></defs>`,
    `<rect width="${n}" height="${n}" fill="url(#${id})"/>`,
    ...(path
      ? [
          `<path d="${path}" fill="#222" stroke="#fff" stroke-width="0.04" stroke-linejoin="round"/>`,
        ]
      : []),
    `</svg>`,
  ].join("\n");
}

function json(board: PartialBoard | Solution, b: Layout): string {
  if (Array.isArray(board)) return JSON.stringify({ n: b.n, cols: board });
  return JSON.stringify({ n: b.n, queens: b.queens.map((q) => ({ row: q.row, col: q.col })) });
}

/**
 * Draws a board in one of the {@link BoardStyle}s, without a trailing newline.
 * @param board a full solution (`cols[row]`) or a partial board; empty squares where no queen
 * @param style how to draw it; see {@link BoardStyle}
 * @param options only for `svg`: title, pixel size, id prefix
 * @throws NQueensError when a queen is off the board, two share a square, or a `perm` style is
 * asked to show two queens in one row
 * @example formatBoard([1, 3, 0, 2], "dots")
 * // ". Q . .\n. . . Q\nQ . . .\n. . Q ."
 * @example formatBoard({ n: 4, queens: [{ row: 1, col: 3 }] }, "perm") // "- 3 - -"
 * @example formatBoard([1, 3, 0, 2], "squares") // "b1 d2 a3 c4"
 */
export function formatBoard(
  board: PartialBoard | Solution,
  style: BoardStyle,
  options: FormatOptions = {},
): string {
  const b = layout(board);
  switch (style) {
    case "dots":
      return matrix(b, "Q", ".", " ");
    case "compact":
      return matrix(b, "Q", ".", "");
    case "stars":
      return matrix(b, "Q", "*", "");
    case "cells":
      return matrix(b, "|Q|", "|X|", " ");
    case "grid":
      return boxGrid(b, "Q", "-", "|", [
        ["+", "+", "+"],
        ["+", "+", "+"],
        ["+", "+", "+"],
      ]);
    case "unicode":
      return boxGrid(b, "♛", "─", "│", [
        ["┌", "┬", "┐"],
        ["├", "┼", "┤"],
        ["└", "┴", "┘"],
      ]);
    case "svg":
      return svg(b, options);
    case "perm":
      return perm(b, 0, style);
    case "perm1":
      return perm(b, 1, style);
    case "squares":
      return squares(b);
    case "lines":
      return rowColLines(b);
    case "json":
      return json(board, b);
    default:
      throw new NQueensError(
        `style must be one of ${BOARD_STYLES.join(", ")}: got '${style as string}'`,
      );
  }
}
