/** `nqueens generate <kind> <n>`: completion instances and puzzles from a seed. */

import {
  type GenerateOptions,
  generateInstance,
  INSTANCE_KINDS,
  type InstanceKind,
  PUZZLE_DIFFICULTIES,
  type PuzzleDifficulty,
} from "../completion/index.js";
import { NQueensError } from "../errors.js";
import { type BoardStyle, formatChunks } from "../formats/index.js";
import { parseInteger } from "./args.js";
import { checkAojSize, formatOption, styleFor } from "./board-style.js";
import { Argument, Option } from "./commander.js";
import { printChunks } from "./output.js";
import type { Register } from "./register.js";

interface GenerateFlags {
  seed?: string;
  placed?: string;
  diagonals?: string;
  minInLine?: string;
  translate?: boolean;
  blocked?: string;
  difficulty?: PuzzleDifficulty;
  format?: BoardStyle;
  json?: boolean;
  quiet?: boolean;
}

/** Which flags each kind takes. */
const FLAGS_OF: Record<InstanceKind, readonly (keyof GenerateFlags)[]> = {
  completion: ["placed"],
  diagonals: ["diagonals", "minInLine", "translate"],
  blocked: ["blocked", "minInLine"],
  puzzle: ["difficulty"],
};

const FLAG_NAMES: Partial<Record<keyof GenerateFlags, string>> = {
  placed: "--placed",
  diagonals: "--diagonals",
  minInLine: "--min-in-line",
  translate: "--translate",
  blocked: "--blocked",
  difficulty: "--difficulty",
};

export const registerGenerate: Register = (program, exit) => {
  program
    .command("generate")
    .description("generate a completion instance or a puzzle from a seed (the published methods)")
    .addArgument(
      new Argument("<kind>", "completion, diagonals, blocked or puzzle").choices(INSTANCE_KINDS),
    )
    .argument("<n>", "board size")
    .option("-s, --seed <seed>", "the seed, a whole number (default 1)")
    .option("--placed <m>", "completion: queens placed (default n - round(sqrt(n / 0.19)))")
    .option("-d, --diagonals <d>", "diagonals: the first d diagonals (default round(0.9 n))")
    .option("--min-in-line <k>", "diagonals, blocked: open squares kept per row and column")
    .option("--translate", "diagonals: the equivalent completion board (thousands of rows)")
    .option("--blocked <b>", "blocked: squares to block (default n^2 - 6n)")
    .addOption(
      new Option("--difficulty <level>", "puzzle: the reasoning it needs (default medium)").choices(
        PUZZLE_DIFFICULTIES,
      ),
    )
    .addOption(formatOption("dots up to n=32, json beyond"))
    .option("--json", "one JSON object: the board, the kind, the seed and the parameters")
    .option("-q, --quiet", "no note on stderr about what was generated")
    .addHelpText(
      "after",
      `
Kinds (Gent, Jefferson, Nightingale, "Complexity of n-Queens Completion", JAIR 2017;
CSPLib 079 and 080: ported with Python's random, so a seed gives the published instance):
  completion  random queens: a random free row and column, kept when neither diagonal
              holds a queen, until m stand (hardest near n = 0.19 d^2, d = n - m)
  diagonals   Excluded Diagonals: diagonals excluded in a random order unless a row or
              column would keep --min-in-line (4) or fewer squares; the first d of them
  blocked     blocked squares in a random order, each unless its row or column would
              keep --min-in-line (1) or fewer
  puzzle      a random solution's queens taken away while exactly one completion stays:
              easy (forced lines solve it), medium (propagation), hard (every queen needed)

Examples:
  $ nqueens generate diagonals 21 --seed 259 --diagonals 19 --format csplib
  $ nqueens generate completion 76 --seed 3 | nqueens complete -q
  $ nqueens generate puzzle 8 --difficulty hard --seed 7
  $ nqueens generate diagonals 12 --translate --format json > big.json`,
    )
    .action(async (kind: InstanceKind, nText: string, flags: GenerateFlags) => {
      for (const [flag, name] of Object.entries(FLAG_NAMES)) {
        const key = flag as keyof GenerateFlags;
        if (flags[key] !== undefined && !FLAGS_OF[kind].includes(key)) {
          throw new NQueensError(`${name} does not apply to ${kind}`, "conflicting-options");
        }
      }
      const maxN =
        kind === "completion"
          ? 10_000
          : kind === "diagonals"
            ? 1000
            : kind === "blocked"
              ? 200
              : 32;
      const n = parseInteger(nText, "n", kind === "puzzle" ? 4 : 1, maxN);
      const number = (text: string | undefined, what: string, max = Number.MAX_SAFE_INTEGER) =>
        text === undefined ? undefined : parseInteger(text, what, 0, max);
      const options: GenerateOptions = {
        seed: number(flags.seed, "--seed"),
        placed: number(flags.placed, "--placed", n),
        diagonals: number(flags.diagonals, "--diagonals", 4 * n),
        minInLine: number(flags.minInLine, "--min-in-line", n),
        translate: flags.translate,
        blocked: number(flags.blocked, "--blocked", n * n),
        difficulty: flags.difficulty,
      };
      const made = generateInstance(kind, n, options);
      const size = made.board.n;
      const style = flags.json ? "json" : (flags.format ?? (size <= 32 ? "dots" : "json"));
      checkAojSize(size, style);
      const fields: Record<string, unknown> = flags.json
        ? { kind, seed: made.seed, ...made.params }
        : {};
      if (flags.json && made.puzzle) fields.completion = made.puzzle.solution;
      if (!flags.quiet) process.stderr.write(`nqueens: ${made.about}\n`);
      exit(await printChunks(formatChunks(made.board, styleFor(size, style), { fields })));
    });
};
