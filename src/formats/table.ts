/**
 * The board formats, one row each: the one list that every other list of formats is derived
 * from (`--format`, `--format-in`, the styles that show blocked squares, the one-line styles).
 *
 * To add a format: a row here, its writer and reader in its family's file (`matrix.ts`,
 * `grid.ts`, `lists.ts`, `json.ts`, `csplib.ts`, `svg.ts`), a case in each of the two switches
 * of `index.ts` (the compiler names a missing one), and a rule in `detect.ts` if detection is
 * to find it.
 */

/** What a format is and does. */
interface BoardFormat {
  /** The name `--format` and `--format-in` take. */
  readonly name: string;
  /** {@link parseBoardAs} reads it. */
  readonly reads: boolean;
  /** {@link formatBoard} writes it. */
  readonly writes: boolean;
  /** Drawn square by square: every square of the board has its mark. */
  readonly squareBySquare: boolean;
  /**
   * Written with the board's blocked squares and excluded diagonals; a format without this
   * refuses to write such a board.
   */
  readonly drawsRestrictions: boolean;
  /** A full solution is written on one line, so a numbered listing puts it after its number. */
  readonly oneLine: boolean;
}

/** Every format, in the order `--help` lists them. */
// biome-ignore format: a table, one format a row
export const BOARD_FORMATS = [
  { name: "dots",    reads: true,  writes: true, squareBySquare: true,  drawsRestrictions: true,  oneLine: false },
  { name: "compact", reads: true,  writes: true, squareBySquare: true,  drawsRestrictions: true,  oneLine: false },
  { name: "stars",   reads: true,  writes: true, squareBySquare: true,  drawsRestrictions: true,  oneLine: false },
  { name: "binary",  reads: true,  writes: true, squareBySquare: true,  drawsRestrictions: true,  oneLine: false },
  { name: "cells",   reads: true,  writes: true, squareBySquare: true,  drawsRestrictions: true,  oneLine: false },
  { name: "grid",    reads: true,  writes: true, squareBySquare: true,  drawsRestrictions: true,  oneLine: false },
  { name: "unicode", reads: true,  writes: true, squareBySquare: true,  drawsRestrictions: true,  oneLine: false },
  { name: "svg",     reads: false, writes: true, squareBySquare: true,  drawsRestrictions: true,  oneLine: false },
  { name: "perm",    reads: true,  writes: true, squareBySquare: false, drawsRestrictions: false, oneLine: true },
  { name: "perm1",   reads: true,  writes: true, squareBySquare: false, drawsRestrictions: false, oneLine: true },
  { name: "squares", reads: true,  writes: true, squareBySquare: false, drawsRestrictions: false, oneLine: true },
  { name: "lines",   reads: true,  writes: true, squareBySquare: false, drawsRestrictions: false, oneLine: false },
  { name: "aoj",     reads: true,  writes: true, squareBySquare: false, drawsRestrictions: false, oneLine: false },
  { name: "json",    reads: true,  writes: true, squareBySquare: false, drawsRestrictions: true,  oneLine: true },
  { name: "csplib",  reads: true,  writes: true, squareBySquare: false, drawsRestrictions: true,  oneLine: false },
] as const satisfies readonly BoardFormat[];

type Flag = "reads" | "writes";

/**
 * The names of the rows whose `flag` is true, as a tuple type in the table's order (so that the
 * lists below keep the literal tuple types they had when they were written out by hand).
 */
type NamesWith<Rows, K extends Flag> = Rows extends readonly [infer F, ...infer Rest]
  ? F extends { readonly name: infer N } & { readonly [P in K]: true }
    ? [N, ...NamesWith<Rest, K>]
    : NamesWith<Rest, K>
  : [];

function namesWith<K extends Flag>(flag: K): Readonly<NamesWith<typeof BOARD_FORMATS, K>> {
  return BOARD_FORMATS.filter((f) => f[flag]).map((f) => f.name) as unknown as Readonly<
    NamesWith<typeof BOARD_FORMATS, K>
  >;
}

/** The names `--format` accepts, one per style of {@link formatBoard}. */
export const BOARD_STYLES: Readonly<NamesWith<typeof BOARD_FORMATS, "writes">> =
  namesWith("writes");

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

/** The formats {@link parseBoardAs} reads: every style {@link formatBoard} writes but `svg`. */
export const BOARD_FORMS: Readonly<NamesWith<typeof BOARD_FORMATS, "reads">> = namesWith("reads");

/** One of the input formats described in `detect.ts`. */
export type BoardForm = (typeof BOARD_FORMS)[number];

/**
 * The row of a format.
 * @example boardFormat("perm").oneLine // true
 */
export function boardFormat(name: BoardStyle | BoardForm): BoardFormat {
  return BOARD_FORMATS.find((f) => f.name === name)!;
}
