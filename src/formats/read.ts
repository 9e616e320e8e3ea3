/**
 * Reading a board from text, in every format `format.ts` writes (but `svg`) and a few more ways
 * people type boards.
 *
 * Parsers never throw, whatever the input: they return a {@link ParseResult} with a typed error
 * code and a one-line message that names the problem and quotes at most 40 characters of the
 * value (control characters escaped). Sizes are bounded while reading (see `limits.ts`): a huge
 * or deeply nested input is refused before it costs memory. A board that parses may still have
 * attacking queens (two in a row of a matrix, say); `conflicts` in `board.ts` reports those. Rows
 * and columns in messages are 0-based, as in the board model; `line N` counts the input's lines
 * from 1, as editors do.
 *
 * The formats (the names `--format` and `--format-in` share), and how {@link parseBoard} tells
 * them apart when no format is named (first rule that applies; anything it cannot tell apart
 * safely is refused with code `ambiguous` rather than guessed):
 * - nothing but white space and separators (`,` `;`): `empty`.
 * - `json` (starts with `{` or `[`): `{"n":8,"cols":[0,4,...]}` (`null` for a row without a
 *   queen; other fields such as `index` are ignored), `{"n":8,"queens":[{"row":0,"col":0}]}`, a
 *   bare list of columns `[0,4,...]`, or a 0/1 matrix `[[1,0],[0,1]]`.
 * - `grid` / `unicode` (a line starts with `+` or a box-drawing corner): `+---+` borders between
 *   rows of `| Q |   |` cells (what the `grid` and `unicode` styles write).
 * - `cells` (a line holds `|`): `|Q| |X| |X|`, each square in its own bars (the Java tutorial).
 *   In `grid` and `cells` a blank square or `X` is empty; a cell holds one symbol.
 * - `lines` or `squares` after a size line `n 8` (also `n=8`, `n: 8`).
 * - `lines` when the input holds `(`: coordinate pairs `(r, c)`, any number per line.
 * - `squares` (the first word looks like `a1`): `a1 e2 h3 ...`, file = column (`a` = 0, past
 *   `z` come `aa`, `ab`, ...), rank = row + 1, as `format.ts` writes them. Without a size line n
 *   is the number of queens.
 * - One line of numbers: `perm` (0-based, `-` for a row without a queen) or `perm1` (when the
 *   line holds n and no 0). A partial 1-based line reads as 0-based: name `perm1` for it. A line
 *   of comma-separated pairs (`0 1, 1 3`) is `ambiguous`.
 * - `aoj` (the ALDS1_13_A judge input): a line `k`, then exactly k lines `r c`; an 8x8 board
 *   (or `options.n`).
 * - `binary`: a square matrix of 0s and 1s, with or without spaces.
 * - `lines`: every line holds two numbers `r c` (0-based; `r,c` too); n is the number of queens
 *   unless a size line or `options.n` gives it.
 * - other lines of numbers are `ambiguous`.
 * - the matrix styles (`dots`, `compact`, `stars`), anything else: one line per row, cells with
 *   or without spaces between them. Queen: `Q`, `q`, `1`, `♛`, `♕`. Empty: `.`, `0`, `*`, `-`,
 *   `_`, `·`. Other symbols are errors, as are ragged rows and non-square boards. A matrix of
 *   only `*` and `.` is `ambiguous` (`*` is empty in `stars`, a queen on Kattis).
 * A named format reads its own syntax only, with no guessing (the four matrix names read any
 * matrix; `unicode` reads as `grid`).
 */
import {
  type ExcludedDiagonals,
  Forbidden,
  type PartialBoard,
  type Queen,
  type Square,
} from "../board.js";
import { quote } from "../errors.js";
import { MAX_JSON_DEPTH, MAX_MATRIX_N, MAX_PARSE_N } from "../limits.js";
import { type Line, nonBlankLines } from "../lines.js";
import { count, plural } from "../words.js";

/** The formats {@link parseBoardAs} reads: every style of `format.ts` but `svg`. */
export const BOARD_FORMS = [
  "dots",
  "compact",
  "stars",
  "binary",
  "cells",
  "grid",
  "unicode",
  "perm",
  "perm1",
  "squares",
  "lines",
  "aoj",
  "json",
  "csplib",
] as const;

/** One of the input formats described at the top of this module. */
export type BoardForm = (typeof BOARD_FORMS)[number];

/** What kind of problem made a parse fail. */
export type ParseErrorCode =
  | "empty" // no board in the input: white space or separators only
  | "syntax" // a line or value that is not of the format
  | "symbol" // a matrix cell that is neither a queen nor an empty square
  | "ragged" // matrix rows of different lengths
  | "shape" // a matrix that is not square, or a size other than `options.n`
  | "size" // a size out of range, or more rows, cells, queens or nesting than the limits allow
  | "range" // a queen off the board
  | "duplicate" // two queens on one square
  | "forbidden" // a queen on a blocked square or an excluded diagonal
  | "ambiguous"; // detection could read the input in two ways: name the format

/** A parsed board, with the format it was read as, or the reason it could not be read. */
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
  /**
   * `csplib` and `json` with a `diags` list: take the first this many pairs (CSPLib 079's
   * instance of d diagonals), instead of `numdiags` (`d` in JSON) or, without it, all of them.
   */
  readonly diagonals?: number;
}

/** The largest board size a parse accepts (see `limits.ts`). */
export const MAX_PARSE_SIZE = MAX_PARSE_N;

/** The board size of the `aoj` format when `options.n` does not give one. */
const AOJ_SIZE = 8;

class Failure {
  constructor(
    readonly code: ParseErrorCode,
    readonly error: string,
  ) {}
}

