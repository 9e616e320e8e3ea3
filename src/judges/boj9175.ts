/**
 * BOJ 9175 "Who needs 8 Queens when you can have N?" (ACM ICPC North America regional): one
 * solution for each N, checked by the judges' validator (a special judge).
 *
 * Input: a line with the number of cases, then exactly that many lines, each one N from 4 to
 * 300. Output: for each case a line with N, then the solution as the column (from 0) of the
 * queen in each row, numbers separated by white space: any valid solution is accepted, on one
 * line or several. This module prints the explicit O(n) construction (`solve(n, { method:
 * "construct" })`), wrapped as the sample is: lines of at most 64 characters (65 with the space
 * after the last number), so N = 50 takes three lines. The sample's own solutions are others
 * (for 4 it prints `2 0 3 1`, this module `1 3 0 2`).
 * Malformed: a count or an N that is not one whole number, N outside 4..300, a number of lines
 * other than the count. Blank lines and white space around a number are ignored.
 */
import { quote } from "../errors.js";
import { MAX_BOJ9175_N } from "../limits.js";
import { solve } from "../solve.js";
import {
  accepted,
  areLines,
  inputLines,
  isResult,
  type JudgeResult,
  lineNumber,
  malformed,
  notTextInput,
  plural,
  whyNotSolution,
  wordReader,
  wrongAnswer,
} from "./common.js";

/** The smallest N of the statement. */
export const BOJ9175_MIN_N = 4;
/** The most characters of numbers on one output line, as in the sample. */
export const BOJ9175_LINE = 64;

/**
 * Numbers separated by single spaces, broken into lines of at most `width` characters (a number
 * longer than that gets a line of its own), each line ending in a newline.
 * @example wrapNumbers([10, 20, 30], 5) // "10 20\n30\n"
 */
export function wrapNumbers(values: readonly number[], width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const v of values) {
    const word = String(v);
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = "";
    }
    line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines.map((l) => `${l}\n`).join("");
}

/**
 * Answers a BOJ 9175 input: for each case N, then its solution, or why the input is malformed.
 * @param input - the problem's input
 * @returns the judge's result: `ok` with the `output` to print, a "no" with its `output` and why
 *   (`error`), or why the input is malformed (`code`, `error`)
 * @example solveBoj9175("1\n4\n") // { ok: true, output: "4\n1 3 0 2\n" }
 */
export function solveBoj9175(input: string): JudgeResult {
  const cases = boj9175Cases(input);
  if (!Array.isArray(cases)) return cases;
  let output = "";
  for (const n of cases) {
    output += `${n}\n${wrapNumbers(solve(n, { method: "construct" })!, BOJ9175_LINE)}`;
  }
  return { ok: true, output };
}

/**
 * Checks a contestant's output for a BOJ 9175 input, as the problem's special judge does: for
 * each case, N, then N columns (from 0) that place N queens no two of which attack, white space
 * of any kind between the numbers, nothing after the last case.
 * @param input - the problem's input: the number of cases, then each case's N
 * @param output - the contestant's output
 * @returns `ok` when the output is accepted, a "no" that says why not, or why the input is
 *   malformed
 * @example checkBoj9175("1\n4\n", "4\n2 0 3 1\n") // { ok: true, output: "accepted\n" }
 */
export function checkBoj9175(input: string, output: string): JudgeResult {
  const cases = boj9175Cases(input);
  if (!Array.isArray(cases)) return cases;
  const odd = notTextInput(output);
  if (odd !== undefined) return odd;
  // Word by word, whatever the lines: one case's words kept at a time.
  const next = wordReader(output);
  for (const [i, n] of cases.entries()) {
    const which = `case ${i + 1} (N = ${n})`;
    const first = next();
    if (first !== String(n)) {
      return wrongAnswer(
        `${which}: expected the line ${n} first, got ${first === undefined ? "the end of the output" : quote(first)}`,
      );
    }
    const cols: string[] = [];
    while (cols.length < n) {
      const w = next();
      if (w === undefined) break;
      cols.push(w);
    }
    if (cols.length < n)
      return wrongAnswer(`${which}: the output ends after ${cols.length} of ${n} columns`);
    const why = whyNotSolution(cols, 0, "row");
    if (why !== undefined) return wrongAnswer(`${which}: ${why}`);
  }
  const extra = next();
  if (extra !== undefined)
    return wrongAnswer(`the output goes on after the last case: ${quote(extra)}`);
  return accepted();
}

/** The N of each case of a BOJ 9175 input, or why it is malformed. */
function boj9175Cases(input: string): number[] | JudgeResult {
  const odd = notTextInput(input);
  if (odd !== undefined) return odd;
  const lines = inputLines(input);
  if (!areLines(lines)) return lines;
  const [head, ...body] = lines;
  if (head === undefined) return malformed("empty", "empty input");
  const cases = lineNumber(head, "the number of cases", 0, Number.MAX_SAFE_INTEGER);
  if (isResult(cases)) return cases;
  if (body.length !== cases) {
    const extra = body[cases];
    return malformed(
      "syntax",
      `expected ${plural(cases, "line")} with N after the count ${cases}, got ${body.length}${extra ? ` (line ${extra.no}: ${quote(extra.text)})` : ""}`,
    );
  }
  const ns: number[] = [];
  for (const line of body) {
    const n = lineNumber(line, "N", BOJ9175_MIN_N, MAX_BOJ9175_N);
    if (isResult(n)) return n;
    ns.push(n);
  }
  return ns;
}
