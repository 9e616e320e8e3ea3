// completeOneAsync: the same completion as completeOne, and a decision that would take minutes
// stopped by its signal.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { PartialBoard } from "../board.js";
import { NQueensError } from "../errors.js";
import { CompletionInterrupted, completeOne, completeOneAsync, generateInstance } from "./index.js";

const BOARDS: readonly PartialBoard[] = [
  { n: 8, queens: [] },
  { n: 4, queens: [{ row: 0, col: 0 }] }, // none
  { n: 8, queens: [{ row: 0, col: 1 }] },
  { n: 30, queens: [{ row: 5, col: 7 }] },
  { n: 40, queens: [] }, // the construction
  { n: 10, queens: [], excluded: { sums: [9], differences: [9] } },
  {
    n: 12,
    queens: [],
    blocked: [
      { row: 0, col: 0 },
      { row: 11, col: 11 },
    ],
  },
  generateInstance("diagonals", 16, { seed: 3 }).board,
  generateInstance("completion", 76, { seed: 3 }).board,
];

test("completeOneAsync gives completeOne's completion, least or not", async () => {
  for (const board of BOARDS) {
    for (const least of [undefined, false] as const) {
      const options = least === undefined ? {} : { least };
      assert.deepEqual(
        await completeOneAsync(board, options),
        completeOne(board, options),
        `n = ${board.n}, least ${least}`,
      );
    }
  }
});

test("completeOneAsync refuses what completeOne refuses", async () => {
  await assert.rejects(completeOneAsync({ n: 40, queens: [] }, { least: true }), NQueensError);
  await assert.rejects(
    completeOneAsync({
      n: 4,
      queens: [
        { row: 0, col: 0 },
        { row: 1, col: 1 },
      ],
    }),
    /share a diagonal/,
  );
});

test("a hard instance's decision stops on its signal", async () => {
  // n = 25, 23 excluded diagonals, seed 14: unsatisfiable, proved in 778 s of CPU (README,
  // "Hard completion instances"): completeOne would block that long.
  const { board } = generateInstance("diagonals", 25, { seed: 14 });
  const before = performance.now();
  await assert.rejects(
    completeOneAsync(board, { signal: AbortSignal.timeout(200), yieldEveryMs: 10 }),
    CompletionInterrupted,
  );
  assert.ok(performance.now() - before < 20_000, "stopped within seconds");
  const aborted = AbortSignal.abort();
  await assert.rejects(completeOneAsync(board, { signal: aborted }), CompletionInterrupted);
});
