/**
 * JSON: `{"n":8,"cols":[0,4,...]}` for a full solution (`null` for a row without a queen when
 * read), `{"n":8,"queens":[{"row":0,"col":0}]}` for a partial board, with `"blocked"` squares
 * and `"excluded"` diagonals (or CSPLib's `"diags"` pairs with `"d"` when read); read also as a
 * bare list of columns `[0,4,...]` or a 0/1 matrix `[[1,0],[0,1]]`. Both `cols` and `queens` is
 * refused (which one is meant?); other fields, such as `index`, are ignored. Depth and size are checked before `JSON.parse` builds anything.
 */
import type { ExcludedDiagonals, Queen, Square } from "../board.js";
import { quote } from "../errors.js";
import { MAX_JSON_DEPTH, MAX_MATRIX_N, MAX_PARSE_N } from "../limits.js";
import { plural, thousands } from "../words.js";
import { diagonalPrefix } from "./csplib.js";
import {
  checkRows,
  fail,
  finish,
  fromCells,
  type ParseOptions,
  type ParseResult,
  type Restrictions,
  sizeValue,
} from "./read.js";
import { type FormatOptions, joined, type Layout, sortedSquares } from "./write.js";

/** A board in `json`: `cols` for a full solution, else `queens`, then what the board forbids. */
export function* formatJson(b: Layout, options: FormatOptions): Generator<string> {
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

// ---------------------------------------------------------------------------------------------
// Reading

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

/** A key `"n"` and its value when that is a number (read where a top-level object's key starts). */
const N_KEY = /"n"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/y;

/**
 * Refuses JSON nested deeper than MAX_JSON_DEPTH, or with more values than a board can have,
 * before `JSON.parse` builds it; and, in the same pass, a single board whose size is out of range
 * already in the text: a top-level list longer than MAX_PARSE_N, or an object's last `"n"` (the
 * one `JSON.parse` keeps) a whole number out of range, with the messages the checks after
 * parsing give. The lengths of nested lists are left to those checks.
 */
function checkJsonShape(text: string): void {
  let depth = 0;
  let values = 1;
  let inString = false;
  let tops = 0; // values at the top level: a board is one
  let top = 0; // the first one's opening character: [ or {
  let topItems = 1; // items of a top-level list
  let n: string | undefined; // the number of a top-level object's last "n"
  const maxValues = 4 * MAX_MATRIX_N * MAX_MATRIX_N + 16;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) {
      inString = true;
      if (depth === 1 && top === 123) {
        N_KEY.lastIndex = i;
        const m = N_KEY.exec(text);
        if (m) n = m[1];
      }
    } else if (c === 91 || c === 123) {
      if (depth === 0 && tops++ === 0) top = c;
      if (++depth > MAX_JSON_DEPTH)
        fail("size", `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    } else if (c === 93 || c === 125) depth--;
    else if (c === 44) {
      if (++values > maxValues) fail("size", "JSON with more values than a board can hold");
      if (depth === 1) topItems++;
    }
  }
  if (tops !== 1) return;
  if (top === 91 && topItems > MAX_PARSE_N) fail("size", `at most ${thousands(MAX_PARSE_N)} rows`);
  if (n !== undefined && Number.isInteger(Number(n))) sizeValue(String(Number(n)), '"n"');
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

export function parseJson(text: string, options: ParseOptions): ParseResult {
  checkJsonShape(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const records = text
      .trim()
      .split(/\r?\n/)
      .filter((l) => l.trim().startsWith("{")).length;
    if (records > 1) fail("syntax", `${thousands(records)} JSON records: a board is one of them`);
    fail("syntax", jsonError(text, (e as Error).message));
  }
  if (Array.isArray(value)) {
    if (value.length === 0) fail("empty", "the JSON list is empty");
    if (value.length > MAX_PARSE_N) fail("size", `at most ${thousands(MAX_PARSE_N)} rows`);
    if (value.every(Array.isArray)) {
      checkRows(value.length);
      const rows = (value as unknown[][]).map((row, r) => {
        if (row.length > MAX_MATRIX_N)
          fail("size", `row ${r} has more than ${thousands(MAX_MATRIX_N)} cells`);
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
  if (o.cols !== undefined && o.queens !== undefined) {
    fail("syntax", `"cols" and "queens" both given: one way of placing the queens, please`);
  }
  if (Array.isArray(o.cols)) {
    const n = o.n === undefined ? o.cols.length : checkedN(o.n);
    if (n !== o.cols.length) {
      fail("shape", `"n" is ${n} but "cols" has ${plural(o.cols.length, "entry", "entries")}`);
    }
    if (n < 1 || n > MAX_PARSE_N)
      fail("size", `"cols" must have 1 to ${thousands(MAX_PARSE_N)} entries`);
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
  if (list.length > MAX_PARSE_N)
    fail("size", `more than ${thousands(MAX_PARSE_N)} ${field} squares`);
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
    if (v.length > MAX_PARSE_N) fail("size", `more than ${thousands(MAX_PARSE_N)} ${field}`);
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
  if (o.diags.length > MAX_PARSE_N) fail("size", `more than ${thousands(MAX_PARSE_N)} diags`);
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
