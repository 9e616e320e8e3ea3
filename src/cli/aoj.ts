/**
 * `nqueens aoj`: the AOJ ALDS1_13_A "8 Queens Problem" as the judge runs it: `k` and k lines
 * `r c` on stdin, the completed board's 8 lines of `Q` and `.` on stdout, nothing else. The same
 * as `nqueens judge aoj` (judge.ts), kept under its own name.
 */

import { runJudge } from "./judge.js";
import type { Register } from "./register.js";

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
Exit status: 0 answered, 1 the queens cannot be completed: they attack each other
or no solution holds them (one line on stderr), 2 malformed input: k not 0..8, the
wrong number of lines, a line that is not "r c", a square off the board, two queens
on one square (one line on stderr). Same as "nqueens judge aoj".

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
      exit(await runJudge("aoj", file));
    });
};
