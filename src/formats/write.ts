/**
 * Rendering a board as text, an SVG picture or JSON, in every style the tutorials draw.
 *
 * Every style takes a full {@link Solution} (`cols[row]`) or a {@link PartialBoard}; squares
 * without a queen are drawn empty. Rows are printed top to bottom from row 0, columns left to
 * right from column 0. The result has no trailing newline. {@link parseBoard} in `parse.ts`
 * reads back every style except `svg`.
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

/** The names `--format` accepts, one per style of {@link formatBoard}. */
export const BOARD_STYLES = [
  "dots",
  "compact",
  "stars",
  "binary",
  "cells",
  "grid",
  "unicode",
  "svg",
  "perm",
  "perm1",
  "squares",
  "lines",
  "aoj",
  "json",
  "csplib",
] as const;

/**
 * How {@link formatBoard} draws a board (n = 4, queens in columns 1, 3, 0, 2):
 * - `dots`: `. Q . .` rows, cells separated by spaces, `.` for an empty square;
 * - `compact`: `.Q..` rows without spaces, as the ALDS1_13_A judge and LeetCode print them;
 * - `stars`: `*Q**` rows, `*` for an empty square (the C tutorial);
 * - `binary`: `0 1 0 0` rows, 1 for a queen (the Python tutorial's 0/1 matrix);
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
 * - `aoj`: the ALDS1_13_A judge's input: the number of queens k, then one `row col` line per
 *   queen: `4\n0 1\n1 3\n2 0\n3 2` (the board size is not written: the judge's is 8);
 * - `json`: `{"n":4,"cols":[1,3,0,2]}` for a {@link Solution},
 *   `{"n":4,"queens":[{"row":0,"col":1}]}` for a {@link PartialBoard}, with
 *   `"blocked":[{"row":r,"col":c},...]` and `"excluded":{"sums":[...],"differences":[...]}`
 *   when it has them;
 * - `csplib`: a CSPLib (Essence') parameter file: `letting n = 4`, `letting init = [[0, 1], ...]`
 *   (the queens, 0-based), and when the board has them `letting blocks = [[r, c], ...]` (1-based,
 *   as CSPLib 080 numbers blocked squares) and `letting numdiags = d` with
 *   `letting diags = [[v, 1], [v, 0], ...]` (the sum, then the difference diagonals excluded).
 *
 * Blocked squares and the squares of excluded diagonals are drawn in every square-by-square
 * style: `x` in dots, compact, stars and binary, `|#|` in cells (where `X` is an empty square),
 * `#` in grid, `■` in unicode, a grey square with a cross in svg; json and csplib keep them as
 * they are. The one-line styles (perm, perm1, squares, lines, aoj) cannot show them and refuse
 * such a board.
 */
