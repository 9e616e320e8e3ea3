/**
 * `nqueens check [FILE|-]`: whether a board is a full solution; every pair of attacking queens
 * and the rows still without a queen.
 */
import { Option } from "commander";
import { boardProblems, conflicts, describeConflict, type PartialBoard } from "../board.js";
import { NQueensError } from "../errors.js";
import { parseJudgeInput } from "../judge.js";
import { BOARD_FORMS, parseBoard, parseBoardAs } from "../parse.js";
import type { Register } from "./commands.js";
import { readInput } from "./input.js";
import { say, sayJson } from "./output.js";

/** The forms `--format-in` accepts: detection, the forms of parse.ts, and the judge's. */
const FORMS_IN = ["auto", ...BOARD_FORMS, "judge"] as const;
type FormIn = (typeof FORMS_IN)[number];

/** Rows without a queen listed in the text report before "and N more". */
const MAX_ROWS_LISTED = 20;

interface CheckFlags {
  json?: boolean;
  formatIn: FormIn;
}

/**
 * The board in `text`, read as `form`. In `auto` mode an input that no board form reads but the
 * judge's form does (`k`, then k lines `r c`) is read as the judge's 8x8 board.
 */
function readBoard(text: string, form: FormIn): { board: PartialBoard; form: string } {
  if (form === "judge") {
    const r = parseJudgeInput(text);
    if (!r.ok) throw new NQueensError(r.error);
    return { board: r.board, form };
  }
  const r = form === "auto" ? parseBoard(text) : parseBoardAs(text, form);
  if (r.ok) return { board: r.board, form: r.form };
  if (form === "auto" && r.code === "syntax") {
    const judge = parseJudgeInput(text);
    if (judge.ok) return { board: judge.board, form: "judge" };
  }
  throw new NQueensError(r.error);
}

export const registerCheck: Register = (program, exit) => {
  program
    .command("check")
    .description("check a board read from FILE or stdin: exit 0 for a solution, 1 if not")
    .argument("[file]", "the board, in any form nqueens reads; - for stdin", "-")
    .addOption(
      new Option("--format-in <form>", "the input's form, instead of detecting it")
        .choices(FORMS_IN)
        .default("auto"),
    )
    .option("--json", "print {n, solution, queens, conflicts, missing, emptyRows, form}")
    .addHelpText(
      "after",
      `
A solution has n queens on the n x n board, none attacking another. Otherwise every
attacking pair is listed, as (row, col) from 0, and the rows still without a queen.

Input forms (detected unless --format-in says): a matrix of Q and . (or * - _ 1 0),
with or without spaces; |Q| |X| cells; +---+ grids; "r c" lines, 0-based, after an
optional "n 8" line (without it n is the number of queens); a permutation such as
"0 4 7 5 2 6 1 3" (- for an empty row); chess squares "a1 e2 ..."; the JSON that
--format json prints; the judge's "k, then k lines r c" (an 8x8 board).

Exit status: 0 a solution, 1 not a solution, 2 input that cannot be read.

Examples:
  $ echo "0 4 7 5 2 6 1 3" | nqueens check          a solution: exit 0
  $ nqueens check board.txt --json
  $ printf 'Q...\\n.Q..\\n....\\n....\\n' | nqueens check
      names the pair (0, 0) and (1, 1) and the 2 empty rows, exit 1`,
    )
    .action(async (file: string, flags: CheckFlags) => {
      const { board, form } = readBoard(await readInput(file), flags.formatIn);
      const problem = boardProblems(board)[0];
      if (problem) throw new NQueensError(problem);
      const n = board.n;
      const found = conflicts(board);
      const filled = new Set(board.queens.map((q) => q.row));
      const emptyRows: number[] = [];
      for (let r = 0; r < n; r++) if (!filled.has(r)) emptyRows.push(r);
      const missing = Math.max(0, n - board.queens.length);
      const solution = found.length === 0 && board.queens.length === n;
      if (flags.json) {
        await sayJson({
          n,
          solution,
          queens: board.queens.length,
          conflicts: found,
          missing,
          emptyRows,
          form,
        });
      } else {
        const k = board.queens.length;
        await say(
          `${n}x${n} board, ${k} queen${k === 1 ? "" : "s"}: ${solution ? "a solution" : "not a solution"}`,
        );
        if (found.length > 0) {
          await say(`${found.length} conflict${found.length === 1 ? "" : "s"}:`);
          for (const c of found) await say(`  ${describeConflict(c)}`);
        }
        const notes: string[] = [];
        if (missing > 0) notes.push(`${missing} queen${missing === 1 ? "" : "s"} missing`);
        if (emptyRows.length > 0) {
          const listed = emptyRows.slice(0, MAX_ROWS_LISTED).join(", ");
          const more =
            emptyRows.length > MAX_ROWS_LISTED
              ? ` and ${emptyRows.length - MAX_ROWS_LISTED} more`
              : "";
          const rows = emptyRows.length === 1 ? "row" : "rows";
          notes.push(`${rows} without a queen: ${listed}${more}`);
        }
        if (notes.length > 0) await say(notes.join("; "));
      }
      exit(solution ? 0 : 1);
    });
};
