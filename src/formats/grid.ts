/**
 * Squares between bars: `cells` (`|X| |Q| |X| |X|`, the Java tutorial's), and the box grids
 * `grid` (`+---+` borders, ` Q ` cells) and `unicode` (the same in box-drawing characters, `♛`).
 * In the reader a blank square or `X` is empty, `#` or `■` blocked; a cell holds one symbol.
 */
import { quote } from "../errors.js";
import { MAX_MATRIX_N } from "../limits.js";
import { thousands } from "../words.js";
import { matrix } from "./matrix.js";
import {
  CELL_BLOCKED,
  CELL_EMPTIES,
  checkRows,
  fail,
  fromCells,
  type Line,
  type ParseOptions,
  type ParseResult,
} from "./read.js";
import type { BoardForm } from "./table.js";
import { joined, type Layout } from "./write.js";

/** A line that starts a grid's border. */
export const BORDER_START = /^[+┌├└╔╠╚]/;
const BORDER = /^[-+─━═┌┬┐├┼┤└┴┘╔╦╗╠╬╣╚╩╝\s]+$/;
/** The bars between cells. */
export const BAR = /[|│┃║]/;
/** A box-drawing character: the grid is `unicode`. */
export const BOX = /[┌├└╔╠╚─│]/;

/** A board in `cells`: `X` marks every square without a queen, `#` a blocked one. */
export function formatCells(b: Layout): Generator<string> {
  return matrix(b, "|Q|", "|X|", " ", "|#|");
}

/** A board in `grid` or `unicode`. */
export function formatGrid(b: Layout, style: "grid" | "unicode"): Generator<string> {
  return style === "grid"
    ? boxGrid(b, "Q", "#", "-", "|", [
        ["+", "+", "+"],
        ["+", "+", "+"],
        ["+", "+", "+"],
      ])
    : boxGrid(b, "♛", "■", "─", "│", [
        ["┌", "┬", "┐"],
        ["├", "┼", "┤"],
        ["└", "┴", "┘"],
      ]);
}

/** A box grid: `corners` are the left, middle and right joints of the top, inner and bottom borders. */
function* boxGrid(
  b: Layout,
  queen: string,
  blocked: string,
  horizontal: string,
  vertical: string,
  corners: readonly [string, string, string][],
): Generator<string> {
  const forbidden = b.blockedRows();
  const bar = horizontal.repeat(3);
  const border = ([left, mid, right]: [string, string, string]) =>
    left + new Array(b.n).fill(bar).join(mid) + right;
  const inner = border(corners[1]!);
  const cells: string[] = new Array(b.n);
  const rows = b.rows();
  yield border(corners[0]!);
  let first = true;
  const lines = joined(
    b.n,
    (r) => {
      cells.fill("   ");
      if (forbidden.length > 0) for (const c of forbidden[r]!) cells[c] = ` ${blocked} `;
      for (const c of rows[r]!) cells[c] = ` ${queen} `;
      return `${r > 0 ? `${inner}\n` : ""}${vertical}${cells.join(vertical)}${vertical}`;
    },
    "\n",
  );
  for (const chunk of lines) {
    yield first ? `\n${chunk}` : chunk;
    first = false;
  }
  yield `\n${border(corners[2]!)}`;
}

// ---------------------------------------------------------------------------------------------
// Reading

export function parseCells(lines: readonly Line[], options: ParseOptions): ParseResult {
  checkRows(lines.length);
  const rows = lines.map((l, r) => {
    const cells = [...l.text.matchAll(/[|│]([^|│]*)[|│]/g)].map((m) => m[1]!.trim());
    const rest = l.text.replace(/[|│]([^|│]*)[|│]/g, "").trim();
    if (cells.length === 0 || rest !== "") {
      fail("syntax", `line ${l.no}: expected cells like |Q| |X|, got ${quote(l.text)}`);
    }
    if (cells.length > MAX_MATRIX_N)
      fail("size", `row ${r} has more than ${thousands(MAX_MATRIX_N)} cells`);
    return cells;
  });
  return fromCells(rows, CELL_EMPTIES, "cells", options, CELL_BLOCKED);
}

export function parseGrid(
  lines: readonly Line[],
  form: BoardForm,
  options: ParseOptions,
): ParseResult {
  const rows: string[][] = [];
  for (const l of lines) {
    if (BORDER.test(l.text) && !BAR.test(l.text)) continue;
    const parts = l.text.split(BAR);
    if (parts.length < 3 || parts[0] !== "" || parts.at(-1) !== "") {
      fail(
        "syntax",
        `line ${l.no}: expected a border or a row like | Q |   |, got ${quote(l.text)}`,
      );
    }
    if (parts.length - 2 > MAX_MATRIX_N) {
      fail("size", `row ${rows.length} has more than ${thousands(MAX_MATRIX_N)} cells`);
    }
    rows.push(parts.slice(1, -1).map((p) => p.trim()));
    checkRows(rows.length);
  }
  if (rows.length === 0) fail("empty", "the grid has no rows of cells");
  return fromCells(rows, CELL_EMPTIES, form, options, CELL_BLOCKED);
}
