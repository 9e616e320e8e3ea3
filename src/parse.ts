/**
 * Reading a board from text: matrices, box grids, `r c` lines, permutations, chess squares and
 * the JSON that `format.ts` writes.
 *
 * Parsers do not throw: they return a {@link ParseResult} with a typed error code and a one-line
 * message that names the problem and the value. A board that parses may still have attacking
 * queens (two in a row of a matrix, say); `conflicts` in `board.ts` reports those. Rows and
 * columns in messages are 0-based, as in the board model; `line N` counts the input's lines
 * from 1, as editors do.
 *
 * The forms, and how {@link parseBoard} tells them apart (first rule that applies):
 * - `json` (starts with `{` or `[`): `{"n":8,"cols":[0,4,...]}` (`null` for a row without a
 *   queen), `{"n":8,"queens":[{"row":0,"col":0}]}`, a bare list of columns `[0,4,...]`, or a 0/1
 *   matrix `[[1,0],[0,1]]`.
 * - `grid` (a line starts with `+` or a box-drawing corner): `+---+` borders between rows of
 *   `| Q |   |` cells, in ASCII or box-drawing characters (what the `grid` and `unicode` styles
 *   write).
 * - `cells` (a line holds `|`): `|Q| |X| |X|`, each square in its own bars (the Java tutorial).
 *   In `grid` and `cells` a blank square or `X` is empty; a cell holds one symbol.
 * - `lines` or `squares` after a size line `n 8` (also `n=8`, `n: 8`): queens as `r c` lines
 *   (0-based; `r,c` and `(r, c)` too) or chess squares. Without a size line either list is taken
 *   to be a full board: n is the number of queens (or `options.n`).
 * - `squares` (the first word looks like `a1`): `a1 e2 h3 ...`, file = column (`a` = 0, past
 *   `z` come `aa`, `ab`, ...), rank = row + 1, as `format.ts` writes them.
 * - `perm` / `perm1` (one line of numbers): the column of each row's queen, `-` for a row
 *   without one. 0-based unless the line holds n and no 0, then 1-based (`perm1`); a partial
 *   1-based line without n reads as 0-based, so name the form with {@link parseBoardAs}.
 * - `lines` (every line holds two numbers, and the input is not a square 0/1 matrix).
 * - `matrix` (anything else): one line per row, cells with or without spaces between them.
 *   Queen: `Q`, `q`, `1`, `♛`, `♕`. Empty: `.`, `0`, `*`, `-`, `_`, `·`. Other symbols (`x`
 *   among them) are errors, as are ragged rows and non-square boards. So a single line of
 *   numbers is a permutation, never a 1-row matrix.
 * The judge's form (`k`, then k lines `r c`) belongs to `judge.ts`.
 */
import type { PartialBoard, Queen } from "./board.js";

/** The forms {@link parseBoardAs} reads. */
export const BOARD_FORMS = [
  "matrix",
  "cells",
  "grid",
  "lines",
  "perm",
  "perm1",
  "squares",
  "json",
] as const;

/** One of the input forms described at the top of this module. */
export type BoardForm = (typeof BOARD_FORMS)[number];

/** What kind of problem made a parse fail. */
export type ParseErrorCode =
  | "empty" // nothing but white space
  | "syntax" // a line or value that is not of the form
  | "symbol" // a matrix cell that is neither a queen nor an empty square
  | "ragged" // matrix rows of different lengths
  | "shape" // a matrix that is not square, or a size other than `options.n`
  | "size" // a size line or `n` that is not a whole number in range
  | "range" // a queen off the board
  | "duplicate"; // two queens on one square

/** A parsed board, with the form it was read as, or the reason it could not be read. */
export type ParseResult =
  | { readonly ok: true; readonly board: PartialBoard; readonly form: BoardForm }
  | { readonly ok: false; readonly error: string; readonly code: ParseErrorCode };

/** Options for {@link parseBoard} and {@link parseBoardAs}. */
export interface ParseOptions {
  /**
   * The board size the caller expects: a board of another size is an error (`shape`), and a
   * list without a size line takes this size instead of its number of queens.
   */
  readonly n?: number;
}

