/**
 * `nqueens aoj`: the AOJ ALDS1_13_A "8 Queens Problem" as the judge runs it: `k` and k lines
 * `r c` on stdin, the completed board's 8 lines of `Q` and `.` on stdout, nothing else.
 */
import { NQueensError } from "../errors.js";
import { completeJudge, parseJudgeInput } from "../judge.js";
import type { Register } from "./commands.js";
import { readInput } from "./input.js";
import { stdout } from "./output.js";

export const registerAoj: Register = (program, exit) => {
  program
    .command("aoj")
    .description("the AOJ ALDS1_13_A 8 Queens Problem: complete the judge's board from stdin")
    .argument("[file]", "the judge's input; - or nothing for stdin", "-")
    .addHelpText(
      "after",
      `
Input: k, then k lines "r c" (0-based) of queens already on the 8x8 board.
Output: the completed board, 8 lines of Q and ., and nothing else.
Exit status: 0 answered, 1 the queens cannot be completed (one line on stderr),
2 malformed input (one line on stderr).

Example:
  $ printf '2\\n2 2\\n5 3\\n' | nqueens aoj
  ......Q.
  Q.......
  ..Q.....
  .......Q
  .....Q..
  ...Q....
  .Q......
  ....Q...`,
    )
    .action(async (file: string) => {
      const parsed = parseJudgeInput(await readInput(file));
      if (!parsed.ok) throw new NQueensError(parsed.error);
      const answer = completeJudge(parsed.board);
      if (answer.ok) {
        await stdout().text(answer.output);
        exit(0);
      } else {
        process.stderr.write(`nqueens: ${answer.reason}\n`);
        exit(1);
      }
    });
};
