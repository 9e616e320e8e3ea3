/** `nqueens list <n>`: every solution (or one per symmetry class), streamed and numbered. */
import { type BoardStyle, formatBoard } from "../format.js";
import { solutions } from "../solutions.js";
import { unique } from "../symmetry.js";
import { parseInteger } from "./args.js";
import type { Register } from "./commands.js";
import { formatOption, isOneLine, say, sayJson, styleFor } from "./output.js";

interface ListFlags {
  limit?: string;
  unique?: boolean;
  format?: BoardStyle;
  json?: boolean;
}

export const registerList: Register = (program, exit) => {
  program
    .command("list")
    .description("stream every solution in lexicographic order, numbered")
    .argument("<n>", "board size, 1 to 32")
    .option("-l, --limit <k>", "stop after k solutions")
    .option("-u, --unique", "one canonical solution per symmetry class, with its orbit size")
    .addOption(formatOption())
    .option("--json", "one JSON document per line: {index, cols} (and orbit with --unique)")
    .addHelpText(
      "after",
      `
Examples:
  $ nqueens list 6                       the 4 solutions for n = 6, drawn
  $ nqueens list 8 --format perm         92 lines: "1: 0 4 7 5 2 6 1 3" ...
  $ nqueens list 8 --unique              the 12 classes, canonical forms, orbit sizes
  $ nqueens list 12 --json --limit 3`,
    )
    .action(async (nText: string, flags: ListFlags) => {
      const n = parseInteger(nText, "n", 1, 32);
      const limit =
        flags.limit === undefined
          ? Number.POSITIVE_INFINITY
          : parseInteger(flags.limit, "--limit", 0, Number.MAX_SAFE_INTEGER);
      const style = styleFor(n, flags.format);
      const items = flags.unique
        ? mapGen(unique(n), (u) => ({ cols: u.solution, orbit: u.orbit as number | undefined }))
        : mapGen(solutions(n), (cols) => ({ cols, orbit: undefined as number | undefined }));
      let index = 0;
      for (const { cols, orbit } of items) {
        if (index >= limit) break;
        index++;
        if (flags.json) {
          await sayJson(orbit === undefined ? { index, cols } : { index, cols, orbit });
        } else if (isOneLine(style)) {
          await say(
            `${index}: ${formatBoard(cols, style)}${orbit === undefined ? "" : `  (orbit ${orbit})`}`,
          );
        } else {
          await say(`#${index}${orbit === undefined ? "" : ` (orbit ${orbit})`}`);
          await say(formatBoard(cols, style));
          await say("");
        }
      }
      exit(index > 0 ? 0 : 1);
    });
};

function* mapGen<A, B>(source: Iterable<A>, f: (a: A) => B): Generator<B> {
  for (const a of source) yield f(a);
}