/** The largest board size a parse accepts. */
export const MAX_PARSE_SIZE = 1_000_000;

class Failure {
  constructor(
    readonly code: ParseErrorCode,
    readonly error: string,
  ) {}
}

function fail(code: ParseErrorCode, error: string): never {
  throw new Failure(code, error);
}

/** A non-blank input line, trimmed, with its 1-based line number. */
interface Line {
  readonly text: string;
  readonly no: number;
}

function linesOf(text: string): Line[] {
  return text
    .split(/\r?\n|\r/)
    .map((t, i) => ({ text: t.trim(), no: i + 1 }))
    .filter((l) => l.text !== "");
}

const QUEENS = new Set(["Q", "q", "1", "♛", "♕"]);
const EMPTIES = new Set([".", "0", "*", "-", "_", "·"]);
/** In `|..|` cells a blank square and the Java tutorial's `X` are empty too. */
const CELL_EMPTIES = new Set([...EMPTIES, "", "X", "x"]);

const INTEGER = /^[+-]?\d+$/;
const SQUARE = /^([a-z]+)(\d+)$/i;
const SIZE_LINE = /^n\s*[:=]?\s*(\S+)$/i;
const BORDER_START = /^[+┌├└╔╠╚]/;
const BORDER = /^[-+─━═┌┬┐├┼┤└┴┘╔╦╗╠╬╣╚╩╝\s]+$/;
const BAR = /[|│┃║]/;

function words(text: string): string[] {
  return text.split(/[\s,()]+/).filter((w) => w !== "");
}

function sizeValue(text: string, what: string): number {
  const n = INTEGER.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1 && n <= MAX_PARSE_SIZE)) {
    fail("size", `${what} must be a whole number from 1 to ${MAX_PARSE_SIZE}: got '${text}'`);
  }
  return n;
}

/**
 * Checks the queens against the size and each other, sorts them row by row and applies
 * `options.n`. `where(i)` names the place in the input of queen i, for messages.
 */
function finish(
  n: number,
  queens: Queen[],
  form: BoardForm,
  options: ParseOptions,
  where: (i: number) => string = () => "",
): ParseResult {
  if (options.n !== undefined && n !== options.n) {
    fail("shape", `expected a ${options.n}x${options.n} board, got ${n}x${n}`);
  }
  const seen = new Map<number, number>();
  queens.forEach((q, i) => {
    if (q.row < 0 || q.row >= n || q.col < 0 || q.col >= n) {
      fail("range", `queen at (${q.row}, ${q.col})${where(i)} is off the ${n}x${n} board`);
    }
    const key = q.row * n + q.col;
    const first = seen.get(key);
    if (first !== undefined) {
      const places = where(first) ? `${where(first)} and${where(i)}` : "";
      fail("duplicate", `two queens on one square: (${q.row}, ${q.col})${places}`);
    }
    seen.set(key, i);
  });
  const sorted = [...queens].sort((a, b) => a.row - b.row || a.col - b.col);
  return { ok: true, board: { n, queens: sorted }, form };
}

/**
 * Turns rows of cell strings into queens, checking every symbol and that the board is square.
 * The expected row length is `options.n`, else the most common length.
 */
function fromCells(
  rows: readonly (readonly string[])[],
  empties: ReadonlySet<string>,
  form: BoardForm,
  options: ParseOptions,
): ParseResult {
  const n = rows.length;
  if (options.n !== undefined && n !== options.n) {
    fail("shape", `expected ${options.n} rows, got ${n}`);
  }
  const lengths = new Map<number, number>();
  for (const r of rows) lengths.set(r.length, (lengths.get(r.length) ?? 0) + 1);
  let expected = options.n ?? n;
  if (options.n === undefined) {
    let best = 0;
    for (const [len, count] of lengths) {
      if (count > best || (count === best && len === n)) [expected, best] = [len, count];
    }
  }
  const queens: Queen[] = [];
  rows.forEach((cells, r) => {
    cells.forEach((cell, c) => {
      if (QUEENS.has(cell)) queens.push({ row: r, col: c });
      else if (!empties.has(cell))
        fail("symbol", `unknown symbol '${cell}' at row ${r}, column ${c}`);
    });
    if (cells.length !== expected) {
      fail("ragged", `row ${r} has ${cells.length} cells, expected ${expected}`);
    }
  });
  if (expected !== n) {
    fail("shape", `the board has ${n} rows of ${expected} cells; it must be square`);
  }
  return finish(n, queens, form, options);
}

