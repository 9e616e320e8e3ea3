/**
 * What every judge format shares: the result value a judge returns, and reading an input as
 * numbered lines of words.
 *
 * A judge never throws for bad input. It returns one of three results, which the command turns
 * into its exit status:
 * - `{ ok: true, output }`: the judge's answer, byte for byte (exit 0);
 * - `{ ok: false, code: "no", error, output }`: the input is well formed and the answer is "no"
 *   (queens that cannot be completed, a board that is not a solution); `output` is what the
 *   judge's format prints then (`invalid` for Kattis, nothing for AOJ) and `error` says why in
 *   one line (exit 1);
 * - `{ ok: false, code, error }` with a {@link ParseErrorCode}: the input is malformed; `error`
 *   is one line that names the place and quotes at most 40 characters of the bad value (exit 2).
 *   An input that is not a string at all is malformed too (`syntax`, `expected a string, got null`).
 */
import { conflictSummary, describeConflict } from "../board.js";
import { quote } from "../errors.js";
import type { ParseErrorCode } from "../formats/index.js";
import { nonBlankLines, notText } from "../formats/index.js";
import { MAX_JUDGE_LINES } from "../limits.js";
import { thousands } from "../words.js";

/** A judge's answer to one input: the output, a "no" with its reason, or why the input is malformed. */
export type JudgeResult =
  | { readonly ok: true; readonly output: string }
  | { readonly ok: false; readonly code: "no"; readonly error: string; readonly output: string }
  | { readonly ok: false; readonly code: ParseErrorCode; readonly error: string };

/** A malformed-input result. */
export function malformed(code: ParseErrorCode, error: string): JudgeResult {
  return { ok: false, code, error };
}

/**
 * The malformed result (`syntax`) for an input that is not a string (a judge may be called from
 * plain JavaScript with anything), or undefined for a string.
 * @example notTextInput(null) // { ok: false, code: "syntax", error: "expected a string, got null" }
 */
export function notTextInput(input: unknown): JudgeResult | undefined {
  const why = notText(input);
  return why === undefined ? undefined : malformed("syntax", why);
}

/** One non-blank line of an input: its number (counting every line from 1) and its text, trimmed. */
export interface InputLine {
  readonly no: number;
  readonly text: string;
}

/**
 * The non-blank lines of an input, trimmed, with their line numbers (LF, CRLF or CR endings),
 * or the malformed result (`size`) for an input of more than MAX_JUDGE_LINES of them: every
 * judge's input is far shorter, and the lines past the limit are never stored. The lines are
 * the input's text as it is: their words are split when a judge needs them ({@link wordsOf}),
 * never a copy of the whole input per stage.
 * @example inputLines("8\r\n\r\n 0 \n") // [{ no: 1, text: "8" }, { no: 3, text: "0" }]
 */
export function inputLines(text: string): InputLine[] | TooManyLines {
  const { lines, more } = nonBlankLines(text, MAX_JUDGE_LINES);
  if (more) {
    return {
      ok: false,
      code: "size",
      error: `the input has more than ${thousands(MAX_JUDGE_LINES)} non-blank lines, the limit for a judge's input`,
    };
  }
  return lines;
}

/** The malformed result of an input of too many lines (a judge's result, and AOJ's parse's). */
export interface TooManyLines {
  readonly ok: false;
  readonly code: "size";
  readonly error: string;
}

/**
 * The first `count` non-blank lines of a text, as {@link inputLines} reads them (the rest never
 * stored): for an output checked against the cases of its input.
 */
export function firstLines(text: string, count: number): InputLine[] {
  return nonBlankLines(text, count).lines;
}

/** Whether {@link inputLines} gave the lines rather than a result. */
export function areLines(value: InputLine[] | TooManyLines): value is InputLine[] {
  return Array.isArray(value);
}

/**
 * The first `max` words of a text (split at white space, as `\s` reads it), the rest never
 * split: a line of millions of words costs `max` strings.
 * @example wordsOf("1 3  0 2", 3) // ["1", "3", "0"]
 */
export function wordsOf(text: string, max: number): string[] {
  const words: string[] = [];
  const word = /\S+/g;
  while (words.length < max) {
    const m = word.exec(text);
    if (m === null) break;
    words.push(m[0]);
  }
  return words;
}

/** How many words a text has (split at white space), counted without keeping them. */
export function wordCount(text: string): number {
  let count = 0;
  const word = /\S+/g;
  while (word.exec(text) !== null) count++;
  return count;
}

/**
 * The words of a text one at a time (split at white space), none kept: for an output read word
 * by word whatever its lines.
 */
export function wordReader(text: string): () => string | undefined {
  const word = /\S+/g;
  return () => word.exec(text)?.[0];
}

/** A whole number without sign, as text: `8`, `008`. */
const WHOLE = /^\+?\d+$/;

/**
 * The value of a line that must hold one whole number from `min` to `max`, or the malformed
 * result that says what is wrong (`syntax` for a line that is not one number, `size` when it is
 * out of range), naming the line and quoting it.
 * @param what how the message names the number: `n`, `the number of cases`
 * @param range the message's words for the allowed values, when they are not just `min..max`
 * @example lineNumber({ no: 2, text: "5" }, "n", 8, 300) // 5 is out of range
 */
export function lineNumber(
  line: InputLine,
  what: string,
  min: number,
  max: number,
  range = `from ${min} to ${max}`,
): number | JudgeResult {
  if (!WHOLE.test(line.text)) {
    return malformed(
      "syntax",
      `line ${line.no}: expected ${what}, a whole number: got ${quote(line.text)}`,
    );
  }
  const value = Number(line.text);
  if (!(value >= min && value <= max)) {
    return malformed("size", `line ${line.no}: ${what} must be ${range}: got ${quote(line.text)}`);
  }
  return value;
}

/** Whether a value is a judge result (from {@link lineNumber}) rather than a number. */
export function isResult(value: number | JudgeResult): value is JudgeResult {
  return typeof value !== "number";
}

export { plural } from "../words.js";

/** The verdict of a checked answer: accepted, or a wrong answer and why (exit 1). */
export function accepted(): JudgeResult {
  return { ok: true, output: "accepted\n" };
}

/** A wrong answer, with why in one line. */
export function wrongAnswer(why: string): JudgeResult {
  return { ok: false, code: "no", error: `wrong answer: ${why}`, output: "wrong answer\n" };
}

/**
 * Why the words of an answer are not a solution of n queens, or undefined when they are one:
 * `words[i]` is, counted from `base`, the column of row i's queen (`by` "row") or the row of
 * column i's queen (`by` "column"). Checked in one pass (conflictSummary).
 * @example whyNotSolution(["1", "3", "0", "2"], 0, "row") // undefined
 */
export function whyNotSolution(
  words: readonly string[],
  base: 0 | 1,
  by: "row" | "column",
): string | undefined {
  const n = words.length;
  const queens = [];
  for (const [i, w] of words.entries()) {
    const v = /^\+?\d+$/.test(w) ? Number(w) - base : Number.NaN;
    if (!(v >= 0 && v < n)) {
      return `${quote(w)} is not a number from ${base} to ${n - 1 + base}`;
    }
    queens.push(by === "row" ? { row: i, col: v } : { row: v, col: i });
  }
  const first = conflictSummary({ n, queens }, 1).first[0];
  return first === undefined ? undefined : describeConflict(first);
}
