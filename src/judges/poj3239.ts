/**
 * POJ 3239 "Solution to the n Queens Puzzle": one solution for each n.
 *
 * Input: test cases, each a line with one n from 8 to 300, ended by a line `0`. Output: for each
 * case one line, a permutation of 1..n whose i-th number is the row (from 1) of the queen in
 * column i. The sample answers 8 with `5 3 1 6 8 2 4 7`, which is not the lexicographically
 * first solution (that is `1 5 8 6 3 7 2 4`) nor any other canonical one: the statement asks for
 * "your solution" and the judge accepts any valid one. This module answers with the explicit
 * O(n) construction (`solve(n, { method: "construct" })`), so for 8 it prints
 * `6 1 5 2 8 3 7 4`, a different valid answer.
 * Malformed: a line that is not one whole number, n outside 8..300, no closing `0`, anything
 * after it. Blank lines and white space around a number are ignored.
 */
import { quote } from "../errors.js";
import { MAX_POJ3239_N } from "../limits.js";
import { solve } from "../solve.js";
import {
  accepted,
  areLines,
  firstLines,
  inputLines,
  isResult,
  type JudgeResult,
  lineNumber,
  malformed,
  notTextInput,
  plural,
  whyNotSolution,
  wordCount,
  wordsOf,
  wrongAnswer,
} from "./common.js";

/** The smallest n of the statement. */
export const POJ3239_MIN_N = 8;

/**
 * The answer line for one n: the row (from 1) of the queen in each column, from column 1.
 * @example poj3239Line(8) // "6 1 5 2 8 3 7 4"
 */
function poj3239Line(n: number): string {
  const cols = solve(n, { method: "construct" })!; // n >= 8: a solution exists
  const rows = new Array<number>(n);
  cols.forEach((col, row) => {
    rows[col] = row + 1;
  });
  return rows.join(" ");
}

/**
 * Answers a POJ 3239 input: one line per test case, or why the input is malformed.
 * @param input - the problem's input
 * @returns the judge's result: `ok` with the `output` to print, a "no" with its `output` and why
 *   (`error`), or why the input is malformed (`code`, `error`)
 * @example solvePoj3239("8\n0\n") // { ok: true, output: "6 1 5 2 8 3 7 4\n" }
 * @example solvePoj3239("8\n").ok // false: the input must end with a line 0
 */
export function solvePoj3239(input: string): JudgeResult {
  const cases = poj3239Cases(input);
  if (!Array.isArray(cases)) return cases;
  return { ok: true, output: cases.map((n) => `${poj3239Line(n)}\n`).join("") };
}

/**
 * Checks a contestant's output for a POJ 3239 input, as the problem's special judge does: for
 * each case one line of n numbers, the row (from 1) of each column's queen, no two queens
 * attacking; blank lines ignored, nothing after the last case.
 * @param input - the problem's input: one n per line
 * @param output - the contestant's output
 * @returns `ok` when the output is accepted, a "no" that says why not, or why the input is
 *   malformed
 * @example checkPoj3239("8\n0\n", "5 3 1 6 8 2 4 7\n") // { ok: true, output: "accepted\n" }
 */
export function checkPoj3239(input: string, output: string): JudgeResult {
  const cases = poj3239Cases(input);
  if (!Array.isArray(cases)) return cases;
  const odd = notTextInput(output);
  if (odd !== undefined) return odd;
  const lines = firstLines(output, cases.length + 1); // one past the last case is wrong already
  for (const [i, n] of cases.entries()) {
    const which = `case ${i + 1} (n = ${n})`;
    const line = lines[i];
    if (line === undefined) return wrongAnswer(`${which}: the output has no line for it`);
    const words = wordsOf(line.text, n + 1);
    if (words.length !== n) {
      return wrongAnswer(
        `${which}: line ${line.no} has ${plural(wordCount(line.text), "number")}, expected ${n}`,
      );
    }
    const why = whyNotSolution(words, 1, "column");
    if (why !== undefined) return wrongAnswer(`${which}, line ${line.no}: ${why}`);
  }
  const extra = lines[cases.length];
  if (extra !== undefined) {
    return wrongAnswer(`line ${extra.no} goes on after the last case: ${quote(extra.text)}`);
  }
  return accepted();
}

/** The n of each case of a POJ 3239 input, or why it is malformed. */
function poj3239Cases(input: string): number[] | JudgeResult {
  const odd = notTextInput(input);
  if (odd !== undefined) return odd;
  const lines = inputLines(input);
  if (!areLines(lines)) return lines;
  if (lines.length === 0) return malformed("empty", "empty input");
  const out: number[] = [];
  for (const [i, line] of lines.entries()) {
    const n = lineNumber(
      line,
      "n",
      0,
      MAX_POJ3239_N,
      `from ${POJ3239_MIN_N} to ${MAX_POJ3239_N}, or 0 to end`,
    );
    if (isResult(n)) return n;
    if (n === 0) {
      const after = lines[i + 1];
      if (after !== undefined) {
        return malformed(
          "syntax",
          `line ${after.no}: nothing may follow the closing 0 (line ${line.no}): got ${quote(after.text)}`,
        );
      }
      return out;
    }
    if (n < POJ3239_MIN_N) {
      return malformed(
        "size",
        `line ${line.no}: n must be from ${POJ3239_MIN_N} to ${MAX_POJ3239_N}, or 0 to end: got ${quote(line.text)}`,
      );
    }
    out.push(n);
  }
  return malformed(
    "syntax",
    `the input must end with a line 0 (after line ${lines[lines.length - 1]!.no})`,
  );
}