function parseMatrix(lines: readonly Line[], options: ParseOptions): ParseResult {
  return fromCells(
    lines.map((l) => Array.from(l.text.replace(/\s+/g, ""))),
    EMPTIES,
    "matrix",
    options,
  );
}

function parseCells(lines: readonly Line[], options: ParseOptions): ParseResult {
  const rows = lines.map((l) => {
    const cells = [...l.text.matchAll(/[|│]([^|│]*)[|│]/g)].map((m) => m[1]!.trim());
    const rest = l.text.replace(/[|│]([^|│]*)[|│]/g, "").trim();
    if (cells.length === 0 || rest !== "") {
      fail("syntax", `line ${l.no}: expected cells like |Q| |X|, got '${l.text}'`);
    }
    return cells;
  });
  return fromCells(rows, CELL_EMPTIES, "cells", options);
}

function parseGrid(lines: readonly Line[], options: ParseOptions): ParseResult {
  const rows: string[][] = [];
  for (const l of lines) {
    if (BORDER.test(l.text) && !BAR.test(l.text)) continue;
    const parts = l.text.split(BAR);
    if (parts.length < 3 || parts[0] !== "" || parts.at(-1) !== "") {
      fail("syntax", `line ${l.no}: expected a border or a row like | Q |   |, got '${l.text}'`);
    }
    rows.push(parts.slice(1, -1).map((p) => p.trim()));
  }
  if (rows.length === 0) fail("empty", "the grid has no rows of cells");
  return fromCells(rows, CELL_EMPTIES, "grid", options);
}

/** A size line `n 8` at the top of a list, if there is one. */
function sizeLine(lines: readonly Line[]): number | undefined {
  const m = SIZE_LINE.exec(lines[0]?.text ?? "");
  return m ? sizeValue(m[1]!, "the size on line 1") : undefined;
}

function listSize(given: number | undefined, count: number, options: ParseOptions): number {
  if (given !== undefined && options.n !== undefined && given !== options.n) {
    fail("shape", `the input gives size ${given}, expected ${options.n}`);
  }
  const n = given ?? options.n ?? count;
  if (n < 1) fail("empty", "no queens and no size line 'n N'");
  return n;
}

function parseLines(lines: readonly Line[], options: ParseOptions): ParseResult {
  const given = sizeLine(lines);
  const body = given === undefined ? lines : lines.slice(1);
  const queens: Queen[] = [];
  const at: number[] = [];
  for (const l of body) {
    const w = words(l.text);
    if (w.length !== 2 || !INTEGER.test(w[0]!) || !INTEGER.test(w[1]!)) {
      fail("syntax", `line ${l.no}: expected two numbers 'row col', got '${l.text}'`);
    }
    queens.push({ row: Number(w[0]), col: Number(w[1]) });
    at.push(l.no);
  }
  const n = listSize(given, queens.length, options);
  return finish(n, queens, "lines", options, (i) => ` on line ${at[i]}`);
}

/** The column of a file name: `a` 0, `z` 25, `aa` 26. Undefined past the largest size. */
function fileIndex(letters: string): number | undefined {
  let v = 0;
  for (const ch of letters.toLowerCase()) {
    v = v * 26 + (ch.charCodeAt(0) - 96);
    if (v > MAX_PARSE_SIZE) return undefined;
  }
  return v - 1;
}

