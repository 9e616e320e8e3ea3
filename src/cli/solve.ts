/** `nqueens solve <n>`: one solution, by backtracking, construction or random repair. */
import { Option } from "commander";
import { type BoardStyle, formatBoard } from "../format.js";
import { type SolveMethod, solve } from "../solve.js";
import { parseInteger } from "./args.js";
import type { Register } from "./commands.js";
import { formatOption, say, sayJson, styleFor } from "./output.js";

const METHODS: readonly SolveMethod[] = ["auto", "backtrack", "construct", "random"];

interface SolveFlags {
  method: SolveMethod;
  seed?: string;
  format?: BoardStyle;
  json?: boolean;
}

export const registerSolve: Register = (program, exit) => {
  program
    .command("solve")
    .description("print one solution for an n x n board (exit 1 when there is none: n = 2, 3)")
    .argument("<n>", "board size, 1 to 10000000")
    .addOption(
      new Option(
        "-m, --method <method>",
        "how to find it: auto = backtrack up to n=29, construct beyond",
      )
        .choices(METHODS)
        .default("auto"),
    )
    .option("-s, --seed <seed>", "seed for --method random (a whole number)")
    .addOption(formatOption())
    .option("--json", "print {n, method, cols} as JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ nqueens solve 8                      first solution in lexicographic order
  $ nqueens solve 8 --format grid        the same, drawn as a +---+ grid
  $ nqueens solve 1000000 --method construct --format perm > big.txt
  $ nqueens solve 50 --method random --seed 7 --json`,
    )
    .action(async (nText: string, flags: SolveFlags) => {
      const n = parseInteger(nText, "n", 1, 10_000_000);
      const seed =
        flags.seed === undefined ? undefined : parseInteger(flags.seed, "--seed", 0, 2 ** 32 - 1);
      const style = flags.json ? "json" : styleFor(n, flags.format);
      const cols = solve(n, { method: flags.method, seed });
      if (flags.json) {
        await sayJson({ n, method: flags.method, cols: cols ?? null });
      } else if (cols) {
        await say(formatBoard(cols, style));
      } else {
        process.stderr.write(`no solution exists for n = ${n}\n`);
      }
      exit(cols ? 0 : 1);
    });
};
