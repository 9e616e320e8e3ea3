/**
 * The board styles of the commands that print boards (`solve`, `list`, `complete`, `generate`):
 * the `--format` option, the style a size gets by default, and the sizes a style refuses. Apart
 * from output.ts, so that the commands that print no board (`count`, `--version`) do not load
 * the formats.
 */

import { NQueensError } from "../errors.js";
import { BOARD_STYLES, type BoardStyle, boardFormat } from "../formats/index.js";
import { MAX_DRAWN_N } from "../limits.js";
import { Option } from "./commander.js";

/** Styles that draw every square: n*n characters or more. */
const SQUARE_STYLES: readonly BoardStyle[] = [
  "dots",
  "compact",
  "stars",
  "cells",
  "grid",
  "unicode",
];

/** The `--format` option, its choices listed in --help. */
export function formatOption(defaultText = "dots up to n=32, perm beyond"): Option {
  return new Option("-f, --format <style>", `how to print each board (${defaultText})`).choices(
    BOARD_STYLES,
  );
}

/** The style to print boards of size n in: the one asked for, or a sensible default. */
export function styleFor(n: number, asked: BoardStyle | undefined): BoardStyle {
  const style = asked ?? (n <= 32 ? "dots" : "perm");
  checkAojSize(n, style);
  if (SQUARE_STYLES.includes(style) && n > MAX_DRAWN_N) {
    throw new NQueensError(
      `--format ${style} draws all n*n squares, too many for n = ${n} (at most ${MAX_DRAWN_N}); use --format perm`,
      "out-of-range",
    );
  }
  return style;
}

/**
 * The aoj style is the judge's 8x8 input: it has no size line, so another size would read back
 * as a different (8x8) board.
 * @throws NQueensError for aoj and n other than 8
 */
export function checkAojSize(n: number, style: BoardStyle): void {
  if (style === "aoj" && n !== 8) {
    throw new NQueensError(
      `--format aoj is the judge's 8x8 board and has no size line: for n = ${n} use --format lines`,
      "conflicting-options",
    );
  }
}

/** Whether a style fits on one line, so numbered listings can put it after the number. */
export function isOneLine(style: BoardStyle): boolean {
  return boardFormat(style).oneLine;
}