function parseSquares(lines: readonly Line[], options: ParseOptions): ParseResult {
  const given = sizeLine(lines);
  const body = given === undefined ? lines : lines.slice(1);
  const queens: Queen[] = [];
  const names: string[] = [];
  for (const l of body) {
    for (const w of words(l.text)) {
      const m = SQUARE.exec(w);
      const col = m ? fileIndex(m[1]!) : undefined;
      const rank = m ? Number(m[2]) : 0;
      if (!m || col === undefined || !(rank >= 1 && rank <= MAX_PARSE_SIZE)) {
        fail("syntax", `line ${l.no}: '${w}' is not a square like a1 or h8`);
      }
      queens.push({ row: rank - 1, col });
      names.push(w);
    }
  }
  const n = listSize(given, queens.length, options);
  return finish(n, queens, "squares", options, (i) => ` (${names[i]})`);
}

function parsePerm(lines: readonly Line[], b: 0 | 1, options: ParseOptions): ParseResult {
  const tokens = lines.flatMap((l) => words(l.text));
  const n = tokens.length;
  if (options.n !== undefined && n !== options.n) {
    fail("shape", `expected ${options.n} columns, one per row, got ${n}`);
  }
  if (n > MAX_PARSE_SIZE) fail("size", `at most ${MAX_PARSE_SIZE} rows: got ${n}`);
  const values = tokens.map((t, r) => {
    if (t === "-" || t === "." || t === "_") return undefined;
    if (!INTEGER.test(t)) fail("syntax", `row ${r}: expected a column number or '-', got '${t}'`);
    return Number(t);
  });
  const queens: Queen[] = [];
  values.forEach((v, r) => {
    if (v === undefined) return;
    if (v < b || v >= n + b) {
      fail("range", `row ${r} has column ${v}, outside ${b}..${n - 1 + b}`);
    }
    queens.push({ row: r, col: v - b });
  });
  return finish(n, queens, b === 1 ? "perm1" : "perm", options);
}

const JSON_FORMS =
  'expected {"n":8,"cols":[...]}, {"n":8,"queens":[{"row":0,"col":0}]}, a list of columns or a 0/1 matrix';

function isInt(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v);
}

function parseJson(text: string, options: ParseOptions): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    fail("syntax", `invalid JSON: ${(e as Error).message.split("\n")[0]}`);
  }
  const fromCols = (cols: unknown[], n: number) => {
    const queens: Queen[] = [];
    cols.forEach((c, r) => {
      if (c === null) return;
      if (!isInt(c))
        fail("syntax", `cols[${r}] must be a whole number or null: got ${JSON.stringify(c)}`);
      queens.push({ row: r, col: c });
    });
    return finish(n, queens, "json", options);
  };
  const checkedN = (v: unknown) => {
    if (!isInt(v)) fail("size", `"n" must be a whole number: got ${JSON.stringify(v)}`);
    return sizeValue(String(v), '"n"');
  };
  if (Array.isArray(value)) {
    if (value.length === 0) fail("empty", "the JSON list is empty");
    if (value.every(Array.isArray)) {
      const rows = (value as unknown[][]).map((row) => row.map((v) => JSON.stringify(v)));
      return fromCells(rows, new Set(["0", "false"]), "json", options);
    }
    return fromCols(value, value.length);
  }
  if (value === null || typeof value !== "object") fail("syntax", JSON_FORMS);
  const o = value as { n?: unknown; cols?: unknown; queens?: unknown };
  if (Array.isArray(o.cols)) {
    const n = o.n === undefined ? o.cols.length : checkedN(o.n);
    if (n !== o.cols.length) {
      fail("shape", `"n" is ${n} but "cols" has ${o.cols.length} entries`);
    }
    return fromCols(o.cols, n);
  }
  if (Array.isArray(o.queens)) {
    const n = o.n === undefined ? options.n : checkedN(o.n);
    if (n === undefined) fail("size", `a "queens" list needs "n", the board size`);
    const queens = o.queens.map((q: unknown, i): Queen => {
      const { row, col } = (q ?? {}) as { row?: unknown; col?: unknown };
      if (!isInt(row) || !isInt(col)) {
        fail(
          "syntax",
          `queens[${i}] must be {"row":r,"col":c} with whole numbers: got ${JSON.stringify(q)}`,
        );
      }
      return { row, col };
    });
    return finish(n, queens, "json", options);
  }
  return fail("syntax", JSON_FORMS);
}

