/**
 * The judge step's box as values: a judge input (AOJ ALDS1_13_A: `k`, then k lines `r c`,
 * 0-based) solved on the page by the library's judge (`solveAoj`, the same answer as
 * `nqueens aoj`), the board its output draws, the queens the input gave, and the Play state that
 * opens that board. Pure; model.test.ts tests it without a browser.
 */
import type { Queen } from "../../board.js";
import { parseAojInput, solveAoj } from "../../judges/index.js";
import { DEFAULT_STATE, type PageState } from "../state.js";

/** The judge's sample input, prefilled in the box. */
export const JUDGE_SAMPLE = "2\n2 2\n5 3\n";

/** The judge's board size. */
const JUDGE_N = 8;

/** What the box shows for one input. */
export type JudgeRun =
  | {
      readonly ok: true;
      /** The judge's output, byte for byte. */
      readonly output: string;
      /** The queens the input placed, and the completed board (columns by row). */
      readonly given: readonly Queen[];
      readonly cols: readonly number[];
    }
  /** A "no" (the queens cannot be completed) or a malformed input, with the library's reason. */
  | { readonly ok: false; readonly no: boolean; readonly error: string };

/** Solves one judge input with the library, as the judge would. */
export function runJudge(input: string): JudgeRun {
  const r = solveAoj(input);
  if (!r.ok) return { ok: false, no: r.code === "no", error: r.error };
  const parsed = parseAojInput(input);
  const given = parsed.ok ? parsed.board.queens : [];
  // The output is 8 lines of `Q` and `.`: the queen's column is where its `Q` stands.
  const cols = r.output
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => l.indexOf("Q"));
  return { ok: true, output: r.output, given, cols };
}

/** Play with the completed board (`lesson=judge` for the way back). */
export function judgePlayState(run: JudgeRun): PageState | null {
  if (!run.ok) return null;
  return {
    ...DEFAULT_STATE,
    mode: "play",
    n: JUDGE_N,
    queens: run.cols.map((col, row) => ({ row, col })),
    lesson: "judge",
  };
}
