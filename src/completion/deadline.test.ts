// The blocking completion calls stop themselves at their time limit (a minute by default), with
// an error that names the limit and the call that runs longer. A limit of 0 ms stops a search at
// its first look at the clock: after one slice of nodes (the hard-instance search) or one tick
// (the line board), whatever the machine's speed; a board decided before that still answers.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { NQueensError } from "../errors.js";
import { canComplete, completeOne } from "./complete.js";
import { SYNC_TIME_LIMIT_MS } from "./deadline.js";
import { decideCompletion } from "./decision.js";
import { generateInstance } from "./instances.js";

/** Excluded Diagonals, n = 24, seed 1: no completion, tens of seconds of search to prove it. */
const hard = () => generateInstance("diagonals", 24, { seed: 1 }).board;

const timedOut = (fn: string) => (e: unknown) =>
  e instanceof NQueensError &&
  e.code === "timed-out" &&
  e.details.option === "timeLimitMs" &&
  e.message.startsWith(`${fn} stopped at its time limit (timeLimitMs, 0 ms) without an answer`) &&
  e.message.includes("completeOneAsync");

describe("the blocking completion calls stop at their time limit", () => {
  test("the default limit is one minute", () => {
    assert.equal(SYNC_TIME_LIMIT_MS, 60_000);
  });
  test("completeOne and canComplete on a hard instance, at 0 ms: timed-out, naming the call", () => {
    assert.throws(() => completeOne(hard(), { timeLimitMs: 0 }), timedOut("completeOne"));
    assert.throws(() => canComplete(hard(), { timeLimitMs: 0 }), timedOut("canComplete"));
  });
  test("decideCompletion's limit also holds on the line board: timedOut, no answer", () => {
    const board = { n: 500, queens: [], blocked: [{ row: 0, col: 0 }] };
    const d = decideCompletion(board, { timeLimitMs: 0 });
    assert.deepEqual([d.method, d.timedOut, d.cols], ["line-board", true, undefined]);
  });
  const quick: [string, Parameters<typeof completeOne>[0], boolean][] = [
    ["8x8 with one queen", { n: 8, queens: [{ row: 0, col: 0 }] }, true],
    ["4x4, a corner queen", { n: 4, queens: [{ row: 0, col: 0 }] }, false],
  ];
  for (const [what, board, can] of quick) {
    test(`a board decided within the first slice still answers at 0 ms: ${what}`, () => {
      assert.equal(canComplete(board, { timeLimitMs: 0 }), can);
      assert.equal(completeOne(board, { timeLimitMs: 0 }) !== undefined, can);
    });
  }
  const wrong: [string, unknown][] = [
    ["negative", -1],
    ["NaN", Number.NaN],
    ["a string", "60s"],
    ["null", null],
  ];
  for (const [what, value] of wrong) {
    test(`timeLimitMs ${what} is refused, naming the option`, () => {
      const options = { timeLimitMs: value } as unknown as { timeLimitMs: number };
      for (const [fn, call] of [
        ["completeOne", () => completeOne({ n: 8, queens: [] }, options)],
        ["canComplete", () => canComplete({ n: 8, queens: [] }, options)],
      ] as const) {
        assert.throws(call, (e: unknown) => {
          return (
            e instanceof NQueensError &&
            e.code === "out-of-range" &&
            e.message.startsWith(`${fn}: options.timeLimitMs must be a number of milliseconds`)
          );
        });
      }
    });
  }
});