export type BoardStyle = (typeof BOARD_STYLES)[number];

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
interface Layout {
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

function layout(board: PartialBoard | Solution): Layout {
  if (Array.isArray(board)) {
    const cols = board as Solution;
    const n = cols.length;
    if (n < 1) throw new NQueensError(`a board needs a size of at least 1: got ${n}`);
    for (let r = 0; r < n; r++) {
      const c = cols[r]!;
      if (!Number.isInteger(c) || c < 0 || c >= n) {
        throw new NQueensError(`queen at (${r}, ${c}) is off the ${n}x${n} board`);
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
    throw new NQueensError(`a board needs a size of at least 1: got ${n}`);
  }
  const full = board as PartialBoard;
  const problems = boardProblems(full);
  if (problems.length > 0) throw new NQueensError(problems[0]!);
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
function* joined(count: number, piece: (i: number) => string, sep: string): Generator<string> {
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

/**
 * One text row per board row: `empty` everywhere, `queen` in the queens' columns, `blocked` on
 * the forbidden squares.
 */
function matrix(
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

/** A box grid: `corners` are the left, middle and right joints of the top, inner and bottom borders. */
function* boxGrid(
  b: Layout,
  queen: string,
  blocked: string,
  horizontal: string,
  vertical: string,
  corners: readonly [string, string, string][],
): Generator<string> {
  const forbidden = b.blockedRows();
  const bar = horizontal.repeat(3);
  const border = ([left, mid, right]: [string, string, string]) =>
    left + new Array(b.n).fill(bar).join(mid) + right;
  const inner = border(corners[1]!);
  const cells: string[] = new Array(b.n);
  const rows = b.rows();
  yield border(corners[0]!);
  let first = true;
  const lines = joined(
    b.n,
    (r) => {
      cells.fill("   ");
      if (forbidden.length > 0) for (const c of forbidden[r]!) cells[c] = ` ${blocked} `;
      for (const c of rows[r]!) cells[c] = ` ${queen} `;
      return `${r > 0 ? `${inner}\n` : ""}${vertical}${cells.join(vertical)}${vertical}`;
    },
    "\n",
  );
  for (const chunk of lines) {
    yield first ? `\n${chunk}` : chunk;
    first = false;
  }
  yield `\n${border(corners[2]!)}`;
}

/** Refuses a board with blocked squares or excluded diagonals in a style that cannot show them. */
function plainOnly(b: Layout, style: string): void {
  if (b.restricted !== undefined) {
    throw new NQueensError(
      `the ${style} style cannot show blocked squares or excluded diagonals: use json, csplib or a style drawn square by square (dots, compact, stars, binary, cells, grid, unicode, svg)`,
    );
  }
}

function perm(b: Layout, base: number, style: string): Generator<string> {
  plainOnly(b, style);
  if (b.cols !== undefined) {
    const cols = b.cols;
    return base === 0
      ? joined(b.n, (r) => String(cols[r]), " ")
      : joined(b.n, (r) => String(cols[r]! + base), " ");
  }
  const rows = b.rows();
  return joined(
    b.n,
    (r) => {
      const cols = rows[r]!;
      if (cols.length > 1) {
        throw new NQueensError(
          `the ${style} style shows at most one queen per row: row ${r} has ${cols.length}`,
        );
      }
      return cols.length === 0 ? "-" : String(cols[0]! + base);
    },
    " ",
  );
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

function* squares(b: Layout): Generator<string> {
  plainOnly(b, "squares");
  const list = joined(b.k, (i) => `${fileName(b.col(i))}${b.row(i) + 1}`, " ");
  if (b.k === b.n) {
    yield* list;
    return;
  }
  yield `n ${b.n}`;
  let first = true;
  for (const chunk of list) {
    yield first ? `\n${chunk}` : chunk;
    first = false;
  }
}

function* rowColLines(b: Layout, head: string, style: string): Generator<string> {
  plainOnly(b, style);
  yield head;
  let first = true;
  for (const chunk of joined(b.k, (i) => `${b.row(i)} ${b.col(i)}`, "\n")) {
    yield first ? `\n${chunk}` : chunk;
    first = false;
  }
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
  const k = b.k;
  const title = options.title ?? `${b.n}x${b.n} board with ${k} queen${k === 1 ? "" : "s"}`;
  const size = options.size ?? b.n * Math.min(60, Math.max(1, Math.floor(640 / b.n)));
  if (!(size > 0) || !Number.isFinite(size)) {
    throw new NQueensError(`the SVG size must be a positive number of pixels: got ${size}`);
  }
  const id = `${options.idPrefix ?? "nqueens"}-squares`;
  if (!/^[A-Za-z_][\w.-]*$/.test(id)) {
    throw new NQueensError(`the SVG id prefix must be a plain name: got '${options.idPrefix}'`);
  }
  const path = [...joined(k, (i) => `M${b.col(i)}.2 ${b.row(i)}.8${CROWN}`, "")].join("");
  const n = b.n;
  // Forbidden squares: grey, with a light cross.
  const forbidden = b.blockedRows();
  let squares = "";
  let crosses = "";
  forbidden.forEach((cols, r) => {
    for (const c of cols) {
      squares += `M${c} ${r}h1v1h-1z`;
      crosses += `M${c}.25 ${r}.25l.5 .5m0-.5l-.5 .5`;
    }
  });
  const blocked = squares
    ? [
        `<path d="${squares}" fill="#6b6b6b"/>`,
        `<path d="${crosses}" stroke="#e8e8e8" stroke-width="0.08" fill="none"/>`,
      ]
    : [];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${n} ${n}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><pattern id="${id}" width="2" height="2" patternUnits="userSpaceOnUse">`,
    `<rect width="2" height="2" fill="#f0d9b5"/>`,
    `<rect x="1" width="1" height="1" fill="#b58863"/><rect y="1" width="1" height="1" fill="#b58863"/>`,
    `</pattern></defs>`,
    `<rect width="${n}" height="${n}" fill="url(#${id})"/>`,
    ...blocked,
    ...(path
      ? [
          `<path d="${path}" fill="#222" stroke="#fff" stroke-width="0.04" stroke-linejoin="round"/>`,
        ]
      : []),
    `</svg>`,
  ].join("\n");
}

function* json(b: Layout, options: FormatOptions): Generator<string> {
  const more = Object.entries(options.fields ?? {})
    .map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`)
    .join("");
  if (b.cols !== undefined) {
    const cols = b.cols;
    yield `{"n":${b.n}${more},"cols":[`;
    yield* joined(b.n, (r) => String(cols[r]), ",");
    yield "]}";
    return;
  }
  yield `{"n":${b.n}${more},"queens":[`;
  yield* joined(b.k, (i) => `{"row":${b.row(i)},"col":${b.col(i)}}`, ",");
  yield "]";
  const r = b.restricted;
  if (r?.blocked && r.blocked.length > 0) {
    const sq = sortedSquares(r);
    yield `,"blocked":[`;
    yield* joined(sq.length, (i) => `{"row":${sq[i]!.row},"col":${sq[i]!.col}}`, ",");
    yield "]";
  }
  const e = r?.excluded;
  if (e && (e.sums.length > 0 || e.differences.length > 0)) {
    yield `,"excluded":{"sums":${JSON.stringify(e.sums)},"differences":${JSON.stringify(e.differences)}}`;
  }
  yield "}";
}

/** The blocked squares of a board, by row then column, each once. */
function sortedSquares(board: PartialBoard): { row: number; col: number }[] {
  return forbiddenSquares({ n: board.n, queens: [], blocked: board.blocked ?? [] });
}

/** A CSPLib parameter file: n, the queens, then blocked squares and excluded diagonals. */
function* csplib(b: Layout): Generator<string> {
  yield `letting n = ${b.n}\nletting init = [`;
  yield* joined(b.k, (i) => `[${b.row(i)}, ${b.col(i)}]`, ", ");
  yield "]";
  const r = b.restricted;
  if (r?.blocked && r.blocked.length > 0) {
    const sq = sortedSquares(r);
    yield "\nletting blocks = [";
    yield* joined(sq.length, (i) => `[${sq[i]!.row + 1}, ${sq[i]!.col + 1}]`, ", ");
    yield "]";
  }
  const e = r?.excluded;
  if (e && (e.sums.length > 0 || e.differences.length > 0)) {
    const pairs = [...e.sums.map((v) => `[${v}, 1]`), ...e.differences.map((v) => `[${v}, 0]`)];
    yield `\nletting numdiags = ${pairs.length}\nletting diags = [${pairs.join(", ")}]`;
  }
}

/**
 * The text of {@link formatBoard} in chunks of about 64 KB (joined, they are exactly that text),
 * for writing a big board without building it whole. The board is checked when this is called.
 * @throws NQueensError as {@link formatBoard}
 * @example [...formatChunks([1, 3, 0, 2], "perm")].join("") // "1 3 0 2"
 */
export function formatChunks(
  board: PartialBoard | Solution,
  style: BoardStyle,
  options: FormatOptions = {},
): Generator<string> {
  const b = layout(board);
  switch (style) {
    case "dots":
      return matrix(b, "Q", ".", " ", "x");
    case "compact":
      return matrix(b, "Q", ".", "", "x");
    case "stars":
      return matrix(b, "Q", "*", "", "x");
    case "binary":
      return matrix(b, "1", "0", " ", "x");
    case "cells":
      return matrix(b, "|Q|", "|X|", " ", "|#|");
    case "grid":
      return boxGrid(b, "Q", "#", "-", "|", [
        ["+", "+", "+"],
        ["+", "+", "+"],
        ["+", "+", "+"],
      ]);
    case "unicode":
      return boxGrid(b, "♛", "■", "─", "│", [
        ["┌", "┬", "┐"],
        ["├", "┼", "┤"],
        ["└", "┴", "┘"],
      ]);
    case "svg":
      return [svg(b, options)].values() as Generator<string>;
    case "perm":
      return perm(b, 0, style);
    case "perm1":
      return perm(b, 1, style);
    case "squares":
      return squares(b);
    case "lines":
      return rowColLines(b, `n ${b.n}`, style);
    case "aoj":
      return rowColLines(b, String(b.k), style);
    case "json":
      return json(b, options);
    case "csplib":
      return csplib(b);
    default:
      throw new NQueensError(
        `style must be one of ${BOARD_STYLES.join(", ")}: got '${style as string}'`,
      );
  }
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
  return [...formatChunks(board, style, options)].join("");
}
