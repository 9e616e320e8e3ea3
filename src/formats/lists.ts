/**
 * Lists of queens, one queen a word or a line, drawn from the queens alone (they refuse a board
 * with blocked squares or excluded diagonals): `perm` (`1 3 0 2`, `-` for a row without a
 * queen) and `perm1` (1-based), `squares` (chess squares `b1 d2 a3 c4`), `lines` (`n 4`, then
 * `row col` lines, or `(r, c)` pairs when read) and `aoj` (the ALDS1_13_A judge input: k, then k
 * lines `r c`). Read without a size line, a list's size is its number of queens.
 */
import type { Queen } from "../board.js";
import { NQueensError, quote } from "../errors.js";
import { MAX_PARSE_N } from "../limits.js";
import { plural, thousands } from "../words.js";
import {
  checkQueenCount,
  eachWord,
  Failure,
  fail,
  finish,
  INTEGER,
  integerAt,
  type Line,
  type ParseOptions,
  type ParseResult,
  sizeValue,
  words,
} from "./read.js";
import { joined, type Layout, plainOnly } from "./write.js";

/** A queen's square in chess notation: file letters, then the rank. */
export const SQUARE = /^([a-z]+)(\d+)$/i;
/** The size line at the top of a list: `n 8`, `n=8`, `n: 8`. */
export const SIZE_LINE = /^n\s*[:=]?\s*(\S+)$/i;
const PAIR = /\(\s*([+-]?\d+)\s*[,\s]\s*([+-]?\d+)\s*\)/g;

/** The board size of the `aoj` format when `options.n` does not give one. */
const AOJ_SIZE = 8;

/** A board in `perm` (0-based) or `perm1` (1-based). */
export function formatPerm(b: Layout, style: "perm" | "perm1"): Generator<string> {
  return perm(b, style === "perm" ? 0 : 1, style);
}

/** A board in `lines`: the size line, then `row col` lines. */
export function formatLines(b: Layout): Generator<string> {
  return rowColLines(b, `n ${b.n}`, "lines");
}

/** A board in `aoj`: the number of queens, then `row col` lines. */
export function formatAoj(b: Layout): Generator<string> {
  return rowColLines(b, String(b.k), "aoj");
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
          "invalid-board",
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

/** A board in `squares`, with a size line `n N` when it does not hold n queens. */
export function* formatSquares(b: Layout): Generator<string> {
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

// ---------------------------------------------------------------------------------------------
// Reading

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
    fail(
      "size",
      `at most ${thousands(MAX_PARSE_N)} queens without a size line: got ${thousands(n)}`,
    );
  return n;
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

export function parseLines(lines: readonly Line[], options: ParseOptions): ParseResult {
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
export function parseAoj(lines: readonly Line[], options: ParseOptions): ParseResult {
  const [head, ...body] = lines;
  const k = head && /^\d+$/.test(head.text) ? Number(head.text) : Number.NaN;
  if (!(k >= 0 && k <= MAX_PARSE_N)) {
    fail(
      "syntax",
      `line ${head?.no ?? 1}: expected the number of queens k, got ${quote(head?.text ?? "")}`,
    );
  }
  if (body.length !== k) {
    fail(
      "syntax",
      `expected ${plural(k, "line")} 'r c' after k = ${k}, got ${thousands(body.length)}`,
    );
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

export function parseSquares(lines: readonly Line[], options: ParseOptions): ParseResult {
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

export function parsePerm(lines: readonly Line[], b: 0 | 1, options: ParseOptions): ParseResult {
  // The words are visited twice (to count the rows, then to read them) and never built: a
  // million-queen line costs its queens, not a million strings besides.
  let n = 0;
  for (const l of lines) {
    let here = 0;
    eachWord(l.text, () => {
      here++;
    });
    if (here > MAX_PARSE_N) fail("size", `more than ${thousands(MAX_PARSE_N)} values on one line`);
    n += here;
    if (n > MAX_PARSE_N) fail("size", `at most ${thousands(MAX_PARSE_N)} rows`);
  }
  if (n === 0) fail("empty", "empty input: no board in it");
  if (options.n !== undefined && n !== options.n) {
    fail("shape", `expected ${plural(options.n, "column")}, one per row, got ${thousands(n)}`);
  }
  const queens: Queen[] = new Array(n); // at most one a row: made once, cut to size below
  let k = 0;
  let r = 0;
  for (const { text } of lines) {
    eachWord(text, (start, end) => {
      const row = r++;
      const c = text.charCodeAt(start);
      if (end - start === 1 && (c === 45 || c === 46 || c === 95)) return; // - . _: no queen
      const v = integerAt(text, start, end);
      if (Number.isNaN(v)) {
        const t = text.slice(start, end);
        fail("syntax", `row ${row}: expected a column number or '-', got ${quote(t)}`);
      }
      if (v < b || v >= n + b) {
        const shown = end - start > 16 ? quote(text.slice(start, end)) : v;
        fail("range", `row ${row} has column ${shown}, outside ${b}..${n - 1 + b}`);
      }
      queens[k++] = { row, col: (v - b) | 0 }; // a small integer (the range is checked): no heap number per queen
    });
  }
  queens.length = k;
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