/** The form {@link parseBoard} reads `text` as; see the rules at the top of this module. */
export function detectForm(text: string): BoardForm {
  const t = text.trim();
  if (t.startsWith("{") || t.startsWith("[")) return "json";
  const lines = linesOf(t);
  if (lines.some((l) => BORDER_START.test(l.text))) return "grid";
  if (lines.some((l) => BAR.test(l.text))) return "cells";
  const body = SIZE_LINE.test(lines[0]?.text ?? "") ? lines.slice(1) : lines;
  const first = words(body[0]?.text ?? "")[0];
  if (first !== undefined && SQUARE.test(first)) return "squares";
  if (body !== lines) return "lines";
  const rows = lines.map((l) => words(l.text));
  const numeric = rows.every((w) => w.every((x) => INTEGER.test(x) || x === "-"));
  if (!numeric) return "matrix";
  if (lines.length === 1) {
    const n = rows[0]!.length;
    return rows[0]!.includes(String(n)) && !rows[0]!.includes("0") ? "perm1" : "perm";
  }
  const judgeLike = rows[0]!.length === 1 && rows.slice(1).every((w) => w.length === 2);
  const zeroOne = rows.every(
    (w) => w.length === rows.length && w.every((x) => x === "0" || x === "1"),
  );
  if (judgeLike || (!zeroOne && rows.every((w) => w.length === 2))) return "lines";
  return "matrix";
}

/**
 * Parses `text` as one named form; a `perm` is 0-based and a `perm1` 1-based, without guessing.
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
  try {
    const t = text.replace(/^\uFEFF/, "");
    if (t.trim() === "") fail("empty", "empty input");
    if (options.n !== undefined && !(Number.isInteger(options.n) && options.n >= 1)) {
      fail("size", `the expected size must be a whole number from 1: got ${options.n}`);
    }
    const lines = linesOf(t);
    switch (form) {
      case "matrix":
        return parseMatrix(lines, options);
      case "cells":
        return parseCells(lines, options);
      case "grid":
        return parseGrid(lines, options);
      case "lines":
        return withSizeHint(lines, options, () => parseLines(lines, options));
      case "squares":
        return withSizeHint(lines, options, () => parseSquares(lines, options));
      case "perm":
        return parsePerm(lines, 0, options);
      case "perm1":
        return parsePerm(lines, 1, options);
      case "json":
        return parseJson(t, options);
      default:
        return fail(
          "syntax",
          `form must be one of ${BOARD_FORMS.join(", ")}: got '${form as string}'`,
        );
    }
  } catch (e) {
    if (e instanceof Failure) return { ok: false, error: e.error, code: e.code };
    throw e;
  }
}

/** Adds the "size is the number of queens" hint to a range error of a list without a size. */
function withSizeHint(
  lines: readonly Line[],
  options: ParseOptions,
  parse: () => ParseResult,
): ParseResult {
  try {
    return parse();
  } catch (e) {
    if (
      e instanceof Failure &&
      e.code === "range" &&
      options.n === undefined &&
      !SIZE_LINE.test(lines[0]!.text)
    ) {
      fail("range", `${e.error} (without a size line 'n N' the size is the number of queens)`);
    }
    throw e;
  }
}

/**
 * Parses a board in any form this module reads, telling the form from the text (see the rules
 * at the top of this module). The queens come back in row order, then column order.
 * @example parseBoard(". Q . .\n. . . Q\nQ . . .\n. . Q .")
 * // { ok: true, form: "matrix", board: { n: 4, queens: [{row:0,col:1}, ...] } }
 * @example parseBoard("Q..\n.Q") // { ok: false, code: "ragged", error: "row 1 has 2 cells, expected 3" }
 */
export function parseBoard(text: string, options: ParseOptions = {}): ParseResult {
  if (text.trim() === "") return { ok: false, error: "empty input", code: "empty" };
  return parseBoardAs(text, detectForm(text.replace(/^\uFEFF/, "")), options);
}
