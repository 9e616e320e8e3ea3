/**
 * LeetCode 51 "N-Queens" and 52 "N-Queens II".
 *
 * Input (both): n, as a bare number (`4`, LeetCode's test-case box) or as the problem's examples
 * write it (`n = 4`). LeetCode's own tests keep 1 <= n <= 9; here 51 takes n up to
 * {@link MAX_LEETCODE51_N} (14,200 boards, about 2.5 MB of JSON) and 52 up to
 * {@link MAX_LEETCODE52_N} (about a second).
 * Output: 51 prints every solution as LeetCode shows its answer, a JSON list of boards, each a
 * list of rows such as `".Q.."`, without spaces, in lexicographic order of the queens' columns
 * (the order of LeetCode's example); 52 prints the number of solutions. n = 2 and 3 have none:
 * `[]` and `0`, answers like any other.
 */
import { countCompletions } from "../completion/browser.js";
import { quote } from "../errors.js";
import { solutions } from "../solutions.js";
import { areLines, inputLines, type JudgeResult, malformed, notTextInput } from "./common.js";

/** The largest n `leetcode51` lists (LeetCode's tests go to 9). */
export const MAX_LEETCODE51_N = 12;

/** The largest n `leetcode52` counts (LeetCode's tests go to 9). */
export const MAX_LEETCODE52_N = 15;

/** `4`, `n = 4`, `n=4`. */
const N_INPUT = /^(?:n\s*=\s*)?\+?(\d+)$/i;

/** The n of a LeetCode input, or why the input is malformed. */
function readN(input: string, max: number): number | JudgeResult {
  const odd = notTextInput(input);
  if (odd !== undefined) return odd;
  const lines = inputLines(input);
  if (!areLines(lines)) return lines;
  const [line, extra] = lines;
  if (line === undefined) return malformed("empty", "empty input");
  if (extra !== undefined) {
    return malformed(
      "syntax",
      `line ${extra.no}: expected one line with n, got another: ${quote(extra.text)}`,
    );
  }
  const m = N_INPUT.exec(line.text);
  if (!m) {
    return malformed(
      "syntax",
      `line ${line.no}: expected n as a whole number, '4' or 'n = 4': got ${quote(line.text)}`,
    );
  }
  const n = Number(m[1]);
  if (!(n >= 1 && n <= max)) {
    return malformed(
      "size",
      `line ${line.no}: n must be from 1 to ${max} (LeetCode's tests go to 9): got ${quote(m[1]!)}`,
    );
  }
  return n;
}

/** One board as LeetCode writes it: a row string per row, `Q` for the queen, `.` elsewhere. */
function rowsOf(cols: readonly number[]): string[] {
  const n = cols.length;
  return cols.map((c) => `${".".repeat(c)}Q${".".repeat(n - 1 - c)}`);
}

/**
 * Answers LeetCode 51 "N-Queens": every solution for n, as one line of JSON (a list of boards,
 * each a list of row strings), in lexicographic order of the columns, ending in a newline.
 * @param input - n (`4`, or `n = 4`)
 * @returns the judge's result: `ok` with the `output` to print, a "no" with its `output` and why
 *   (`error`), or why the input is malformed (`code`, `error`)
 * @example solveLeetcode51("n = 4")
 * // { ok: true, output: '[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]\n' }
 * @example solveLeetcode51("13").ok // false: n must be from 1 to 12
 */
export function solveLeetcode51(input: string): JudgeResult {
  const n = readN(input, MAX_LEETCODE51_N);
  if (typeof n !== "number") return n;
  const boards: string[][] = [];
  for (const cols of solutions(n)) boards.push(rowsOf(cols));
  return { ok: true, output: `${JSON.stringify(boards)}\n` };
}

/**
 * Answers LeetCode 52 "N-Queens II": the number of solutions for n, ending in a newline.
 * @param input - n (`4`, or `n = 4`)
 * @returns the judge's result: `ok` with the `output` to print, a "no" with its `output` and why
 *   (`error`), or why the input is malformed (`code`, `error`)
 * @example solveLeetcode52("4") // { ok: true, output: "2\n" }
 */
export function solveLeetcode52(input: string): JudgeResult {
  const n = readN(input, MAX_LEETCODE52_N);
  if (typeof n !== "number") return n;
  return { ok: true, output: `${countCompletions({ n, queens: [] })}\n` };
}
