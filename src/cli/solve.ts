/** `nqueens solve <n>`: one solution, by backtracking, construction or random repair. */

import { NQueensError } from "../errors.js";
import { type BoardStyle, formatChunks } from "../formats/index.js";
import { MAX_SOLVE_N } from "../limits.js";
import { methodFor, SOLVE_METHODS, type SolveMethod, solve } from "../solve.js";
import { thousands } from "../words.js";
import { parseInteger } from "./args.js";
import { formatOption, styleFor } from "./board-style.js";
import { Option } from "./commander.js";
import { printChunks, stdout } from "./output.js";
import type { Register } from "./register.js";

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
    .argument("<n>", `board size, 1 to ${thousands(MAX_SOLVE_N)}`)
    .addOption(
      new Option(
        "-m, --method <method>",
        "how to find it: auto = backtrack up to n=29, construct beyond",
      )
        .choices(SOLVE_METHODS)
        .default("auto"),
    )
    .option("-s, --seed <seed>", "seed for --method random (a whole number, default 0)")
    .addOption(formatOption())
    .option("--json", "print {n, method, cols} as JSON (method: the one that ran)")
    .addHelpText(
      "after",
      `
Examples:
  $ nqueens solve 8                      first solution in lexicographic order
  $ nqueens solve 8 --format grid        the same, drawn as a +---+ grid
  $ nqueens solve 10000000 --format perm > big.txt    a second or two, 78 MB
  $ nqueens solve 50 --method random --seed 7 --json`,
    )
    .action(async (nText: string, flags: SolveFlags) => {
      const n = parseInteger(nText, "n", 1, MAX_SOLVE_N);
      if (flags.seed !== undefined && flags.method !== "random") {
        throw new NQueensError(
          "--seed is for --method random; the other methods have no seed",
          "conflicting-options",
        );
      }
      const seed =
        flags.seed === undefined ? undefined : parseInteger(flags.seed, "--seed", 0, 2 ** 32 - 1);
      const style = flags.json ? "json" : styleFor(n, flags.format);
      const method = methodFor(n, flags.method);
      const cols = solve(n, { method, seed });
      const out = stdout();
      if (!cols) {
        if (flags.json) await out.json({ n, method, cols: null });
        process.stderr.write(`nqueens: no solution exists for n = ${n}\n`);
        exit(1);
        return;
      }
      exit(await printChunks(formatChunks(cols, style, { fields: { method } })));
    });
};
