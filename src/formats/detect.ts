/**
 * Telling a board's format from its text, for {@link parseBoard} when no format is named.
 *
 * The formats (the names `--format` and `--format-in` share), and how {@link parseBoard} tells
 * them apart when no format is named (first rule that applies; anything it cannot tell apart
 * safely is refused with code `ambiguous` rather than guessed):
 * - nothing but white space and separators (`,` `;`): `empty`.
 * - `json` (starts with `{` or `[`): `{"n":8,"cols":[0,4,...]}` (`null` for a row without a
 *   queen; other fields such as `index` are ignored), `{"n":8,"queens":[{"row":0,"col":0}]}`, a
 *   bare list of columns `[0,4,...]`, or a 0/1 matrix `[[1,0],[0,1]]`.
 * - `csplib` (a line starts with `letting` or `language ESSENCE`, or states `init`, `blocks`,
 *   `diags` or `numdiags`): a CSPLib parameter file.
 * - `grid` / `unicode` (a line starts with `+` or a box-drawing corner): `+---+` borders between
 *   rows of `| Q |   |` cells (what the `grid` and `unicode` styles write).
 * - `cells` (a line holds `|`): `|Q| |X| |X|`, each square in its own bars (the Java tutorial).
 *   In `grid` and `cells` a blank square or `X` is empty; a cell holds one symbol.
 * - `lines` or `squares` after a size line `n 8` (also `n=8`, `n: 8`).
 * - `lines` when the input holds `(`: coordinate pairs `(r, c)`, any number per line.
 * - `squares` (the first word looks like `a1`): `a1 e2 h3 ...`, file = column (`a` = 0, past
 *   `z` come `aa`, `ab`, ...), rank = row + 1, as `lists.ts` writes them. Without a size line n
 *   is the number of queens.
 * - One line of numbers: `perm` (0-based, `-` for a row without a queen) or `perm1` (when the
 *   line holds n and no 0). A partial line that is a board both ways (no 0, no n: `- 3 - 1`) is
 *   refused with code `ambiguous-permutation`: name `perm` or `perm1` for it. A line
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
import { quote } from "../errors.js";
import { MAX_PARSE_N } from "../limits.js";
import { CSPLIB_LINE, CSPLIB_START } from "./csplib.js";
import { BAR, BORDER_START, BOX } from "./grid.js";
import { SIZE_LINE, SQUARE } from "./lists.js";
import { matrixStyle } from "./matrix.js";
import {
  checkText,
  clean,
  eachWord,
  fail,
  firstWord,
  guarded,
  inputLines,
  integerAt,
  type Line,
  numbersOnly,
  type ParseErrorCode,
  wordCount,
} from "./read.js";
import type { BoardForm } from "./table.js";

/**
 * What a one-line permutation says of its base, read without building its words (a line may
 * hold a million): `perm1` when one word is the number of words itself and none is `0`; `both`
 * when it is a board both as 0-based and as 1-based columns: it has a row without a queen (`-`),
 * a queen, no column 0 (which only `perm` has) and no column n (which only `perm1` has), every
 * column in 1..n-1. A whole line is never both: a permutation of 0..n-1 holds 0, one of 1..n
 * holds n.
 */
function permBase(line: string): "perm" | "perm1" | "both" {
  let n = 0;
  eachWord(line, () => {
    n++;
  });
  const count = String(n);
  let hasCount = false;
  let hasZero = false;
  let holes = 0;
  let middle = true; // every column in 1..n-1, written as digits after an optional '+'
  eachWord(line, (start, end) => {
    const c = line.charCodeAt(start);
    if (end - start === count.length && line.startsWith(count, start)) hasCount = true;
    if (end - start === 1 && c === 48) hasZero = true;
    if (end - start === 1 && c === 45) {
      holes++;
      return;
    }
    const v = c === 45 ? Number.NaN : integerAt(line, start, end);
    if (!(v >= 1 && v <= n - 1)) middle = false;
  });
  if (hasCount && !hasZero) return "perm1";
  return holes > 0 && holes < n && middle ? "both" : "perm";
}

/** The format of an input (its text without a byte-order mark, and its lines), or a Failure. */
export function detect(text: string, lines: readonly Line[]): BoardForm {
  const t = text.trimStart();
  if (t.startsWith("{") || t.startsWith("[")) return "json";
  if (CSPLIB_START.test(t) || CSPLIB_LINE.test(t)) return "csplib";
  if (lines.some((l) => BORDER_START.test(l.text))) {
    return lines.some((l) => BOX.test(l.text)) ? "unicode" : "grid";
  }
  if (lines.some((l) => BAR.test(l.text))) return "cells";
  const sized = SIZE_LINE.test(lines[0]?.text ?? "");
  const body = sized ? lines.slice(1) : lines;
  const first = firstWord(body[0]?.text ?? "");
  if (first !== undefined && SQUARE.test(first)) return "squares";
  if (sized) return "lines";
  if (lines.some((l) => l.text.includes("("))) return "lines";
  const numeric = lines.every((l) => numbersOnly(l.text));
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
    const base = permBase(line);
    if (base === "perm1") return "perm1";
    if (base === "both") {
      fail(
        "ambiguous-permutation",
        `${quote(line)} reads as 0-based columns (perm) and as 1-based ones (perm1), two different boards; name the format (perm or perm1)`,
      );
    }
    return "perm";
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
 * @param text - a board's text
 * @returns `ok` with the format, or why the format cannot be told (`error`, `code`)
 * @example detectForm("0 4 7 5 2 6 1 3") // { ok: true, form: "perm" }
 * @example detectForm("(0,1) (1,3) (2,0) (3,2)") // { ok: true, form: "lines" }
 */
export function detectForm(
  text: string,
):
  | { readonly ok: true; readonly form: BoardForm }
  | { readonly ok: false; readonly error: string; readonly code: ParseErrorCode } {
  return guarded(() => {
    checkText(text);
    const t = clean(text);
    return { ok: true as const, form: detect(t, inputLines(t)) };
  });
}
