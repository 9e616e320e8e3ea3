import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { ParseErrorCode } from "../formats/index.js";
import { MAX_POJ3239_N } from "../limits.js";
import {
  assertVerdict,
  bruteForceSolutions,
  numbersOf,
  SAMPLES,
  checkPoj3239 as validate,
} from "../testing/judges.js";
import { checkPoj3239, POJ3239_MIN_N, solvePoj3239 } from "./poj3239.js";

describe("solvePoj3239", () => {
  const sample = SAMPLES.poj3239[0];

  test("the checker reads the sample's own answer as right", () =>
    assert.deepEqual(validate([8], sample.output), []));

  test("the sample is not the lexicographically first solution, so any answer is accepted", () => {
    const first = bruteForceSolutions(8)[0]!.map((c) => c + 1); // the transpose set is the same
    assert.deepEqual(first, [1, 5, 8, 6, 3, 7, 2, 4]);
    assert.notDeepEqual(numbersOf(sample.output), first);
  });

  test("the sample input: one line, a solution in the sample's form (rows from 1 per column)", () => {
    // The sample's answer cannot be reproduced byte for byte: the statement asks for any
    // solution ("output your solution") and its 5 3 1 6 8 2 4 7 is none of the library's
    // methods' answers. What must match is the form: one line of 8 numbers, a valid solution.
    const r = solvePoj3239(sample.input);
    assert.ok(r.ok);
    assert.match(r.output, /^\d+( \d+){7}\n$/);
    assert.deepEqual(validate([8], r.output), []);
  });

  test(`every n from ${POJ3239_MIN_N} to ${MAX_POJ3239_N} in one input`, () => {
    const ns = Array.from(
      { length: MAX_POJ3239_N - POJ3239_MIN_N + 1 },
      (_, i) => i + POJ3239_MIN_N,
    );
    const r = solvePoj3239(`${ns.join("\n")}\n0\n`);
    assert.ok(r.ok);
    assert.deepEqual(validate(ns, r.output), []);
  });

  const read: [string, string, number[]][] = [
    ["only the closing 0: no output", "0\n", []],
    ["a repeated n", "8\n8\n0", [8, 8]],
    ["CRLF, blank lines, spaces and leading zeros", "\r\n 9 \r\n\r\n010\r\n0\r\n\r\n", [9, 10]],
  ];
  for (const [what, input, ns] of read) {
    test(what, () => {
      const r = solvePoj3239(input);
      assert.ok(r.ok);
      assert.deepEqual(validate(ns, r.output), []);
    });
  }
});

describe("malformed input", () => {
  const cases: [string, string, ParseErrorCode, string][] = [
    ["empty input", "\n", "empty", "empty input"],
    ["no closing 0", "8\n9\n", "syntax", "the input must end with a line 0 (after line 2)"],
    [
      "a line after the 0",
      "8\n0\n9\n",
      "syntax",
      "line 3: nothing may follow the closing 0 (line 2): got '9'",
    ],
    ["n = 7", "7\n0\n", "size", "line 1: n must be from 8 to 300, or 0 to end: got '7'"],
    ["n = 301", "8\n301\n0\n", "size", "line 2: n must be from 8 to 300, or 0 to end: got '301'"],
    ["a negative n", "-8\n0\n", "syntax", "line 1: expected n, a whole number: got '-8'"],
    [
      "two numbers on a line",
      "8 9\n0\n",
      "syntax",
      "line 1: expected n, a whole number: got '8 9'",
    ],
    ["a word", "eight\n0\n", "syntax", "line 1: expected n, a whole number: got 'eight'"],
    [
      "a long line, quoted and cut",
      `${"12345 ".repeat(20)}\n0\n`,
      "syntax",
      `line 1: expected n, a whole number: got '${"12345 ".repeat(6)}123…' (119 characters)`,
    ],
  ];
  for (const [what, input, code, error] of cases) {
    test(`refuses ${what}`, () =>
      assert.deepEqual(solvePoj3239(input), { ok: false, code, error }));
  }
});

describe("checkPoj3239: the special judge, agreeing with the tests' own validator", () => {
  const input = "8\n9\n0\n";
  const cases = [8, 9];
  const right = solvePoj3239(input);
  assert.ok(right.ok);
  const nine = "1 3 6 8 2 4 9 7 5"; // rows (from 1) of columns 1..9: a solution, by brute force below
  const table: [string, string, RegExp | undefined][] = [
    ["this command's answer", right.output, undefined],
    ["the sample's answer for 8, another for 9", `5 3 1 6 8 2 4 7\n${nine}\n`, undefined],
    [
      "two queens in one row",
      `5 3 1 6 8 2 4 4\n${nine}\n`,
      /case 1 \(n = 8\), line 1: queens at \(1, 5\) and \(3, 7\) share a diagonal$/,
    ],
    [
      "a number short",
      `5 3 1 6 8 2 4\n${nine}\n`,
      /case 1 \(n = 8\): line 1 has 7 numbers, expected 8$/,
    ],
    [
      "a row out of range",
      `5 3 1 6 8 2 4 9\n${nine}\n`,
      /case 1 \(n = 8\), line 1: '9' is not a number from 1 to 8$/,
    ],
    ["a case missing", "5 3 1 6 8 2 4 7\n", /case 2 \(n = 9\): the output has no line for it$/],
    ["a line too many", `${right.output}1 2\n`, /line 3 goes on after the last case: '1 2'$/],
  ];
  for (const [what, output, wrong] of table) {
    test(what, () => {
      assertVerdict(checkPoj3239(input, output), validate(cases, output), wrong);
    });
  }
  test("the 9-queens answer above is a solution (brute force)", () => {
    const perm = numbersOf(nine).map((r) => r - 1); // rows of columns: transposed, still a solution
    assert.ok(bruteForceSolutions(9).some((s) => s.join() === perm.join()));
  });
});