function fail(code: ParseErrorCode, error: string): never {
  throw new Failure(code, error);
}

// ---------------------------------------------------------------------------------------------
// Lines and words

/** The non-blank lines, at most `max` of them (more is a `size` failure). */
function linesOf(text: string, max: number, what: string, why = ""): Line[] {
  const { lines, more } = nonBlankLines(text, max);
  if (more) fail("size", `more than ${plural(max, what)}${why}`);
  return lines;
}

const QUEENS = new Set(["Q", "q", "1", "♛", "♕"]);
const EMPTIES = new Set([".", "0", "*", "-", "_", "·"]);
/** In `|..|` cells a blank square and the Java tutorial's `X` are empty too. */
const CELL_EMPTIES = new Set([...EMPTIES, "", "X", "x"]);
/** A blocked square in the matrix styles (dots, compact, stars, binary). */
const BLOCKED = new Set(["x", "X", "#", "■"]);
/** A blocked square in `|..|` cells and grids, where `X` is the Java tutorial's empty square. */
const CELL_BLOCKED = new Set(["#", "■"]);

const INTEGER = /^[+-]?\d+$/;
const SQUARE = /^([a-z]+)(\d+)$/i;
const SIZE_LINE = /^n\s*[:=]?\s*(\S+)$/i;
const BORDER_START = /^[+┌├└╔╠╚]/;
const BORDER = /^[-+─━═┌┬┐├┼┤└┴┘╔╦╗╠╬╣╚╩╝\s]+$/;
const BAR = /[|│┃║]/;
const BOX = /[┌├└╔╠╚─│]/;
const PAIR = /\(\s*([+-]?\d+)\s*[,\s]\s*([+-]?\d+)\s*\)/g;
/** Input made of nothing but white space and separators holds no board. */
const NOTHING = /^[\s,;]*$/;

/** The words of a text, split at white space and commas; more than `max` is a `size` failure. */
function words(text: string, max = MAX_PARSE_N): string[] {
  const out: string[] = [];
  const re = /[^\s,]+/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (out.length >= max) fail("size", `more than ${count(max)} values on one line`);
    out.push(m[0]);
  }
  return out;
}

/** How many words `words(text)` would return, without building them. */
function wordCount(text: string): number {
  let k = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const sep = c === 44 || c === 32 || (c >= 9 && c <= 13);
    if (!sep && !inWord) k++;
    inWord = !sep;
  }
  return k;
}

/** A line of whole numbers and `-`, separated by white space or commas. */
const NUMBERS = /^(?:[+-]?\d+|-)(?:[\s,]+(?:[+-]?\d+|-))*$/;

