/**
 * AOJ ALDS1_13_A "8 Queens Problem": complete the judge's 8x8 board.
 *
 * Input: a line `k`, then k lines `r c`, the 0-based squares of queens already placed on an 8x8
 * board. Output: the board completed to 8 non-attacking queens, 8 lines of `Q` and `.`.
 * The judge promises queens that do not attack each other and exactly one completion. What this
 * module makes of an input that breaks those promises:
 * - malformed (exit 2): k not a whole number in 0..8, a number of lines other than k, a line that
 *   is not two whole numbers, a square off the board, two queens on one square;
 * - "no" (exit 1): queens on the board that attack each other (same row, column or diagonal), or
 *   that no solution contains.
 */
import {
  conflicts,
  describeConflict,
  type PartialBoard,
  type Queen,
  type Solution,
} from "../board.js";
import { completeOne } from "../completion/browser.js";
import { quote } from "../errors.js";
import { formatBoard, notText, type ParseErrorCode } from "../formats/index.js";
import { areLines, inputLines, type JudgeResult, plural, wordsOf } from "./common.js";

/** The judge's board size. */
export const JUDGE_SIZE = 8;

/** The queens an AOJ input places, or why the input is malformed (one line, naming the value). */
export type AojParseResult =
  | { readonly ok: true; readonly board: PartialBoard }
  | { readonly ok: false; readonly error: string; readonly code: ParseErrorCode };

/**
 * Reads an AOJ ALDS1_13_A input: `k`, then k lines `r c` (0-based). Blank lines are ignored; line numbers
 * in messages count every line from 1. Malformed: k not a whole number in 0..8, a number of
 * lines other than k, a line that is not two whole numbers, a row or column outside 0..7, two
 * queens on one square. Queens that attack each other are read as they are
 * (`completeJudge` says they cannot be completed).
 * @param text - the input
 * @returns `ok` with the 8 x 8 board it places, or why it is malformed (`error`, `code`)
 * @example parseAojInput("2\n2 2\n5 3")
 * // { ok: true, board: { n: 8, queens: [{ row: 2, col: 2 }, { row: 5, col: 3 }] } }
 * @example parseAojInput("1\n9 0")
 * // { ok: false, code: "range", error: "line 2: row 9 is outside 0..7" }
 */
export function parseAojInput(text: string): AojParseResult {
  const bad = (code: ParseErrorCode, error: string): AojParseResult => ({
    ok: false,
    error,
    code,
  });
  const odd = notText(text);
  if (odd !== undefined) return bad("syntax", odd);
  const lines = inputLines(text);
  if (!areLines(lines)) return lines;
  const [head, ...body] = lines;
  if (head === undefined) return bad("empty", "empty input");
  const k = /^\d+$/.test(head.text) ? Number(head.text) : Number.NaN;
  if (!(k >= 0 && k <= JUDGE_SIZE)) {
    return bad(
      "syntax",
      `line ${head.no}: k must be a whole number from 0 to ${JUDGE_SIZE}: got ${quote(head.text)}`,
    );
  }
  if (body.length !== k) {
    return bad("syntax", `expected ${plural(k, "line")} 'r c' after k = ${k}, got ${body.length}`);
  }
  const lineAt = new Map<number, number>();
  const queens: Queen[] = [];
  for (const l of body) {
    const words = wordsOf(l.text, 3);
    if (words.length !== 2 || !words.every((w) => /^[+-]?\d+$/.test(w))) {
      return bad("syntax", `line ${l.no}: expected two numbers 'r c', got ${quote(l.text)}`);
    }
    const [row, col] = words.map(Number) as [number, number];
    for (const [what, v, w] of [
      ["row", row, words[0]!],
      ["column", col, words[1]!],
    ] as const) {
      if (v < 0 || v >= JUDGE_SIZE) {
        const shown = w.length <= 12 ? String(v) : quote(w); // a 1000-digit row is not "Infinity"
        return bad("range", `line ${l.no}: ${what} ${shown} is outside 0..${JUDGE_SIZE - 1}`);
      }
    }
    const seen = lineAt.get(row * JUDGE_SIZE + col);
    if (seen !== undefined) {
      return bad(
        "duplicate",
        `line ${l.no}: square (${row}, ${col}) already has a queen (line ${seen})`,
      );
    }
    lineAt.set(row * JUDGE_SIZE + col, l.no);
    queens.push({ row, col });
  }
  return { ok: true, board: { n: JUDGE_SIZE, queens } };
}

/** A completed judge board and its output, or why the queens cannot be completed. */
export type JudgeAnswer =
  | { readonly ok: true; readonly cols: Solution; readonly output: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Completes the judge's placed queens to a full 8-queens solution. `output` is the judge's
 * answer: 8 lines of `Q` and `.`, each ending in a newline. When the queens attack each other
 * or no completion exists, `reason` says so in one line.
 * @example completeJudge({ n: 8, queens: [{ row: 2, col: 2 }, { row: 5, col: 3 }] }).ok // true
 * @example completeJudge({ n: 8, queens: [{ row: 2, col: 2 }, { row: 2, col: 5 }] })
 * // { ok: false, reason: "cannot be completed: queens at (2, 2) and (2, 5) share a row" }
 */
export function completeJudge(board: PartialBoard): JudgeAnswer {
  const clash = conflicts(board)[0];
  if (clash) return { ok: false, reason: `cannot be completed: ${describeConflict(clash)}` };
  const cols = completeOne(board);
  if (!cols) {
    const k = board.queens.length;
    return {
      ok: false,
      reason: `cannot be completed: no ${board.n}-queens solution contains ${k === 1 ? "this queen" : `these ${k} queens`}`,
    };
  }
  return { ok: true, cols, output: `${formatBoard(cols, "compact")}\n` };
}

/**
 * Answers an AOJ ALDS1_13_A input: the 8 lines of the completed board, a "no" when the placed
 * queens cannot be completed, or why the input is malformed.
 * @param input - the problem's input
 * @returns the judge's result: `ok` with the `output` to print, a "no" with its `output` and why
 *   (`error`), or why the input is malformed (`code`, `error`)
 * @example solveAoj("2\n2 2\n5 3\n")
 * // { ok: true, output: "......Q.\nQ.......\n..Q.....\n.......Q\n.....Q..\n...Q....\n.Q......\n....Q...\n" }
 * @example solveAoj("2\n0 0\n3 3\n")
 * // { ok: false, code: "no", output: "",
 * //   error: "cannot be completed: queens at (0, 0) and (3, 3) share a diagonal" }
 */
export function solveAoj(input: string): JudgeResult {
  const parsed = parseAojInput(input);
  if (!parsed.ok) return { ok: false, code: parsed.code, error: parsed.error };
  const answer = completeJudge(parsed.board);
  if (!answer.ok) return { ok: false, code: "no", error: answer.reason, output: "" };
  return { ok: true, output: answer.output };
}
