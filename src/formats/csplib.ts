/**
 * CSPLib (Essence') parameter files, problems 079 and 080: `letting n = 8`, the queens as
 * `letting init = [[0, 1], ...]` (0-based), blocked squares as `letting blocks = [[r, c], ...]`
 * (1-based, as CSPLib 080 numbers them) and excluded diagonals as `letting numdiags = d` with
 * `letting diags = [[v, 1], [v, 0], ...]`.
 */
import type { ExcludedDiagonals, Queen, Square } from "../board.js";
import { quote, shownValue } from "../errors.js";
import { MAX_PARSE_N } from "../limits.js";
import { thousands } from "../words.js";
import {
  checkQueenCount,
  fail,
  finish,
  type ParseOptions,
  type ParseResult,
  sizeValue,
} from "./read.js";
import { joined, type Layout, sortedSquares } from "./write.js";

/** A CSPLib parameter file: n, the queens, then blocked squares and excluded diagonals. */
export function* formatCsplib(b: Layout): Generator<string> {
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

// ---------------------------------------------------------------------------------------------
// Reading

/** The first `d` CSPLib pairs (all when d is undefined) as excluded diagonals. */
export function diagonalPrefix(
  pairs: readonly [number, number][],
  d: number | undefined,
  what: string,
): ExcludedDiagonals {
  const take = d ?? pairs.length;
  if (!(Number.isInteger(take) && take >= 0 && take <= pairs.length)) {
    fail(
      "range",
      `${what} must be a whole number from 0 to ${pairs.length} (the pairs given): got ${shownValue(take)}`,
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

/**
 * A statement of `init`, `blocks`, `diags` or `numdiags` at the start of a line, and the start of
 * an Essence' file: how detection tells a CSPLib file.
 */
// Only spaces and tabs before a name: `\s*` after `^` would scan every run of blank lines from
// each of its lines (quadratic in a hostile input of newlines).
export const CSPLIB_LINE =
  /^[ \t]*(?:letting[ \t]+)?(?:init|blocks|diags|numdiags)[ \t]*(?:=|be\b)/im;
export const CSPLIB_START = /^[ \t]*(?:letting[ \t]|language[ \t]+ESSENCE)/im;

/** A list of pairs, or a number, as read from a CSPLib file. */
type CsplibValue = number | [number, number][];

/** The statements of a CSPLib file, by name, with the line each starts on; checked as read. */
function statements(text: string): Map<string, { value: CsplibValue; line: number }> {
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
      if (out.length > MAX_PARSE_N)
        fail("size", `a list of more than ${thousands(MAX_PARSE_N)} pairs`);
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
  return values;
}

export function parseCsplib(text: string, options: ParseOptions): ParseResult {
  const values = statements(text);
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
