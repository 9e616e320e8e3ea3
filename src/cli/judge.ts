/**
 * `nqueens judge <problem> [file]`: a competitive-programming problem's input on stdin (or in
 * FILE), its output on stdout, byte for byte, and nothing else. The problems and their formats
 * are the library's (`judges/`); this file reads, prints and picks the exit status: 0 answered,
 * 1 the answer is "no" (one line on stderr, after the judge's own output if it has one, such as
 * Kattis's `invalid`), 2 malformed input (one line on stderr, nothing on stdout).
 */

import { NQueensError } from "../errors.js";
import { JUDGE_NAMES, JUDGES, type JudgeName, judge } from "../judges/index.js";
import { Argument } from "./commander.js";
import { readInput } from "./input.js";
import { stdout } from "./output.js";
import type { Register } from "./register.js";

/**
 * Answers one judge input from FILE (or stdin for `-`) and returns the exit status.
 * @throws NQueensError when the input is malformed (exit 2)
 */
export async function runJudge(name: JudgeName, file: string, check?: string): Promise<number> {
  const result = await answer(name, file, check);
  if (result.ok) {
    await stdout().text(result.output);
    return 0;
  }
  if (result.code !== "no") throw new NQueensError(result.error, "unreadable-input");
  if (result.output !== "") await stdout().text(result.output);
  process.stderr.write(`nqueens: ${result.error}\n`);
  return 1;
}

/** The judge's answer to the input, or with `check` its verdict on that output file. */
async function answer(name: JudgeName, file: string, check?: string) {
  const j = judge(name);
  if (check === undefined) return j.solve(await readInput(file));
  if (j.check === undefined) {
    throw new NQueensError(
      `--check is for the problems that accept any solution (${SPECIAL.join(", ")}): ${name} has one right output, so compare it with this command's`,
      "conflicting-options",
    );
  }
  if (check === "-" && file === "-") {
    throw new NQueensError(
      "--check -: the input and the output cannot both come from stdin",
      "conflicting-options",
    );
  }
  const input = await readInput(file);
  return j.check(input, await readInput(check));
}

/** The problems with a special judge, which --check checks. */
const SPECIAL = JUDGES.filter((j) => j.check !== undefined).map((j) => j.name);

/** The problems for --help: name and problem, then the input and output, indented. */
function problemsHelp(): string {
  const width = Math.max(...JUDGE_NAMES.map((n) => n.length)) + 2;
  const pad = " ".repeat(width + 2);
  return JUDGES.map(
    (j) => `  ${j.name.padEnd(width)}${j.problem}\n${pad}in:  ${j.input}\n${pad}out: ${j.output}`,
  ).join("\n");
}

export const registerJudge: Register = (program, exit) => {
  program
    .command("judge")
    .description("answer a judge's input: AOJ, LeetCode 51 and 52, Kattis, POJ 3239, BOJ 9175")
    .addArgument(new Argument("<problem>", "the problem (see below)").choices(JUDGE_NAMES))
    .argument("[file]", "the problem's input; - or nothing for stdin", "-")
    .option(
      "--check <output>",
      "check a contestant's OUTPUT file for the input instead of answering it (poj3239, boj9175)",
    )
    .addHelpText(
      "after",
      `
Problems (input on stdin or FILE, output on stdout exactly as the judge expects it):
${problemsHelp()}

Kattis's * is a queen (in the stars board style it is an empty square). POJ 3239 and
BOJ 9175 accept any solution: this prints the O(n) construction, not the samples' own.

With --check OUTPUT (POJ 3239 and BOJ 9175, which accept any solution), the
output is checked as their special judges do: "accepted", or "wrong answer" and
why on stderr (exit 1).

Exit status: 0 answered (or accepted), 1 the answer is no (or a wrong answer;
one line on stderr), 2 malformed input (one line on stderr, nothing on stdout).

Examples:
  $ printf '4\\n' | nqueens judge leetcode51
  [[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]
  $ printf 'n = 8\\n' | nqueens judge leetcode52
  92
  $ printf '12\\n0\\n' | nqueens judge poj3239
  $ nqueens judge kattis board.txt
  $ nqueens judge boj9175 input.txt --check my-output.txt`,
    )
    .action(async (name: JudgeName, file: string, flags: { check?: string }) => {
      exit(await runJudge(name, file, flags.check));
    });
};
