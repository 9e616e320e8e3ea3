/**
 * Boards as text, the folder's one door: {@link formatBoard} draws a board in every style the
 * tutorials draw (text, an SVG picture, JSON, CSPLib), {@link parseBoard} reads every one of them
 * but svg back, telling the format from the text (`detect.ts`) or as named
 * ({@link parseBoardAs}).
 *
 * `table.ts` lists the formats; each family has its writer and reader side by side in one file:
 * `matrix.ts` (dots, compact, stars, binary), `grid.ts` (cells, grid, unicode), `lists.ts` (perm,
 * perm1, squares, lines, aoj), `json.ts`, `csplib.ts` and `svg.ts`; `write.ts` and `read.ts` hold
 * what the writers and the readers share.
 */
import type { PartialBoard, Solution } from "../board.js";
import { NQueensError, notAChoice, shownName } from "../errors.js";
import { MAX_MATRIX_N } from "../limits.js";
import { checkBoardShape, checkOptions as checkOptionsOf } from "../shapes.js";
import { formatCsplib, parseCsplib } from "./csplib.js";
import { detect } from "./detect.js";
import { formatCells, formatGrid, parseCells, parseGrid } from "./grid.js";
import { formatJson, parseJson } from "./json.js";
import {
  formatAoj,
  formatLines,
  formatPerm,
  formatSquares,
  parseAoj,
  parseLines,
  parsePerm,
  parseSquares,
} from "./lists.js";
import { formatMatrix, parseMatrix } from "./matrix.js";
import {
  checkOptions,
  checkText,
  clean,
  fail,
  guarded,
  inputLines,
  type Line,
  type ParseOptions,
  type ParseResult,
} from "./read.js";
import { formatSvg } from "./svg.js";
import {
  BOARD_FORMS,
  BOARD_STYLES,
  type BoardForm,
  type BoardStyle,
  boardFormat,
} from "./table.js";
import { type FormatOptions, layout } from "./write.js";

export { detectForm } from "./detect.js";
export {
  nonBlankLines,
  notText,
  type ParseErrorCode,
  type ParseOptions,
  type ParseResult,
} from "./read.js";
export {
  BOARD_FORMS,
  BOARD_STYLES,
  type BoardForm,
  type BoardStyle,
  boardFormat,
} from "./table.js";
export type { FormatOptions } from "./write.js";

/**
 * The text of {@link formatBoard} in chunks of about 64 KB (joined, they are exactly that text),
 * for writing a big board without building it whole. The board is checked when this is called.
 * @param board - a full solution (`cols[row]`) or a partial board
 * @param style - how to draw it; see {@link BoardStyle}
 * @param options - only for `svg`: title, pixel size, id prefix
 * @returns the text, lazily, a chunk at a time
 * @throws NQueensError as {@link formatBoard}
 * @example [...formatChunks([1, 3, 0, 2], "perm")].join("") // "1 3 0 2"
 */
export function formatChunks(
  board: PartialBoard | Solution,
  style: BoardStyle,
  options: FormatOptions = {},
): Generator<string> {
  return chunks(board, style, options, "formatChunks");
}

/** {@link formatChunks}, its arguments checked and named as `fn`'s. */
function chunks(
  board: PartialBoard | Solution,
  style: BoardStyle,
  options: FormatOptions,
  fn: string,
): Generator<string> {
  if (!Array.isArray(board)) checkBoardShape(board, fn);
  checkOptionsOf(options, fn);
  const b = layout(board);
  switch (style) {
    case "dots":
    case "compact":
    case "stars":
    case "binary":
      return formatMatrix(b, style);
    case "cells":
      return formatCells(b);
    case "grid":
    case "unicode":
      return formatGrid(b, style);
    case "svg":
      return formatSvg(b, options);
    case "perm":
    case "perm1":
      return formatPerm(b, style);
    case "squares":
      return formatSquares(b);
    case "lines":
      return formatLines(b);
    case "aoj":
      return formatAoj(b);
    case "json":
      return formatJson(b, options);
    case "csplib":
      return formatCsplib(b);
    default:
      throw notAChoice("style", style, BOARD_STYLES);
  }
}

