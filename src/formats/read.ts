/**
 * What every reader shares: the input's non-blank lines and words, the result value, and the
 * checks every board gets ({@link finish}).
 *
 * Parsers never throw, whatever the input: they return a {@link ParseResult} with a typed error
 * code and a one-line message that names the problem and quotes at most 40 characters of the
 * value (control characters escaped). Inside, a reader fails by throwing a {@link Failure}, and
 * {@link guarded} turns it into that value. Sizes are bounded while reading (see `limits.ts`): a
 * huge or deeply nested input is refused before it costs memory. A board that parses may still
 * have attacking queens (two in a row of a matrix, say); `conflicts` in `board.ts` reports those.
 * Rows and columns in messages are 0-based, as in the board model; `line N` counts the input's
 * lines from 1, as editors do.
 *
 * The judges (`judges/`) read their inputs' lines with {@link nonBlankLines} too.
 */
import {
  type ExcludedDiagonals,
  Forbidden,
  type PartialBoard,
  type Queen,
  type Square,
} from "../board.js";
import { quote, shownValue } from "../errors.js";
import { MAX_MATRIX_N, MAX_PARSE_N } from "../limits.js";
import { plural, thousands } from "../words.js";
import type { BoardForm } from "./table.js";

/** A non-blank input line, trimmed, with its 1-based line number (every line counts). */
export interface Line {
  readonly text: string;
  readonly no: number;
}

/**
 * The first `max` non-blank lines of a text (LF, CRLF or CR line ends), and whether more follow.
 * Blank lines cost nothing: 16 million newlines are scanned, not stored.
 * @example nonBlankLines("8\r\n\r\n 0 \n", 10) // { lines: [{ text: "8", no: 1 }, { text: "0", no: 3 }], more: false }
 */
export function nonBlankLines(text: string, max: number): { lines: Line[]; more: boolean } {
  const lines: Line[] = [];
  let no = 0;
  let at = 0;
  while (at <= text.length) {
    let end = text.indexOf("\n", at);
    if (end === -1) end = text.length;
    no++;
    const raw = text.slice(at, end);
    for (const part of raw.includes("\r") ? raw.split("\r") : [raw]) {
      const t = part.trim();
      if (t === "") continue;
      if (lines.length >= max) return { lines, more: true };
      lines.push({ text: t, no });
    }
    at = end + 1;
  }
  return { lines, more: false };
}

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
  | "ambiguous" // detection could read the input in two ways: name the format
  | "ambiguous-permutation"; // a partial line of columns that is a board 0-based and 1-based

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

/** Why a reader stopped: thrown inside the readers, returned as a {@link ParseResult} by {@link guarded}. */
export class Failure {
  constructor(
    readonly code: ParseErrorCode,
    readonly error: string,
  ) {}
}

/** Stops reading with a {@link Failure}. */
export function fail(code: ParseErrorCode, error: string): never {
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

/** A whole number, with or without a sign. */
export const INTEGER = /^[+-]?\d+$/;
/** Input made of nothing but white space and separators holds no board. */
const NOTHING = /^[\s,;]*$/;

/** The words of a text, split at white space and commas; more than `max` is a `size` failure. */
export function words(text: string, max = MAX_PARSE_N): string[] {
  const out: string[] = [];
  const re = /[^\s,]+/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (out.length >= max) fail("size", `more than ${thousands(max)} values on one line`);
    out.push(m[0]);
  }
  return out;
}

