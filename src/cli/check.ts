/**
 * `nqueens check [FILE|-]`: whether a board is a full solution; the attacking pairs (counted in
 * one pass, the first 20 listed) and the rows still without a queen.
 */
import { conflictSummary, describeConflict } from "../board.js";
import { plural, thousands } from "../words.js";
import { say, sayJson } from "./output.js";
import { formatInOption, readBoard } from "./read-board.js";
import type { Register } from "./register.js";

/** Conflicts and empty rows listed in the report before "and K more". */
const MAX_LISTED = 20;

interface CheckFlags {
  json?: boolean;
  formatIn: string;
  quiet?: boolean;
}

export const registerCheck: Register = (program, exit) => {
  program
    .command("check")
    .description("check a board read from FILE or stdin: exit 0 for a solution, 1 if not")
    .argument("[file]", "the board, in any format nqueens reads; - for stdin", "-")
    .addOption(formatInOption())
    .option("-q, --quiet", "no note on stderr about the detected format")
    .option("--json", "print one JSON object (its fields: docs/command.md, JSON output)")
    .addHelpText(
      "after",
      `
A solution has n queens on the n x n board, none attacking another. Otherwise the
pairs of queens that share a line are counted (the first ${MAX_LISTED} listed, as (row, col)
from 0) and the rows still without a queen are named.

Input formats (detected unless --format-in names one; the detected one is noted on
stderr): a matrix of Q and . (dots, compact), * (stars) or 1 and 0 (binary);
|Q| |X| cells; +---+ grids (grid, unicode); "r c" lines or (r, c) pairs, 0-based,
after an optional "n 8" line (lines); a permutation "0 4 7 5 2 6 1 3" (perm, - for an
empty row; perm1 for 1-based); chess squares "a1 e2 ..." (squares); the judge's
"k, then k lines r c" (aoj, an 8x8 board); JSON as --format json prints it (json).

Exit status: 0 a solution, 1 not a solution, 2 input that cannot be read.

Examples:
  $ echo "0 4 7 5 2 6 1 3" | nqueens check          a solution: exit 0
  $ nqueens solve 1000000 --format perm | nqueens check
  $ nqueens check board.txt --json
  $ printf 'Q...\\n.Q..\\n....\\n....\\n' | nqueens check
      names the pair (0, 0) and (1, 1) and the 2 empty rows, exit 1`,
    )
    .action(async (file: string, flags: CheckFlags) => {
      const { board, form } = await readBoard(file, flags.formatIn, flags.quiet);
      const n = board.n;
      const placed = board.queens.length;
      const summary = conflictSummary(board, MAX_LISTED);
      const filled = new Uint8Array(n);
      for (const q of board.queens) filled[q.row] = 1;
      const emptyRows: number[] = [];
      let empty = 0;
      for (let r = 0; r < n; r++) {
        if (filled[r]) continue;
        empty++;
        if (emptyRows.length < MAX_LISTED) emptyRows.push(r);
      }
      const missing = Math.max(0, n - placed);
      const solution = summary.total === 0 && placed === n;
      if (flags.json) {
        await sayJson({
          n,
          format: form,
          solution,
          placed,
          missing,
          conflicts: {
            total: summary.total,
            row: summary.byKind.row,
            column: summary.byKind.column,
            diagonal: summary.byKind.diagonal,
            "anti-diagonal": summary.byKind["anti-diagonal"],
            first: summary.first.map((c) => ({
              kind: c.kind,
              queens: [
                { row: c.a.row, col: c.a.col },
                { row: c.b.row, col: c.b.col },
              ],
            })),
          },
          emptyRows: { total: empty, first: emptyRows },
        });
        exit(solution ? 0 : 1);
        return;
      }
      await say(
        `${n}x${n} board, ${plural(placed, "queen")}: ${solution ? "a solution" : "not a solution"}`,
      );
      if (summary.total > 0) {
        await say(`${plural(summary.total, "conflict")}:`);
        for (const c of summary.first) await say(`  ${describeConflict(c)}`);
        const more = summary.total - summary.first.length;
        if (more > 0) {
          const kinds = Object.entries(summary.byKind)
            .filter(([, k]) => k > 0)
            .map(([kind, k]) => `${thousands(k)} on a ${kind}`)
            .join(", ");
          await say(`  and ${thousands(more)} more (pairs sharing a line: ${kinds})`);
        }
      }
      const notes: string[] = [];
      if (missing > 0) notes.push(`${plural(missing, "queen")} missing`);
      if (empty > 0) {
        const more =
          empty > emptyRows.length ? ` and ${thousands(empty - emptyRows.length)} more` : "";
        notes.push(
          `${empty === 1 ? "row" : "rows"} without a queen: ${emptyRows.join(", ")}${more}`,
        );
      }
      if (notes.length > 0) await say(notes.join("; "));
      exit(solution ? 0 : 1);
    });
};
