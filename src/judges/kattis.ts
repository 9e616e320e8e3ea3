/**
 * Kattis `8queens` "Eight Queens": is this board a solution?
 *
 * Input: 8 lines of 8 characters, `*` for a queen and `.` for an empty square. Note that `*` is a
 * QUEEN here, while the `stars` board style uses `*` for an empty square: this reader is its own.
 * Output: `valid` when the board holds exactly 8 queens and none attacks another, else
 * `invalid` (a "no", with the reason: how many queens, or the first two that attack each other).
 * Malformed: a number of lines other than 8, a line of another length, any other character.
 * Blank lines and white space around a line are ignored.
 */
import { conflicts, describeConflict, type Queen } from "../board.js";
import { quote } from "../errors.js";
import {
  areLines,
  inputLines,
  type JudgeResult,
  malformed,
  notTextInput,
  plural,
} from "./common.js";

/** The board size of the problem. */
const KATTIS_SIZE = 8;

/**
 * Answers a Kattis `8queens` input: `valid`, or `invalid` as a "no" result that says why.
 * @param input - the problem's input: 8 lines of 8 characters
 * @returns `ok` with `valid`, a "no" with `invalid` and why, or why the input is malformed
 * @example solveKattis("*.......\n......*.\n....*...\n.......*\n.*......\n...*....\n.....*..\n..*.....\n")
 * // { ok: true, output: "valid\n" }
 * @example solveKattis("*.......\n..*.....\n....*...\n......*.\n.*......\n.......*\n.....*..\n...*....\n")
 * // { ok: false, code: "no", output: "invalid\n",
 * //   error: "invalid: queens at (2, 4) and (5, 7) share a diagonal" }
 */
export function solveKattis(input: string): JudgeResult {
  const odd = notTextInput(input);
  if (odd !== undefined) return odd;
  const lines = inputLines(input);
  if (!areLines(lines)) return lines;
  if (lines.length === 0) return malformed("empty", "empty input");
  const queens: Queen[] = [];
  for (const [row, line] of lines.entries()) {
    if (row >= KATTIS_SIZE) {
      return malformed(
        "shape",
        `expected ${KATTIS_SIZE} lines of ${KATTIS_SIZE} squares, got ${lines.length} lines (line ${line.no}: ${quote(line.text)})`,
      );
    }
    // Square by square (code points), none kept: a line of millions costs nothing.
    let squares = 0;
    const stars: number[] = [];
    for (const ch of line.text) {
      if (ch !== "*" && ch !== ".") {
        return malformed(
          "symbol",
          `line ${line.no}: unknown symbol ${quote(ch)} at column ${squares + 1}; expected '*' (a queen) or '.' (an empty square)`,
        );
      }
      if (ch === "*" && squares < KATTIS_SIZE) stars.push(squares);
      squares++;
    }
    if (squares !== KATTIS_SIZE) {
      return malformed(
        "shape",
        `line ${line.no}: expected ${KATTIS_SIZE} squares, got ${squares}: ${quote(line.text)}`,
      );
    }
    for (const col of stars) queens.push({ row, col });
  }
  if (lines.length < KATTIS_SIZE) {
    return malformed(
      "shape",
      `expected ${KATTIS_SIZE} lines of ${KATTIS_SIZE} squares, got ${plural(lines.length, "line")}`,
    );
  }
  const invalid = (why: string): JudgeResult => ({
    ok: false,
    code: "no",
    error: `invalid: ${why}`,
    output: "invalid\n",
  });
  if (queens.length !== KATTIS_SIZE) {
    return invalid(`${plural(queens.length, "queen")} on the board, expected ${KATTIS_SIZE}`);
  }
  const clash = conflicts({ n: KATTIS_SIZE, queens })[0];
  if (clash) return invalid(describeConflict(clash));
  return { ok: true, output: "valid\n" };
}