/** Whether code unit `c` separates words as {@link words} splits them: JavaScript's `\s`, or a comma. */
function separates(c: number): boolean {
  if (c === 44 || c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Calls `visit(start, end)` for each word of `text` as {@link words} splits it, in order, without
 * building the words: a million-queen permutation is read without a million strings.
 */
export function eachWord(text: string, visit: (start: number, end: number) => void): void {
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (separates(text.charCodeAt(i))) {
      if (start >= 0) visit(start, i);
      start = -1;
    } else if (start < 0) start = i;
  }
  if (start >= 0) visit(start, text.length);
}

/**
 * The value of the word `text[start, end)` when it is a whole number (`INTEGER`: a sign, then
 * digits), as `Number` reads it; NaN otherwise. Builds no string.
 */
export function integerAt(text: string, start: number, end: number): number {
  let i = start;
  const first = text.charCodeAt(i);
  const sign = first === 45 ? -1 : 1;
  if (first === 43 || first === 45) i++;
  if (i === end) return Number.NaN;
  let v = 0;
  for (let j = i; j < end; j++) {
    const d = text.charCodeAt(j) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    v = v * 10 + d;
  }
  // Past 15 digits the sum above may round otherwise than Number does: let Number read it.
  return end - i > 15 ? Number(text.slice(start, end)) : sign * v;
}

/**
 * `words(text)[0]`, failing as `words` does on a line of more than `max` words, without building
 * the others.
 */
export function firstWord(text: string, max = MAX_PARSE_N): string | undefined {
  let k = 0;
  eachWord(text, () => {
    k++;
  });
  if (k > max) fail("size", `more than ${thousands(max)} values on one line`);
  return /[^\s,]+/.exec(text)?.[0];
}

/**
 * Whether `text` is whole numbers and `-`, separated by white space or commas, from its first
 * character to its last: `NUMBERS` in detect.ts as a regular expression, which on a million-word
 * line spends tens of megabytes on its backtracking; this builds nothing.
 */
export function numbersOnly(text: string): boolean {
  let ok = true;
  let first = -1;
  let last = -1;
  eachWord(text, (start, end) => {
    if (first < 0) first = start;
    last = end;
    if (!ok || (end - start === 1 && text.charCodeAt(start) === 45)) return;
    if (Number.isNaN(integerAt(text, start, end))) ok = false;
  });
  return ok && first === 0 && last === text.length;
}

/** How many words `words(text)` would return, without building them. */
export function wordCount(text: string): number {
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

export function sizeValue(text: string, what: string): number {
  const n = INTEGER.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1 && n <= MAX_PARSE_N)) {
    fail(
      "size",
      `${what} must be a whole number from 1 to ${thousands(MAX_PARSE_N)}: got ${quote(text)}`,
    );
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Checking queens

/** What a board forbids besides its queens, as read (checked by {@link finish}). */
export interface Restrictions {
  blocked?: Square[];
  excluded?: ExcludedDiagonals;
}

/**
 * Checks the queens against the size and each other, sorts them row by row, checks the blocked
 * squares and excluded diagonals (on the board, no queen on them) and applies `options.n`.
 * `where(i)` names the place in the input of queen i, for messages. O(k log k + blocked).
 */
export function finish(
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
// Square by square: matrices, cells, grids, JSON 0/1 matrices

/** A queen, in every square-by-square format. */
const QUEENS = new Set(["Q", "q", "1", "♛", "♕"]);
/** An empty square in the matrix styles. */
export const EMPTIES = new Set([".", "0", "*", "-", "_", "·"]);
/** In `|..|` cells a blank square and the Java tutorial's `X` are empty too. */
export const CELL_EMPTIES = new Set([...EMPTIES, "", "X", "x"]);
/** A blocked square in the matrix styles (dots, compact, stars, binary). */
const BLOCKED = new Set(["x", "X", "#", "■"]);
/** A blocked square in `|..|` cells and grids, where `X` is the Java tutorial's empty square. */
export const CELL_BLOCKED = new Set(["#", "■"]);

/**
 * Turns rows of cell strings into queens, checking every symbol and that the board is square.
 * The expected row length is `options.n`, else the most common length.
 */
export function fromCells(
  rows: readonly (readonly string[])[],
  empties: ReadonlySet<string>,
  form: BoardForm,
  options: ParseOptions,
  blockedSymbols: ReadonlySet<string> = BLOCKED,
): ParseResult {
  const n = rows.length;
  if (options.n !== undefined && n !== options.n) {
    fail("shape", `expected ${plural(options.n, "row")}, got ${thousands(n)}`);
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

export function checkRows(rows: number): void {
  if (rows > MAX_MATRIX_N) {
    fail(
      "size",
      `more than ${thousands(MAX_MATRIX_N)} rows (the most a board read square by square may have)`,
    );
  }
}

export function checkQueenCount(k: number): void {
  if (k > MAX_PARSE_N) fail("size", `more than ${thousands(MAX_PARSE_N)} queens`);
}

// ---------------------------------------------------------------------------------------------
// Reading a whole input

/** The lines of an input for detection and reading: enough for the largest list. */
export function inputLines(text: string): Line[] {
  return linesOf(
    text,
    MAX_PARSE_N + 1,
    "line",
    ` (a board holds at most ${thousands(MAX_PARSE_N)} queens)`,
  );
}

/** Without a byte-order mark; an input that holds no board at all is `empty`. */
export function clean(text: string): string {
  const t = text.replace(/^\uFEFF/, "");
  if (NOTHING.test(t)) fail("empty", "empty input: no board in it");
  return t;
}

/**
 * Why a value handed to a parser is not text (`expected a string, got null`), or undefined for a
 * string: the public parsers return this as a `syntax` failure instead of throwing (their callers
 * may be plain JavaScript).
 * @example notText(null) // "expected a string, got null"
 */
export function notText(value: unknown): string | undefined {
  if (typeof value === "string") return undefined;
  let what: string;
  if (value === null || value === undefined) what = String(value);
  else if (Array.isArray(value)) what = "a list";
  else if (typeof value === "object") what = "an object";
  else what = `a ${typeof value}`;
  return `expected a string, got ${what}`;
}

/** Fails (`syntax`) when `value` is not a string: see {@link notText}. */
export function checkText(value: unknown): asserts value is string {
  const why = notText(value);
  if (why !== undefined) fail("syntax", why);
}

/** Runs a parse, turning its failure, or anything unexpected, into an error value. */
export function guarded<T>(
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

export function checkOptions(options: ParseOptions): void {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    fail("syntax", `options must be an object: got ${shownValue(options)}`);
  }
  const d = options.diagonals;
  if (d !== undefined && !(Number.isInteger(d) && d >= 0 && d <= MAX_PARSE_N)) {
    fail("size", `the diagonals to take must be a whole number from 0: got ${shownValue(d)}`);
  }
  if (
    options.n !== undefined &&
    !(Number.isInteger(options.n) && options.n >= 1 && options.n <= MAX_PARSE_N)
  ) {
    fail(
      "size",
      `the expected size must be a whole number from 1 to ${thousands(MAX_PARSE_N)}: got ${shownValue(options.n)}`,
    );
  }
}
