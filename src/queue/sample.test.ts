// `runs --verify --sample` read from text, as a table (no Redis needed).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { NQueensError } from "../errors.js";
import { missChance, parseSample, type Sample } from "./sample.js";

describe("parseSample", () => {
  const read: [string, Sample][] = [
    ["1", 1],
    ["50", 50],
    [" 12 ", 12],
    ["999999999", 999_999_999],
    ["5%", { percent: 5 }],
    ["0.5%", { percent: 0.5 }],
    ["100%", { percent: 100 }],
    ["all", { percent: 100 }],
  ];
  for (const [text, want] of read) {
    test(`reads '${text}'`, () => assert.deepEqual(parseSample(text), want));
  }

  const refused: [string, RegExp][] = [
    [
      "0",
      /^sample must be a number of sub-problems \(at least 1\), a share such as 5%, or all: got 0$/,
    ],
    ["-3", /^sample must be a number of sub-problems/],
    ["1.5", /^sample must be a number of sub-problems/],
    ["1000000000", /^sample must be a number of sub-problems/],
    ["0%", /^sample must be a share from 0% to 100%: got 0%$/],
    ["150%", /^sample must be a share from 0% to 100%: got 150%$/],
    ["ALL", /got ALL$/],
    ["x".repeat(30), /got x{20}\.\.\.$/],
  ];
  for (const [text, message] of refused) {
    test(`refuses '${text.slice(0, 20)}'`, () => {
      assert.throws(
        () => parseSample(text),
        (e: unknown) => e instanceof NQueensError && message.test(e.message),
      );
    });
  }

  test("a command names its flag", () => {
    assert.throws(() => parseSample("0%", "--sample"), /^NQueensError: --sample must be a share/);
  });
});

describe("missChance", () => {
  // Computed apart, exactly (Python's math.comb): C(of - wrong, k) / C(of, k).
  const table: [number, number, number, number][] = [
    [10, 1, 5, 0.5],
    [100, 1, 99, 0.01],
    [50, 1, 50, 0],
    [1000, 10, 368, 0.00990141440261676],
    [4096, 41, 434, 0.009892759814423236],
    [4096, 1, 434, 0.89404296875],
    [38604, 387, 455, 0.009935501553812702],
  ];
  for (const [of, wrong, k, p] of table) {
    test(`${k} of ${of} with ${wrong} wrong: ${p}`, () => {
      assert.ok(Math.abs(missChance(of, wrong, k) - p) < 1e-12, String(missChance(of, wrong, k)));
    });
  }
});
