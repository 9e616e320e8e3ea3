/** Printing boards and JSON for the commands that show solutions. */
import { Option } from "commander";
import { NQueensError } from "../errors.js";
import { BOARD_STYLES, type BoardStyle } from "../format.js";

/** Styles that draw every square: n*n characters or more. */
const SQUARE_STYLES: readonly BoardStyle[] = ["dots", "judge", "stars", "cells", "grid", "unicode"];

/** The largest n a square-by-square style is printed for. */
export const MAX_DRAWN_N = 200;

/** The `--format` option, its choices listed in --help. */
export function formatOption(defaultText = "dots up to n=32, perm beyond"): Option {
  return new Option("-f, --format <style>", `how to print each board (${defaultText})`).choices(
    BOARD_STYLES,
  );
}

/** The style to print boards of size n in: the one asked for, or a sensible default. */
export function styleFor(n: number, asked: BoardStyle | undefined): BoardStyle {
  const style = asked ?? (n <= 32 ? "dots" : "perm");
  if (SQUARE_STYLES.includes(style) && n > MAX_DRAWN_N) {
    throw new NQueensError(
      `--format ${style} draws all n*n squares, too many for n = ${n} (at most ${MAX_DRAWN_N}); use --format perm`,
    );
  }
  return style;
}

/** Thrown by {@link say} once stdout is closed (`nqueens list 14 | head`): a quiet stop. */
export class OutputClosed extends Error {}

/** Writes text and a newline to stdout; stops the command once the reader has gone. */
export function say(text: string): void {
  if (process.stdout.destroyed) throw new OutputClosed("stdout closed");
  process.stdout.write(`${text}\n`);
}

/** Writes a value as one line of JSON; bigints become decimal strings, exact. */
export function sayJson(value: unknown): void {
  say(JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? v.toString() : v)));
}

/** Whether a style fits on one line, so numbered listings can put it after the number. */
export function isOneLine(style: BoardStyle): boolean {
  return style === "perm" || style === "perm1" || style === "squares" || style === "json";
}