function sizeValue(text: string, what: string): number {
  const n = INTEGER.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1 && n <= MAX_PARSE_N)) {
    fail(
      "size",
      `${what} must be a whole number from 1 to ${count(MAX_PARSE_N)}: got ${quote(text)}`,
    );
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Checking queens

/** What a board forbids besides its queens, as read (checked by {@link finish}). */
interface Restrictions {
  blocked?: Square[];
  excluded?: ExcludedDiagonals;
}

/**
 * Checks the queens against the size and each other, sorts them row by row, checks the blocked
 * squares and excluded diagonals (on the board, no queen on them) and applies `options.n`.
 * `where(i)` names the place in the input of queen i, for messages. O(k log k + blocked).
 */
function finish(
  n: number,
  queens: Queen[],
  form: BoardForm,
  options: ParseOptions,
  where: (i: number) => string = () => "",
  restrictions: Restrictions = {},
): ParseResult {
  if (options.n !== undefined && n !== options.n) {
    fail("shape", `expected a ${options.n}x${options.n} board, got ${n}x${n}`);
  }
  const k = queens.length;
  const keys = new Float64Array(k);
  let increasing = true;
  for (let i = 0; i < k; i++) {
    const q = queens[i]!;
    if (q.row < 0 || q.row >= n || q.col < 0 || q.col >= n) {
      fail("range", `queen at (${q.row}, ${q.col})${where(i)} is off the ${n}x${n} board`);
    }
    keys[i] = q.row * n + q.col;
    if (i > 0 && keys[i]! <= keys[i - 1]!) increasing = false;
  }
  let sorted = queens;
  if (!increasing) {
    keys.sort();
    for (let i = 1; i < k; i++) if (keys[i] === keys[i - 1]) duplicate(n, queens, where);
    sorted = Array.from(keys, (key): Queen => {
      const row = Math.floor(key / n);
      return { row, col: key - row * n };
    });
  }
  const extra = restricted(n, sorted, restrictions);
  return { ok: true, board: { n, queens: sorted, ...extra }, form };
}

/**
 * The board's blocked squares (sorted, each once) and excluded diagonals (sorted, each once),
 * checked: on the board, and no queen on any of them. Only the fields that hold something.
 */
function restricted(n: number, queens: readonly Queen[], r: Restrictions): Restrictions {
  const out: Restrictions = {};
  if (r.blocked && r.blocked.length > 0) {
    const keys = new Float64Array(r.blocked.length);
    r.blocked.forEach((s, i) => {
      if (s.row < 0 || s.row >= n || s.col < 0 || s.col >= n) {
        fail("range", `blocked square (${s.row}, ${s.col}) is off the ${n}x${n} board`);
      }
      keys[i] = s.row * n + s.col;
    });
    keys.sort();
    const blocked: Square[] = [];
    for (let i = 0; i < keys.length; i++) {
      if (i > 0 && keys[i] === keys[i - 1]) continue;
      const row = Math.floor(keys[i]! / n);
      blocked.push({ row, col: keys[i]! - row * n });
    }
    out.blocked = blocked;
  }
  const e = r.excluded;
  if (e && (e.sums.length > 0 || e.differences.length > 0)) {
    const clean = (values: readonly number[], kind: string) => {
      for (const v of values) {
        if (v < 0 || v > 2 * n - 2) {
          fail(
            "range",
            `excluded ${kind} diagonal ${v} is not one of the ${n}x${n} board's (0 to ${2 * n - 2})`,
          );
        }
      }
      return [...new Set(values)].sort((a, b) => a - b);
    };
    out.excluded = { sums: clean(e.sums, "sum"), differences: clean(e.differences, "difference") };
  }
  if (out.blocked || out.excluded) {
    const forbidden = new Forbidden({ n, queens: [], ...out });
    for (const q of queens) {
      const why = forbidden.reason(q.row, q.col);
      if (why) fail("forbidden", `queen at (${q.row}, ${q.col}) stands on ${why}`);
    }
  }
  return out;
}

/** Fails naming the first queen (in input order) that stands on an earlier queen's square. */
function duplicate(n: number, queens: readonly Queen[], where: (i: number) => string): never {
  const seen = new Map<number, number>();
  queens.forEach((q, i) => {
    const first = seen.get(q.row * n + q.col);
    if (first !== undefined) {
      const places = where(first) ? `${where(first)} and${where(i)}` : "";
      fail("duplicate", `two queens on one square: (${q.row}, ${q.col})${places}`);
    }
    seen.set(q.row * n + q.col, i);
  });
  return fail("duplicate", "two queens on one square");
}

// ---------------------------------------------------------------------------------------------
// Square by square: matrices, cells, grids

/**
 * Turns rows of cell strings into queens, checking every symbol and that the board is square.
 * The expected row length is `options.n`, else the most common length.
 */
function fromCells(
  rows: readonly (readonly string[])[],
  empties: ReadonlySet<string>,
  form: BoardForm,
  options: ParseOptions,
  blockedSymbols: ReadonlySet<string> = BLOCKED,
): ParseResult {
  const n = rows.length;
  if (options.n !== undefined && n !== options.n) {
    fail("shape", `expected ${plural(options.n, "row")}, got ${count(n)}`);
  }
  const lengths = new Map<number, number>();
  for (const r of rows) lengths.set(r.length, (lengths.get(r.length) ?? 0) + 1);
  let expected = options.n ?? n;
  if (options.n === undefined) {
    let best = 0;
    for (const [len, times] of lengths) {
      if (times > best || (times === best && len === n)) [expected, best] = [len, times];
    }
  }
  const queens: Queen[] = [];
  const blocked: Square[] = [];
  rows.forEach((cells, r) => {
    cells.forEach((cell, c) => {
      if (QUEENS.has(cell)) queens.push({ row: r, col: c });
      else if (blockedSymbols.has(cell)) blocked.push({ row: r, col: c });
      else if (!empties.has(cell))
        fail("symbol", `unknown symbol ${quote(cell)} at row ${r}, column ${c}`);
    });
    if (cells.length !== expected) {
      fail("ragged", `row ${r} has ${plural(cells.length, "cell")}, expected ${expected}`);
    }
  });
  if (expected !== n) {
    fail(
      "shape",
      `the board has ${plural(n, "row")} of ${plural(expected, "cell")}; it must be square`,
    );
  }
  return finish(n, queens, form, options, undefined, { blocked });
}

/** The cells of one matrix row (white space between them ignored), at most MAX_MATRIX_N. */
function matrixCells(l: Line, r: number): string[] {
  const cells: string[] = [];
  for (const ch of l.text) {
    if (ch === " " || ch === "\t" || ch === "\f" || ch === "\v") continue;
    if (cells.length >= MAX_MATRIX_N) {
      fail(
        "size",
        `row ${r} has more than ${count(MAX_MATRIX_N)} cells (the most a board read square by square may have)`,
      );
    }
    cells.push(ch);
  }
  return cells;
}

/** The matrix style a matrix is written in: spaces or not, 0/1, stars. */
function matrixStyle(lines: readonly Line[]): BoardForm {
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

function parseMatrix(lines: readonly Line[], form: BoardForm, options: ParseOptions): ParseResult {
  checkRows(lines.length);
  return fromCells(lines.map(matrixCells), EMPTIES, form, options);
}

function checkRows(rows: number): void {
  if (rows > MAX_MATRIX_N) {
    fail(
      "size",
      `more than ${count(MAX_MATRIX_N)} rows (the most a board read square by square may have)`,
    );
  }
}

function parseCells(lines: readonly Line[], options: ParseOptions): ParseResult {
  checkRows(lines.length);
  const rows = lines.map((l, r) => {
    const cells = [...l.text.matchAll(/[|│]([^|│]*)[|│]/g)].map((m) => m[1]!.trim());
    const rest = l.text.replace(/[|│]([^|│]*)[|│]/g, "").trim();
    if (cells.length === 0 || rest !== "") {
      fail("syntax", `line ${l.no}: expected cells like |Q| |X|, got ${quote(l.text)}`);
    }
    if (cells.length > MAX_MATRIX_N)
      fail("size", `row ${r} has more than ${count(MAX_MATRIX_N)} cells`);
    return cells;
  });
  return fromCells(rows, CELL_EMPTIES, "cells", options, CELL_BLOCKED);
}

function parseGrid(lines: readonly Line[], form: BoardForm, options: ParseOptions): ParseResult {
  const rows: string[][] = [];
  for (const l of lines) {
    if (BORDER.test(l.text) && !BAR.test(l.text)) continue;
    const parts = l.text.split(BAR);
    if (parts.length < 3 || parts[0] !== "" || parts.at(-1) !== "") {
      fail(
        "syntax",
        `line ${l.no}: expected a border or a row like | Q |   |, got ${quote(l.text)}`,
      );
    }
    if (parts.length - 2 > MAX_MATRIX_N) {
      fail("size", `row ${rows.length} has more than ${count(MAX_MATRIX_N)} cells`);
    }
    rows.push(parts.slice(1, -1).map((p) => p.trim()));
    checkRows(rows.length);
  }
  if (rows.length === 0) fail("empty", "the grid has no rows of cells");
  return fromCells(rows, CELL_EMPTIES, form, options, CELL_BLOCKED);
}

// ---------------------------------------------------------------------------------------------
// Lists of queens: lines, squares, perm, aoj

/** A size line `n 8` at the top of a list, if there is one. */
function sizeLine(lines: readonly Line[]): number | undefined {
  const m = SIZE_LINE.exec(lines[0]?.text ?? "");
  return m ? sizeValue(m[1]!, "the size on line 1") : undefined;
}

function listSize(given: number | undefined, queens: number, options: ParseOptions): number {
  if (given !== undefined && options.n !== undefined && given !== options.n) {
    fail("shape", `the input gives size ${given}, expected ${options.n}`);
  }
  const n = given ?? options.n ?? queens;
  if (n < 1) fail("empty", "no queens and no size line 'n N'");
  if (n > MAX_PARSE_N)
    fail("size", `at most ${count(MAX_PARSE_N)} queens without a size line: got ${count(n)}`);
  return n;
}

function checkQueenCount(k: number): void {
  if (k > MAX_PARSE_N) fail("size", `more than ${count(MAX_PARSE_N)} queens`);
}

/** The queens of one line of a `lines` list: `r c`, `r,c`, or any number of `(r, c)` pairs. */
function pairsOf(l: Line): [number, number][] {
  if (l.text.includes("(")) {
    const pairs: [number, number][] = [];
    for (const m of l.text.matchAll(PAIR)) pairs.push([Number(m[1]), Number(m[2])]);
    const rest = l.text.replace(PAIR, "").replace(/[\s,;]/g, "");
    if (pairs.length === 0 || rest !== "") {
      fail("syntax", `line ${l.no}: expected pairs like (2, 3), got ${quote(l.text)}`);
    }
    return pairs;
  }
  const w = words(l.text);
  if (w.length !== 2 || !INTEGER.test(w[0]!) || !INTEGER.test(w[1]!)) {
    fail("syntax", `line ${l.no}: expected two numbers 'row col', got ${quote(l.text)}`);
  }
  return [[Number(w[0]), Number(w[1])]];
}

function parseLines(lines: readonly Line[], options: ParseOptions): ParseResult {
  const given = sizeLine(lines);
  const body = given === undefined ? lines : lines.slice(1);
  const queens: Queen[] = [];
  const at: number[] = [];
  for (const l of body) {
    for (const [row, col] of pairsOf(l)) {
      queens.push({ row, col });
      at.push(l.no);
    }
    checkQueenCount(queens.length);
  }
  const n = listSize(given, queens.length, options);
  return withSizeHint(given === undefined && options.n === undefined, () =>
    finish(n, queens, "lines", options, (i) => ` on line ${at[i]}`),
  );
}

/** The `aoj` judge input: `k`, then k lines `r c`. */
function parseAoj(lines: readonly Line[], options: ParseOptions): ParseResult {
  const [head, ...body] = lines;
  const k = head && /^\d+$/.test(head.text) ? Number(head.text) : Number.NaN;
  if (!(k >= 0 && k <= MAX_PARSE_N)) {
    fail(
      "syntax",
      `line ${head?.no ?? 1}: expected the number of queens k, got ${quote(head?.text ?? "")}`,
    );
  }
  if (body.length !== k) {
    fail("syntax", `expected ${plural(k, "line")} 'r c' after k = ${k}, got ${count(body.length)}`);
  }
  const queens: Queen[] = [];
  const at: number[] = [];
  for (const l of body) {
    const w = words(l.text);
    if (w.length !== 2 || !INTEGER.test(w[0]!) || !INTEGER.test(w[1]!)) {
      fail("syntax", `line ${l.no}: expected two numbers 'r c', got ${quote(l.text)}`);
    }
    queens.push({ row: Number(w[0]), col: Number(w[1]) });
    at.push(l.no);
  }
  return finish(options.n ?? AOJ_SIZE, queens, "aoj", options, (i) => ` on line ${at[i]}`);
}

/** The column of a file name: `a` 0, `z` 25, `aa` 26. Undefined past the largest size. */
function fileIndex(letters: string): number | undefined {
  let v = 0;
  for (const ch of letters.toLowerCase()) {
    v = v * 26 + (ch.charCodeAt(0) - 96);
    if (v > MAX_PARSE_N) return undefined;
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
      if (!m || col === undefined || !(rank >= 1 && rank <= MAX_PARSE_N)) {
        fail("syntax", `line ${l.no}: ${quote(w)} is not a square like a1 or h8`);
      }
      queens.push({ row: rank - 1, col });
      names.push(w);
      checkQueenCount(queens.length);
    }
  }
  const n = listSize(given, queens.length, options);
  return withSizeHint(given === undefined && options.n === undefined, () =>
    finish(n, queens, "squares", options, (i) => ` (${names[i]})`),
  );
}

function parsePerm(lines: readonly Line[], b: 0 | 1, options: ParseOptions): ParseResult {
  const tokens: string[] = [];
  for (const l of lines) {
    for (const w of words(l.text)) {
      tokens.push(w);
      if (tokens.length > MAX_PARSE_N) fail("size", `at most ${count(MAX_PARSE_N)} rows`);
    }
  }
  const n = tokens.length;
  if (n === 0) fail("empty", "empty input: no board in it");
  if (options.n !== undefined && n !== options.n) {
    fail("shape", `expected ${plural(options.n, "column")}, one per row, got ${count(n)}`);
  }
  const queens: Queen[] = [];
  for (let r = 0; r < n; r++) {
    const t = tokens[r]!;
    if (t === "-" || t === "." || t === "_") continue;
    if (!INTEGER.test(t))
      fail("syntax", `row ${r}: expected a column number or '-', got ${quote(t)}`);
    const v = Number(t);
    if (v < b || v >= n + b)
      fail(
        "range",
        `row ${r} has column ${t.length > 16 ? quote(t) : v}, outside ${b}..${n - 1 + b}`,
      );
    queens.push({ row: r, col: v - b });
  }
  return finish(n, queens, b === 1 ? "perm1" : "perm", options);
}

/** Adds the "size is the number of queens" hint to a range error of a list without a size. */
function withSizeHint(sizeless: boolean, parse: () => ParseResult): ParseResult {
  try {
    return parse();
  } catch (e) {
    if (e instanceof Failure && e.code === "range" && sizeless) {
      fail("range", `${e.error} (without a size line 'n N' the size is the number of queens)`);
    }
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON

const JSON_FORMS =
  'expected {"n":8,"cols":[...]}, {"n":8,"queens":[{"row":0,"col":0}]}, a list of columns or a 0/1 matrix';

function isInt(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v);
}

/** A JSON value for a message: short, and safe for any depth (it never recurses). */
function shown(v: unknown): string {
  if (v === null || typeof v !== "object")
    return quote(String(typeof v === "string" ? JSON.stringify(v) : v));
  return Array.isArray(v) ? "a list" : "an object";
}

/**
 * Refuses JSON nested deeper than MAX_JSON_DEPTH, or with more values than a board can have,
 * before `JSON.parse` builds it.
 */
function checkJsonShape(text: string): void {
  let depth = 0;
  let values = 1;
  let inString = false;
  const maxValues = 4 * MAX_MATRIX_N * MAX_MATRIX_N + 16;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > MAX_JSON_DEPTH)
        fail("size", `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    } else if (c === 93 || c === 125) depth--;
    else if (c === 44 && ++values > maxValues)
      fail("size", "JSON with more values than a board can hold");
  }
}

/**
 * A JSON syntax error in our words: V8's messages can hold a raw excerpt of the input, so only
 * the position is taken from them and the excerpt is quoted here.
 */
function jsonError(text: string, message: string): string {
  const at = /position (\d+)/.exec(message);
  if (at) {
    const p = Number(at[1]);
    return `invalid JSON at position ${p}: ${quote(text.slice(p, p + 20) || "(the end)")}`;
  }
  if (/end of JSON/i.test(message)) return "invalid JSON: the input ends inside a value";
  return `invalid JSON: ${quote(text.trim().slice(0, 40))}`;
}

function parseJson(text: string, options: ParseOptions): ParseResult {
  checkJsonShape(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const records = text
      .trim()
      .split(/\r?\n/)
      .filter((l) => l.trim().startsWith("{")).length;
    if (records > 1) fail("syntax", `${count(records)} JSON records: a board is one of them`);
    fail("syntax", jsonError(text, (e as Error).message));
  }
  if (Array.isArray(value)) {
    if (value.length === 0) fail("empty", "the JSON list is empty");
    if (value.length > MAX_PARSE_N) fail("size", `at most ${count(MAX_PARSE_N)} rows`);
    if (value.every(Array.isArray)) {
      checkRows(value.length);
      const rows = (value as unknown[][]).map((row, r) => {
        if (row.length > MAX_MATRIX_N)
          fail("size", `row ${r} has more than ${count(MAX_MATRIX_N)} cells`);
        return row.map((v) => (v === null || typeof v !== "object" ? JSON.stringify(v) : "[...]"));
      });
      return fromCells(rows, new Set(["0", "false"]), "json", options, JSON_BLOCKED);
    }
    return jsonCols(value, value.length, options, {});
  }
  if (value === null || typeof value !== "object") fail("syntax", JSON_FORMS);
  const o = value as {
    n?: unknown;
    cols?: unknown;
    queens?: unknown;
    blocked?: unknown;
    excluded?: unknown;
    diags?: unknown;
    d?: unknown;
  };
  const checkedN = (v: unknown) => {
    if (!isInt(v)) fail("size", `"n" must be a whole number: got ${shown(v)}`);
    return sizeValue(String(v), '"n"');
  };
  const restrictions = (): Restrictions => ({
    blocked: o.blocked === undefined ? undefined : jsonSquares(o.blocked, "blocked"),
    excluded: jsonExcluded(o, options),
  });
  if (Array.isArray(o.cols)) {
    const n = o.n === undefined ? o.cols.length : checkedN(o.n);
    if (n !== o.cols.length) {
      fail("shape", `"n" is ${n} but "cols" has ${plural(o.cols.length, "entry", "entries")}`);
    }
    if (n < 1 || n > MAX_PARSE_N)
      fail("size", `"cols" must have 1 to ${count(MAX_PARSE_N)} entries`);
    return jsonCols(o.cols, n, options, restrictions());
  }
  const restrictedOnly =
    o.queens === undefined &&
    (o.blocked !== undefined || o.excluded !== undefined || o.diags !== undefined);
  if (Array.isArray(o.queens) || restrictedOnly) {
    const n = o.n === undefined ? options.n : checkedN(o.n);
    if (n === undefined) fail("size", `a "queens" list needs "n", the board size`);
    const queens = restrictedOnly ? [] : jsonSquares(o.queens, "queens");
    return finish(n, queens, "json", options, undefined, restrictions());
  }
  return fail("syntax", JSON_FORMS);
}

/** In a JSON 0/1 matrix, a blocked square is the string "x" (or "X", "#"). */
const JSON_BLOCKED = new Set(['"x"', '"X"', '"#"']);

function jsonCols(
  cols: unknown[],
  n: number,
  options: ParseOptions,
  restrictions: Restrictions,
): ParseResult {
  const queens: Queen[] = [];
  for (let r = 0; r < cols.length; r++) {
    const c = cols[r];
    if (c === null) continue;
    if (!isInt(c)) fail("syntax", `cols[${r}] must be a whole number or null: got ${shown(c)}`);
    queens.push({ row: r, col: c });
  }
  return finish(n, queens, "json", options, undefined, restrictions);
}

/** A JSON list of squares: `{"row":r,"col":c}` objects or `[r, c]` pairs. */
function jsonSquares(list: unknown, field: string): Square[] {
  if (!Array.isArray(list))
    fail("syntax", `"${field}" must be a list of squares: got ${shown(list)}`);
  if (list.length > MAX_PARSE_N) fail("size", `more than ${count(MAX_PARSE_N)} ${field} squares`);
  return list.map((q: unknown, i): Square => {
    if (Array.isArray(q)) {
      if (q.length === 2 && isInt(q[0]) && isInt(q[1])) return { row: q[0], col: q[1] };
    } else if (q !== null && typeof q === "object") {
      const { row, col } = q as { row?: unknown; col?: unknown };
      if (isInt(row) && isInt(col)) return { row, col };
    }
    return fail(
      "syntax",
      `${field}[${i}] must be {"row":r,"col":c} or [r, c] with whole numbers: got ${shown(q)}`,
    );
  });
}

/** `"excluded": {"sums":[...],"differences":[...]}`, or CSPLib pairs `"diags"` with `"d"`. */
function jsonExcluded(
  o: { excluded?: unknown; diags?: unknown; d?: unknown },
  options: ParseOptions,
): ExcludedDiagonals | undefined {
  const numbers = (v: unknown, field: string): number[] => {
    if (v === undefined) return [];
    if (!Array.isArray(v) || !v.every(isInt)) {
      fail("syntax", `"${field}" must be a list of whole numbers: got ${shown(v)}`);
    }
    if (v.length > MAX_PARSE_N) fail("size", `more than ${count(MAX_PARSE_N)} ${field}`);
    return v as number[];
  };
  if (o.excluded !== undefined && o.diags !== undefined) {
    fail("syntax", `"excluded" and "diags" both given: one way of naming the diagonals, please`);
  }
  if (o.excluded !== undefined) {
    const e = o.excluded as { sums?: unknown; differences?: unknown } | null;
    if (e === null || typeof e !== "object" || Array.isArray(e)) {
      fail("syntax", `"excluded" must be {"sums":[...],"differences":[...]}: got ${shown(e)}`);
    }
    return { sums: numbers(e.sums, "sums"), differences: numbers(e.differences, "differences") };
  }
  if (o.diags === undefined) return undefined;
  if (!Array.isArray(o.diags))
    fail("syntax", `"diags" must be a list of [v, t] pairs: got ${shown(o.diags)}`);
  if (o.diags.length > MAX_PARSE_N) fail("size", `more than ${count(MAX_PARSE_N)} diags`);
  const pairs = o.diags.map((p: unknown, i): [number, number] => {
    if (Array.isArray(p) && p.length === 2 && isInt(p[0]) && (p[1] === 0 || p[1] === 1)) {
      return [p[0], p[1]];
    }
    return fail(
      "syntax",
      `diags[${i}] must be [v, 1] (sum) or [v, 0] (difference): got ${shown(p)}`,
    );
  });
  if (o.d !== undefined && !isInt(o.d))
    fail("syntax", `"d" must be a whole number: got ${shown(o.d)}`);
  return diagonalPrefix(pairs, options.diagonals ?? (o.d as number | undefined), '"d"');
}

/** The first `d` CSPLib pairs (all when d is undefined) as excluded diagonals. */
function diagonalPrefix(
  pairs: readonly [number, number][],
  d: number | undefined,
  what: string,
): ExcludedDiagonals {
  const take = d ?? pairs.length;
  if (!(Number.isInteger(take) && take >= 0 && take <= pairs.length)) {
    fail(
      "range",
      `${what} must be a whole number from 0 to ${pairs.length} (the pairs given): got ${take}`,
    );
  }
  const sums: number[] = [];
  const differences: number[] = [];
  for (let i = 0; i < take; i++) {
    const [v, t] = pairs[i]!;
    (t === 1 ? sums : differences).push(v);
  }
  return { sums, differences };
}

// ---------------------------------------------------------------------------------------------
// CSPLib parameter files (problems 079 and 080)

/**
 * A CSPLib / Essence' parameter file: statements `[letting] NAME = VALUE` (or `be`), values
 * whole numbers or lists of `[a, b]` pairs, over as many lines as they like; `$` starts a
 * comment, a `language ESSENCE' 1.0` line is skipped. The names read (others are an error):
 * - `n`: the board size (required);
 * - `init`: the queens placed, `[[row, col], ...]` from 0 (prob079's completion files);
 * - `blocks`: blocked squares, `[[row, col], ...]` from 1 (prob080, whose generator writes
 *   them 1-based);
 * - `diags`: excluded diagonals, `[[v, 1], ...]` the sum diagonal r + c = v and `[v, 0]` the
 *   difference diagonal r - c + n - 1 = v (prob079's generator output);
 * - `numdiags`: how many of `diags` the instance takes, from the front (the generator writes
 *   the length of its list; `options.diagonals` overrides it).
 */
const CSPLIB_NAMES = ["n", "init", "blocks", "diags", "numdiags"] as const;
// Only spaces and tabs before a name: `\s*` after `^` would scan every run of blank lines from
// each of its lines (quadratic in a hostile input of newlines).
const CSPLIB_LINE = /^[ \t]*(?:letting[ \t]+)?(?:init|blocks|diags|numdiags)[ \t]*(?:=|be\b)/im;
const CSPLIB_START = /^[ \t]*(?:letting[ \t]|language[ \t]+ESSENCE)/im;

/** A list of pairs, or a number, as read from a CSPLib file. */
type CsplibValue = number | [number, number][];

function parseCsplib(text: string, options: ParseOptions): ParseResult {
  const values = new Map<string, { value: CsplibValue; line: number }>();
  // Line numbers of each offset, for messages.
  let line = 1;
  let i = 0;
  const len = text.length;
  const skipSpace = () => {
    for (; i < len; i++) {
      const c = text[i]!;
      if (c === "\n") line++;
      else if (c === "$") {
        while (i < len && text[i] !== "\n") i++;
        i--;
      } else if (!/\s/.test(c)) break;
    }
  };
  const word = () => {
    const m = /^[A-Za-z_][\w']*/.exec(text.slice(i, i + 64));
    if (!m) return undefined;
    i += m[0].length;
    return m[0];
  };
  const excerpt = () => quote(text.slice(i, i + 20).split("\n")[0] || "(the end)");
  const integer = (): number => {
    const m = /^[+-]?\d{1,16}/.exec(text.slice(i, i + 17));
    if (!m) fail("syntax", `line ${line}: expected a whole number, got ${excerpt()}`);
    i += m[0].length;
    return Number(m[0]);
  };
  const expect = (ch: string) => {
    skipSpace();
    if (text[i] !== ch) fail("syntax", `line ${line}: expected '${ch}', got ${excerpt()}`);
    i++;
  };
  const pairs = (): [number, number][] => {
    const out: [number, number][] = [];
    expect("[");
    skipSpace();
    if (text[i] === "]") {
      i++;
      return out;
    }
    for (;;) {
      expect("[");
      skipSpace();
      const a = integer();
      expect(",");
      skipSpace();
      const b = integer();
      expect("]");
      out.push([a, b]);
      if (out.length > MAX_PARSE_N) fail("size", `a list of more than ${count(MAX_PARSE_N)} pairs`);
      skipSpace();
      if (text[i] === "]") {
        i++;
        return out;
      }
      expect(",");
    }
  };
  for (;;) {
    skipSpace();
    if (i >= len) break;
    const at = line;
    let name = word();
    if (name === "language") {
      while (i < len && text[i] !== "\n") i++;
      continue;
    }
    if (name === "letting") {
      skipSpace();
      name = word();
    }
    if (name === undefined)
      fail("syntax", `line ${line}: expected 'letting NAME = VALUE', got ${excerpt()}`);
    if (!(CSPLIB_NAMES as readonly string[]).includes(name)) {
      fail(
        "syntax",
        `line ${at}: unknown parameter ${quote(name)} (a CSPLib board has ${CSPLIB_NAMES.join(", ")})`,
      );
    }
    if (values.has(name)) fail("syntax", `line ${at}: ${quote(name)} is given twice`);
    skipSpace();
    if (text[i] === "=") i++;
    else if (word() !== "be")
      fail("syntax", `line ${line}: expected '=' after ${name}, got ${excerpt()}`);
    skipSpace();
    const value: CsplibValue = text[i] === "[" ? pairs() : integer();
    values.set(name, { value, line: at });
  }
  const get = (name: string, list: boolean) => {
    const v = values.get(name);
    if (v === undefined) return undefined;
    if (Array.isArray(v.value) !== list) {
      fail(
        "syntax",
        `line ${v.line}: ${name} must be ${list ? "a list of [a, b] pairs" : "a whole number"}`,
      );
    }
    return v.value;
  };
  const size = get("n", false) as number | undefined;
  if (size === undefined) fail("size", "a CSPLib board needs 'letting n = N', the board size");
  const n = sizeValue(String(size), "n");
  const init = (get("init", true) as [number, number][] | undefined) ?? [];
  checkQueenCount(init.length);
  const queens = init.map(([row, col]): Queen => ({ row, col }));
  const blocks = get("blocks", true) as [number, number][] | undefined;
  const blocked = blocks?.map(([row, col]): Square => ({ row: row - 1, col: col - 1 }));
  const diags = get("diags", true) as [number, number][] | undefined;
  const numdiags = get("numdiags", false) as number | undefined;
  if (numdiags !== undefined && diags === undefined) {
    fail("syntax", "numdiags without diags: the diagonals are missing");
  }
  diags?.forEach(([, t], k) => {
    if (t !== 0 && t !== 1) {
      fail("syntax", `diags[${k}] must be [v, 1] (sum) or [v, 0] (difference): got type ${t}`);
    }
  });
  const excluded = diags
    ? diagonalPrefix(
        diags,
        options.diagonals ?? numdiags,
        options.diagonals === undefined ? "numdiags" : "the diagonals to take",
      )
    : undefined;
  return finish(n, queens, "csplib", options, (k) => ` (init entry ${k})`, { blocked, excluded });
}

// ---------------------------------------------------------------------------------------------
// Detection

/** The lines of an input for detection and reading: enough for the largest list. */
function inputLines(text: string): Line[] {
  return linesOf(
    text,
    MAX_PARSE_N + 1,
    "line",
    ` (a board holds at most ${count(MAX_PARSE_N)} queens)`,
  );
}

function detect(text: string, lines: readonly Line[]): BoardForm {
  const t = text.trimStart();
  if (t.startsWith("{") || t.startsWith("[")) return "json";
  if (CSPLIB_START.test(t) || CSPLIB_LINE.test(t)) return "csplib";
  if (lines.some((l) => BORDER_START.test(l.text))) {
    return lines.some((l) => BOX.test(l.text)) ? "unicode" : "grid";
  }
  if (lines.some((l) => BAR.test(l.text))) return "cells";
  const sized = SIZE_LINE.test(lines[0]?.text ?? "");
  const body = sized ? lines.slice(1) : lines;
  const first = words(body[0]?.text ?? "")[0];
  if (first !== undefined && SQUARE.test(first)) return "squares";
  if (sized) return "lines";
  if (lines.some((l) => l.text.includes("("))) return "lines";
  const numeric = lines.every((l) => NUMBERS.test(l.text));
  if (!numeric) {
    const style = matrixStyle(lines);
    if (
      style === "stars" &&
      !lines.some((l) => /[Qq1♛♕]/.test(l.text)) &&
      lines.some((l) => l.text.includes("."))
    ) {
      fail(
        "ambiguous",
        "a matrix of only '*' and '.' reads two ways: '*' is an empty square in the stars format and a queen on Kattis's 8queens; name the format",
      );
    }
    return style;
  }
  if (lines.length === 1) {
    const line = lines[0]!.text;
    const groups = line.split(",", MAX_PARSE_N + 1).map(wordCount);
    if (groups.length > 1 && groups.some((g) => g > 1)) {
      fail(
        "ambiguous",
        `${quote(line)} could be a permutation or pairs 'row col'; name the format (perm or lines)`,
      );
    }
    const w = words(line);
    return w.includes(String(w.length)) && !w.includes("0") ? "perm1" : "perm";
  }
  const counts = lines.map((l) => wordCount(l.text));
  const pairs = counts.slice(1).every((k) => k === 2);
  if (
    counts[0] === 1 &&
    /^\d+$/.test(lines[0]!.text) &&
    Number(lines[0]!.text) === lines.length - 1 &&
    pairs
  ) {
    return "aoj";
  }
  const square = lines.length;
  const binary = lines.every(
    (l) => /^[01\s]+$/.test(l.text) && l.text.replace(/\s+/g, "").length === square,
  );
  if (binary) return "binary";
  if (pairs && counts[0] === 2) return "lines";
  fail(
    "ambiguous",
    "lines of numbers that are not 'row col' pairs, a 0/1 matrix or the aoj judge input; name the format (for a permutation over several lines: perm)",
  );
}

/**
 * The format {@link parseBoard} reads `text` as (see the rules at the top of this module), or why
 * it cannot tell.
 * @example detectForm("0 4 7 5 2 6 1 3") // { ok: true, form: "perm" }
 * @example detectForm("(0,1) (1,3) (2,0) (3,2)") // { ok: true, form: "lines" }
 */
export function detectForm(
  text: string,
):
  | { readonly ok: true; readonly form: BoardForm }
  | { readonly ok: false; readonly error: string; readonly code: ParseErrorCode } {
  return guarded(() => {
    const t = clean(text);
    return { ok: true as const, form: detect(t, inputLines(t)) };
  });
}

/** Without a byte-order mark; an input that holds no board at all is `empty`. */
function clean(text: string): string {
  const t = text.replace(/^\uFEFF/, "");
  if (NOTHING.test(t)) fail("empty", "empty input: no board in it");
  return t;
}

/** Runs a parse, turning its failure, or anything unexpected, into an error value. */
function guarded<T>(
  run: () => T,
): T | { readonly ok: false; readonly error: string; readonly code: ParseErrorCode } {
  try {
    return run();
  } catch (e) {
    if (e instanceof Failure) return { ok: false, error: e.error, code: e.code };
    // Never reached by any input the tests know of; kept so that a parser bug is a message, not a crash.
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, code: "syntax", error: `cannot read the board: ${quote(message)}` };
  }
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
        `format must be one of ${BOARD_FORMS.join(", ")}: got ${quote(String(form))}`,
      );
  }
}

function checkOptions(options: ParseOptions): void {
  const d = options.diagonals;
  if (d !== undefined && !(Number.isInteger(d) && d >= 0 && d <= MAX_PARSE_N)) {
    fail("size", `the diagonals to take must be a whole number from 0: got ${d}`);
  }
  if (
    options.n !== undefined &&
    !(Number.isInteger(options.n) && options.n >= 1 && options.n <= MAX_PARSE_N)
  ) {
    fail(
      "size",
      `the expected size must be a whole number from 1 to ${count(MAX_PARSE_N)}: got ${options.n}`,
    );
  }
}

/**
 * Parses `text` as one named format; a `perm` is 0-based and a `perm1` 1-based, without guessing.
 * Never throws.
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
    checkOptions(options);
    const t = clean(String(text));
    return readAs(t, inputLines(t), form, options);
  });
}

/**
 * Parses a board in any format this module reads, telling the format from the text (see the
 * rules at the top of this module). The queens come back in row order, then column order.
 * Never throws.
 * @example parseBoard(". Q . .\n. . . Q\nQ . . .\n. . Q .")
 * // { ok: true, form: "dots", board: { n: 4, queens: [{row:0,col:1}, ...] } }
 * @example parseBoard("Q..\n.Q") // { ok: false, code: "ragged", error: "row 1 has 2 cells, expected 3" }
 */
export function parseBoard(text: string, options: ParseOptions = {}): ParseResult {
  return guarded(() => {
    checkOptions(options);
    const t = clean(String(text));
    const lines = inputLines(t);
    return readAs(t, lines, detect(t, lines), options);
  });
}
