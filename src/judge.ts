/**
 * The judge format of the "8 Queens Problem" (AOJ ALDS1_13_A).
 *
 * Input: a line `k`, then k lines `r c`, the 0-based squares of queens already placed on an 8x8
 * board. Output: the board completed to 8 non-attacking queens, 8 lines of `Q` and `.`.
 * The judge promises distinct rows and columns and exactly one completion; this module says so
 * when an input breaks those promises.
 */
import {
  conflicts,
  describeConflict,
  type PartialBoard,
  type Queen,
  type Solution,
} from "./board.js";
import { completeOne } from "./complete.js";
import { NQueensError } from "./errors.js";
import { formatBoard } from "./format.js";
import type { ParseErrorCode } from "./parse.js";

/** The judge's board size. */
export const JUDGE_SIZE = 8;

/** The queens a judge input places, or why the input is malformed (one line, naming the value). */
export type JudgeParseResult =
  | { readonly ok: true; readonly board: PartialBoard }
  | { readonly ok: false; readonly error: string; readonly code: ParseErrorCode };

/**
 * Reads a judge input: `k`, then k lines `r c` (0-based). Blank lines are ignored; line numbers
 * in messages count every line from 1. Malformed: k not a whole number in 0..8, a number of
 * lines other than k, a line that is not two whole numbers, a row or column outside 0..7, two
 * queens in one row or one column.
 * @example parseJudgeInput("2\n2 2\n5 3")
 * // { ok: true, board: { n: 8, queens: [{ row: 2, col: 2 }, { row: 5, col: 3 }] } }
 * @example parseJudgeInput("1\n9 0")
 * // { ok: false, code: "range", error: "line 2: row 9 is outside 0..7" }
 */
export function parseJudgeInput(text: string): JudgeParseResult {
  const bad = (code: ParseErrorCode, error: string): JudgeParseResult => ({
    ok: false,
    error,
    code,
  });
  const lines = text
    .split(/\r?\n|\r/)
    .map((t, i) => ({ words: t.trim().split(/\s+/).filter(Boolean), no: i + 1, text: t.trim() }))
    .filter((l) => l.words.length > 0);
  const [head, ...body] = lines;
  if (head === undefined) return bad("empty", "empty input");
  const k = /^\d+$/.test(head.text) ? Number(head.text) : Number.NaN;
  if (!(k >= 0 && k <= JUDGE_SIZE)) {
    return bad(
      "syntax",
      `line ${head.no}: k must be a whole number from 0 to ${JUDGE_SIZE}: got '${head.text}'`,
    );
  }
  if (body.length !== k) {
    return bad(
      "syntax",
      `expected ${k} line${k === 1 ? "" : "s"} 'r c' after k = ${k}, got ${body.length}`,
    );
  }
  const rowAt = new Map<number, number>();
  const colAt = new Map<number, number>();
  const queens: Queen[] = [];
  for (const l of body) {
    if (l.words.length !== 2 || !l.words.every((w) => /^[+-]?\d+$/.test(w))) {
      return bad("syntax", `line ${l.no}: expected two numbers 'r c', got '${l.text}'`);
    }
    const [row, col] = l.words.map(Number) as [number, number];
    for (const [what, v] of [
      ["row", row],
      ["column", col],
    ] as const) {
      if (v < 0 || v >= JUDGE_SIZE) {
        return bad("range", `line ${l.no}: ${what} ${v} is outside 0..${JUDGE_SIZE - 1}`);
      }
    }
    const rowLine = rowAt.get(row);
    if (rowLine !== undefined) {
      return bad("duplicate", `line ${l.no}: row ${row} already has a queen (line ${rowLine})`);
    }
    const colLine = colAt.get(col);
    if (colLine !== undefined) {
      return bad("duplicate", `line ${l.no}: column ${col} already has a queen (line ${colLine})`);
    }
    rowAt.set(row, l.no);
    colAt.set(col, l.no);
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
 * Answers a judge input: the 8 lines of the completed board, each ending in a newline, or
 * undefined when the placed queens cannot be completed.
 * @throws NQueensError with the message of {@link parseJudgeInput} when the input is malformed
 * @example solveJudge("2\n2 2\n5 3\n")
 * // "......Q.\nQ.......\n..Q.....\n.......Q\n.....Q..\n...Q....\n.Q......\n....Q...\n"
 */
export function solveJudge(text: string): string | undefined {
  const parsed = parseJudgeInput(text);
  if (!parsed.ok) throw new NQueensError(parsed.error);
  const answer = completeJudge(parsed.board);
  return answer.ok ? answer.output : undefined;
}
