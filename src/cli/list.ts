/** `nqueens list <n>`: every solution (or one per symmetry class), streamed and numbered. */
import { type BoardStyle, formatBoard } from "../formats/index.js";
import { MAX_SOLUTIONS_N } from "../limits.js";
import { solutions, unique } from "../solutions.js";
import { parseInteger } from "./args.js";
import { formatOption, isOneLine, styleFor } from "./board-style.js";
import { stdout } from "./output.js";
import type { Register } from "./register.js";

interface ListFlags {
  limit?: string;
  unique?: boolean;
  format?: BoardStyle;
  json?: boolean;
  number: boolean;
}

/** The `--limit` of list and complete --all: a whole number from 1. */
export function parseLimit(text: string | undefined): number {
  return text === undefined
    ? Number.POSITIVE_INFINITY
    : parseInteger(text, "--limit", 1, Number.MAX_SAFE_INTEGER);
}

/** How one board of a listing is printed, with or without its number. */
export interface ListingStyle {
  readonly style: BoardStyle;
  /** JSON Lines (`--json` or `--format json`): one record per board with `n` and `index`. */
  readonly json: boolean;
  readonly number: boolean;
}

/** The listing style for the flags of `list` and `complete --all`. */
export function listingStyle(
  n: number,
  flags: { format?: BoardStyle; json?: boolean; number: boolean },
): ListingStyle {
  const json = flags.json === true || flags.format === "json";
  return { style: json ? "json" : styleFor(n, flags.format), json, number: flags.number };
}

/**
 * Writes board `index` (from 1) of a listing: `1: 0 4 7 5 2 6 1 3` for one-line styles, `#1`
 * and the drawing for the others, a JSON record; without numbers (`--no-number`) the bare board,
 * drawings separated by a blank line, so that each board reads back with `check`.
 */
export async function printListed(
  how: ListingStyle,
  index: number,
  cols: readonly number[],
  orbit?: number,
): Promise<void> {
  const out = stdout();
  const n = cols.length;
  if (how.json) {
    await out.json(orbit === undefined ? { n, index, cols } : { n, index, cols, orbit });
    return;
  }
  const board = formatBoard(cols, how.style);
  const note = orbit === undefined ? "" : `  (orbit ${orbit})`;
  if (isOneLine(how.style)) {
    await out.line(how.number ? `${index}: ${board}${note}` : board);
  } else if (how.number) {
    await out.line(`#${index}${orbit === undefined ? "" : ` (orbit ${orbit})`}`);
    await out.line(board);
    await out.line("");
  } else {
    if (index > 1) await out.line("");
    await out.line(board);
  }
}

export const registerList: Register = (program, exit) => {
  program
    .command("list")
    .description("stream every solution in lexicographic order, numbered")
    .argument("<n>", `board size, 1 to ${MAX_SOLUTIONS_N}`)
    .option("-l, --limit <k>", "stop after k solutions (k >= 1)")
    .option("-u, --unique", "one canonical solution per symmetry class, with its orbit size")
    .addOption(formatOption())
    .option("--no-number", "print the bare boards (each one reads back with nqueens check)")
    .option("--json", "JSON Lines: {n, index, cols} per solution (and orbit with --unique)")
    .addHelpText(
      "after",
      `
Solutions come lazily, so "nqueens list 16 | head" returns at once; output waits for a
slow reader and stops when the reader goes away.

Examples:
  $ nqueens list 6                       the 4 solutions for n = 6, drawn
  $ nqueens list 8 --format perm         92 lines: "1: 0 4 7 5 2 6 1 3" ...
  $ nqueens list 8 --unique              the 12 classes, canonical forms, orbit sizes
  $ nqueens list 8 --limit 1 --no-number | nqueens check
  $ nqueens list 12 --json --limit 3`,
    )
    .action(async (nText: string, flags: ListFlags) => {
      const n = parseInteger(nText, "n", 1, MAX_SOLUTIONS_N);
      const limit = parseLimit(flags.limit);
      const how = listingStyle(n, flags);
      const items = flags.unique
        ? mapGen(unique(n), (u) => ({ cols: u.solution, orbit: u.orbit as number | undefined }))
        : mapGen(solutions(n), (cols) => ({ cols, orbit: undefined as number | undefined }));
      let index = 0;
      for (const { cols, orbit } of items) {
        if (index >= limit) break;
        index++;
        await printListed(how, index, cols, orbit);
      }
      if (index === 0) process.stderr.write(`nqueens: no solution exists for n = ${n}\n`);
      exit(index > 0 ? 0 : 1);
    });
};

function* mapGen<A, B>(source: Iterable<A>, f: (a: A) => B): Generator<B> {
  for (const a of source) yield f(a);
}