/**
 * Draws a board in one of the {@link BoardStyle}s, without a trailing newline.
 * @param board - a full solution (`cols[row]`) or a partial board; empty squares where no queen
 * @param style - how to draw it; see {@link BoardStyle}
 * @param options - only for `svg`: title, pixel size, id prefix
 * @returns the board's text
 * @throws NQueensError when a queen is off the board, two share a square, a `perm` style is
 * asked to show two queens in one row, the board or options are of the wrong shape, or a style
 * drawn square by square is asked for a board larger than 2,000 (its text would pass 8 MB; use
 * {@link formatChunks}, which streams)
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
  const text = chunks(board, style, options, "formatBoard");
  const n = Array.isArray(board) ? board.length : (board as PartialBoard).n;
  if (n > MAX_MATRIX_N && boardFormat(style).squareBySquare) {
    throw new NQueensError(
      `formatBoard draws ${style} square by square on boards up to ${MAX_MATRIX_N} (the largest read back that way): got n = ${n}; formatChunks streams any size`,
      "out-of-range",
      { option: "n", value: n, min: 1, max: MAX_MATRIX_N },
    );
  }
  return [...text].join("");
}

function readAs(
  t: string,
  lines: readonly Line[],
  form: BoardForm,
  options: ParseOptions,
): ParseResult {
  switch (form) {
    case "dots":
    case "compact":
    case "stars":
    case "binary":
      return parseMatrix(lines, form, options);
    case "cells":
      return parseCells(lines, options);
    case "grid":
    case "unicode":
      return parseGrid(lines, form, options);
    case "lines":
      return parseLines(lines, options);
    case "squares":
      return parseSquares(lines, options);
    case "perm":
      return parsePerm(lines, 0, options);
    case "perm1":
      return parsePerm(lines, 1, options);
    case "aoj":
      return parseAoj(lines, options);
    case "json":
      return parseJson(t, options);
    case "csplib":
      return parseCsplib(t, options);
    default:
      return fail(
        "syntax",
        `format must be one of ${BOARD_FORMS.join(", ")}: got ${shownName(form)}`,
      );
  }
}

/**
 * Parses `text` as one named format; a `perm` is 0-based and a `perm1` 1-based, without guessing.
 * Never throws: a value that is not a string is a `syntax` failure too.
 * @param text - the board's text
 * @param form - the format to read it as
 * @param options - the size expected (`n`), and how many excluded diagonals to take (`diagonals`)
 * @returns `ok` with the board, or why it cannot be read as that format (`error`, `code`)
 * @example parseBoardAs("1 3 0 2", "perm")
 * // { ok: true, form: "perm", board: { n: 4, queens: [{row:0,col:1}, {row:1,col:3}, ...] } }
 * @example parseBoardAs("n 8\n0 0\n9 1", "lines")
 * // { ok: false, code: "range", error: "queen at (9, 1) on line 3 is off the 8x8 board" }
 */
export function parseBoardAs(
  text: string,
  form: BoardForm,
  options: ParseOptions = {},
): ParseResult {
  return guarded(() => {
    checkText(text);
    checkOptions(options);
    const t = clean(text);
    return readAs(t, inputLines(t), form, options);
  });
}

/**
 * Parses a board in any format of {@link BOARD_FORMS}, telling the format from the text (see the
 * rules in `detect.ts`). The queens come back in row order, then column order.
 * Never throws: a value that is not a string is a `syntax` failure too.
 * @param text - a board in any of the formats
 * @param options - the size expected (`n`), and how many excluded diagonals to take (`diagonals`)
 * @returns `ok` with the board and the format it was read as, or why it cannot be read (`error`,
 *   `code`)
 * @example parseBoard(". Q . .\n. . . Q\nQ . . .\n. . Q .")
 * // { ok: true, form: "dots", board: { n: 4, queens: [{row:0,col:1}, ...] } }
 * @example parseBoard("Q..\n.Q") // { ok: false, code: "ragged", error: "row 1 has 2 cells, expected 3" }
 */
export function parseBoard(text: string, options: ParseOptions = {}): ParseResult {
  return guarded(() => {
    checkText(text);
    checkOptions(options);
    const t = clean(text);
    const lines = inputLines(t);
    return readAs(t, lines, detect(t, lines), options);
  });
}
