/** The board a command reads (`check`, `complete`): `--format-in`, detection, and its note. */

import type { PartialBoard } from "../board.js";
import { NQueensError } from "../errors.js";
import { BOARD_FORMS, type BoardForm, parseBoard, parseBoardAs } from "../formats/index.js";
import { Option } from "./commander.js";
import { readInput } from "./input.js";

/** What `--format-in` accepts: `auto` (detect) or one of the formats the library reads (BOARD_FORMS). */
const FORMATS_IN = ["auto", ...BOARD_FORMS] as const;

/** The `--format-in` option, its choices listed in --help. */
export function formatInOption(): Option {
  return new Option(
    "-F, --format-in <format>",
    "the input's format, instead of detecting it (the names --format uses)",
  )
    .choices(FORMATS_IN)
    .default("auto");
}

/**
 * Reads the board in FILE (or stdin) as `formatIn`. A detected format is noted on stderr (one
 * line) unless `quiet`; anything that cannot be read is an NQueensError, its message one line.
 */
export async function readBoard(
  file: string | undefined,
  formatIn: string,
  quiet = false,
): Promise<{ board: PartialBoard; form: BoardForm }> {
  const text = await readInput(file);
  const r = formatIn === "auto" ? parseBoard(text) : parseBoardAs(text, formatIn as BoardForm);
  if (!r.ok) {
    throw new NQueensError(
      r.code.startsWith("ambiguous") ? `${r.error} with --format-in` : r.error,
      "unreadable-input",
    );
  }
  if (formatIn === "auto" && !quiet) {
    process.stderr.write(`nqueens: read the input as ${r.form} (detected; -q hides this note)\n`);
  }
  return { board: r.board, form: r.form };
}
