// Round trips: what formatBoard writes, parseBoard and parseBoardAs read back as the same
// board, for every style (fast-check).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { PartialBoard, Queen } from "../board.js";
import { board, EIGHT, queensOf } from "../testing/boards.js";
import {
  BOARD_FORMS,
  BOARD_STYLES,
  type BoardStyle,
  formatBoard,
  parseBoard,
  parseBoardAs,
} from "./index.js";

/**
 * Styles parseBoard reads back without being told the format: not `perm1` (a partial 1-based
 * line is refused or read as 0-based), not `aoj` (it does not write n: it reads back as the judge's 8x8).
 */
const ROUND_TRIP: BoardStyle[] = BOARD_STYLES.filter(
  (s) => s !== "svg" && s !== "perm1" && s !== "aoj",
);

/** Plain queen objects (fast-check builds records without a prototype) in row order. */
const sorted = (qs: readonly Queen[]) =>
  qs.map((q) => ({ row: q.row, col: q.col })).sort((a, b) => a.row - b.row || a.col - b.col);

describe("round trip: parse(format(board)) is the board", () => {
  test("n = 8 solution, every style", () => {
    for (const style of [...ROUND_TRIP, "perm1" as const]) {
      assert.deepEqual(
        board(parseBoard(formatBoard(EIGHT, style))),
        { n: 8, queens: queensOf(EIGHT) },
        style,
      );
    }
  });

  const partialBoards = fc.integer({ min: 1, max: 12 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      queens: fc.uniqueArray(fc.record({ row: fc.nat(n - 1), col: fc.nat(n - 1) }), {
        maxLength: n * 2,
        selector: (q) => q.row * n + q.col,
      }),
    }),
  );

  test("random partial boards, every style but perm", () => {
    fc.assert(
      fc.property(partialBoards, (b) => {
        for (const style of ROUND_TRIP) {
          if (style === "perm") continue;
          // A 1x1 binary board without a queen is "0", which reads as the permutation [0].
          if (style === "binary" && b.n === 1) continue;
          const parsed = board(parseBoard(formatBoard(b, style)));
          assert.deepEqual(parsed, { n: b.n, queens: sorted(b.queens) }, style);
        }
      }),
      { numRuns: 60 },
    );
  });

  test("random boards with at most one queen a row, perm and perm1", () => {
    const oneARow = fc
      .integer({ min: 1, max: 40 })
      .chain((n) =>
        fc.array(fc.option(fc.nat(n - 1), { nil: undefined }), { minLength: n, maxLength: n }),
      );
    fc.assert(
      fc.property(oneARow, (cols) => {
        const b: PartialBoard = {
          n: cols.length,
          queens: cols.flatMap((col, row) => (col === undefined ? [] : [{ row, col }])),
        };
        const perm = parseBoard(formatBoard(b, "perm"));
        // Read both ways (a partial line without column 0): refused, never guessed.
        const placed = b.queens.map((q) => q.col);
        const both = b.queens.length < b.n && !placed.includes(0) && b.queens.length > 0;
        if (both) assert.equal(!perm.ok && perm.code, "ambiguous-permutation");
        else assert.deepEqual(board(perm), b);
        assert.deepEqual(board(parseBoardAs(formatBoard(b, "perm"), "perm")), b);
        assert.deepEqual(board(parseBoardAs(formatBoard(b, "perm1"), "perm1")), b);
      }),
      { numRuns: 60 },
    );
  });

  test("random partial boards, every style named, aoj with its size", () => {
    fc.assert(
      fc.property(partialBoards, (b) => {
        for (const style of BOARD_FORMS) {
          if (style === "perm" || style === "perm1") continue;
          const parsed = board(parseBoardAs(formatBoard(b, style), style, { n: b.n }));
          assert.deepEqual(parsed, { n: b.n, queens: sorted(b.queens) }, style);
        }
      }),
      { numRuns: 60 },
    );
  });

  test("n = 1000 perm and compact", () => {
    const cols = Array.from({ length: 1000 }, (_, r) => (r * 7) % 1000);
    for (const style of ["perm", "compact", "squares"] as const) {
      const parsed = board(parseBoard(formatBoard(cols, style)));
      assert.equal(parsed.n, 1000, style);
      assert.deepEqual(parsed.queens, queensOf(cols), style);
    }
  });
});
