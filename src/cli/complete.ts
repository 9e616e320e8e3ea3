/** `nqueens complete [FILE|-]`: finish a board where some queens are already placed. */
import { completeOne, completions, countCompletions } from "../complete.js";
import { NQueensError } from "../errors.js";
import { type BoardStyle, formatBoard } from "../format.js";
import { parseBoard } from "../parse.js";
import { parseInteger } from "./args.js";
import type { Register } from "./commands.js";
import { readInput } from "./input.js";
import { formatOption, isOneLine, say, sayJson, styleFor } from "./output.js";

interface CompleteFlags {
  count?: boolean;
  all?: boolean;
  limit?: string;
  format?: BoardStyle;
  json?: boolean;
}

export const registerComplete: Register = (program, exit) => {
  program
    .command("complete")
    .description("complete a partial board read from FILE or stdin (exit 1 when it cannot be done)")
    .argument(
      "[file]",
      "the board: a Q/. or 0/1 matrix, `r c` lines, a permutation or JSON; - for stdin",
      "-",
    )
    .option("-c, --count", "print how many completions there are")
    .option("-a, --all", "list every completion, numbered")
    .option("-l, --limit <k>", "with --all: stop after k completions")
    .addOption(formatOption())
    .option("--json", "print JSON: {n, cols} / {n, count} / one {index, cols} per line")
    .addHelpText(
      "after",
      `
Input forms (detected): a matrix of Q and . (or 1 and 0), with or without spaces;
"r c" lines, 0-based, after an optional "n 8" line; a permutation with - for empty
rows ("- 4 - - - - - -"); chess squares; the JSON that --json prints.

Examples:
  $ printf '. Q . .\\n. . . .\\n. . . .\\n. . . .\\n' | nqueens complete
  $ nqueens complete board.txt --count
  $ nqueens complete board.txt --all --limit 10 --format perm`,
    )
    .action(async (file: string, flags: CompleteFlags) => {
      const parsed = parseBoard(await readInput(file));
      if (!parsed.ok) throw new NQueensError(parsed.error);
      const board = parsed.board;
      const n = board.n;
      if (flags.count) {
        const count = countCompletions(board);
        if (flags.json) await sayJson({ n, count });
        else await say(count.toString());
        exit(count > 0n ? 0 : 1);
        return;
      }
      if (flags.all) {
        const limit =
          flags.limit === undefined
            ? undefined
            : parseInteger(flags.limit, "--limit", 0, Number.MAX_SAFE_INTEGER);
        const style = styleFor(n, flags.format);
        let index = 0;
        for (const cols of completions(board, { limit })) {
          index++;
          if (flags.json) await sayJson({ index, cols });
          else if (isOneLine(style)) await say(`${index}: ${formatBoard(cols, style)}`);
          else await say(`#${index}\n${formatBoard(cols, style)}\n`);
        }
        if (index === 0) process.stderr.write("this board cannot be completed\n");
        exit(index > 0 ? 0 : 1);
        return;
      }
      const cols = completeOne(board);
      if (flags.json) await sayJson({ n, cols: cols ?? null });
      else if (cols) await say(formatBoard(cols, styleFor(n, flags.format)));
      else
        process.stderr.write(
          `this ${n}x${n} board cannot be completed: no placement of the remaining ${n - board.queens.length} queens avoids every attack\n`,
        );
      exit(cols ? 0 : 1);
    });
};
