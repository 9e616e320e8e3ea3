import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { ParseErrorCode } from "../formats/index.js";
import { MAX_BOJ9175_N } from "../limits.js";
import { assertVerdict, numbersOf, SAMPLES, checkBoj9175 as validate } from "../testing/judges.js";
import { BOJ9175_LINE, BOJ9175_MIN_N, checkBoj9175, solveBoj9175, wrapNumbers } from "./boj9175.js";

describe("solveBoj9175", () => {
  const sample = SAMPLES.boj9175[0];
  const sampleCases = [4, 8, 25, 50];

  test("the validator reads the sample's own answers as right", () =>
    assert.deepEqual(validate(sampleCases, sample.output), []));

  test("the sample input: a line N, then a solution, for each case, laid out as the sample", () => {
    // A special judge: the sample's solutions are one answer among many (the library's
    // construction gives others), so the bytes differ; the form is the sample's: N on its
    // own line, then the columns in lines of at most 65 characters (checked below).
    const r = solveBoj9175(sample.input);
    assert.ok(r.ok);
    assert.deepEqual(validate(sampleCases, r.output), []);
    const lines = r.output.split("\n");
    assert.equal(lines.pop(), "");
    assert.equal(lines.length, sample.output.trimEnd().split("\n").length, "as many lines");
    assert.ok(lines.every((l) => l.length <= BOJ9175_LINE));
  });

  test("the sample's line breaks are the wrapping's: at most 64 characters (65 with a space)", () => {
    const lines = sample.output.trimEnd().split("\n");
    const fifty = numbersOf(lines.slice(7).join(" "));
    assert.equal(wrapNumbers(fifty, BOJ9175_LINE), `${lines.slice(7).join("\n")}\n`);
    assert.equal(wrapNumbers(numbersOf(lines[5]!), BOJ9175_LINE), `${lines[5]}\n`);
  });

  test(`every N from ${BOJ9175_MIN_N} to ${MAX_BOJ9175_N} in one input`, () => {
    const ns = Array.from(
      { length: MAX_BOJ9175_N - BOJ9175_MIN_N + 1 },
      (_, i) => i + BOJ9175_MIN_N,
    );
    const r = solveBoj9175(`${ns.length}\n${ns.join("\n")}\n`);
    assert.ok(r.ok);
    assert.deepEqual(validate(ns, r.output), []);
    assert.ok(r.output.split("\n").every((l) => l.length <= BOJ9175_LINE));
  });

  const read: [string, string, number[]][] = [
    ["no cases: no output", "0\n", []],
    ["a repeated N", "2\n5\n5", [5, 5]],
    ["CRLF, blank lines, spaces and leading zeros", "\r\n 2 \r\n\r\n006\r\n7\r\n\r\n", [6, 7]],
  ];
  for (const [what, input, ns] of read) {
    test(what, () => {
      const r = solveBoj9175(input);
      assert.ok(r.ok);
      assert.deepEqual(validate(ns, r.output), []);
    });
  }
});

describe("wrapNumbers", () => {
  const cases: [number[], number, string][] = [
    [[], 10, ""],
    [[1, 2, 3], 5, "1 2 3\n"],
    [[1, 2, 3], 4, "1 2\n3\n"],
    [[123456, 7], 3, "123456\n7\n"],
  ];
  for (const [values, width, text] of cases) {
    test(`${values.join(",")} in ${width}`, () => assert.equal(wrapNumbers(values, width), text));
  }
});

describe("malformed input", () => {
  const cases: [string, string, ParseErrorCode, string][] = [
    ["empty input", "\n", "empty", "empty input"],
    [
      "a count that is a word",
      "two\n4\n5\n",
      "syntax",
      "line 1: expected the number of cases, a whole number: got 'two'",
    ],
    [
      "fewer lines than the count",
      "3\n4\n5\n",
      "syntax",
      "expected 3 lines with N after the count 3, got 2",
    ],
    [
      "more lines than the count",
      "1\n4\n\n5\n",
      "syntax",
      "expected 1 line with N after the count 1, got 2 (line 4: '5')",
    ],
    ["N = 3", "1\n3\n", "size", "line 2: N must be from 4 to 300: got '3'"],
    ["N = 301", "2\n4\n301\n", "size", "line 3: N must be from 4 to 300: got '301'"],
    [
      "two numbers on a line",
      "1\n4 5\n",
      "syntax",
      "line 2: expected N, a whole number: got '4 5'",
    ],
    [
      "a control character, escaped",
      "1\n4\u0000\n",
      "syntax",
      "line 2: expected N, a whole number: got '4\\x00'",
    ],
  ];
  for (const [what, input, code, error] of cases) {
    test(`refuses ${what}`, () =>
      assert.deepEqual(solveBoj9175(input), { ok: false, code, error }));
  }
});

describe("checkBoj9175: the special judge, agreeing with the tests' own validator", () => {
  const input = "3\n4\n5\n8\n";
  const cases = [4, 5, 8];
  const right = solveBoj9175(input);
  assert.ok(right.ok);
  const table: [string, string, RegExp | undefined][] = [
    ["this command's answer", right.output, undefined],
    ["other solutions, all on one line", "4 2 0 3 1 5 0 2 4 1 3 8 0 4 7 5 2 6 1 3", undefined],
    [
      "two queens in one column",
      "4\n2 0 3 1\n5\n0 2 4 1 1\n8\n0 4 7 5 2 6 1 3\n",
      /case 2 \(N = 5\): queens at \(3, 1\) and \(4, 1\) share a column$/,
    ],
    [
      "a diagonal",
      "4\n2 0 3 1\n5\n0 1 2 3 4\n8\n0 4 7 5 2 6 1 3\n",
      /case 2 \(N = 5\): queens at \(0, 0\) and \(1, 1\) share a diagonal$/,
    ],
    [
      "a column out of range",
      "4\n2 0 3 4\n5\n0 2 4 1 3\n8\n0 4 7 5 2 6 1 3\n",
      /case 1 \(N = 4\): '4' is not a number from 0 to 3$/,
    ],
    ["a wrong N", "4\n2 0 3 1\n6\n", /case 2 \(N = 5\): expected the line 5 first, got '6'$/],
    [
      "cut short",
      "4\n2 0 3 1\n5\n0 2\n",
      /case 2 \(N = 5\): the output ends after 2 of 5 columns$/,
    ],
    [
      "a case missing",
      "4\n2 0 3 1\n",
      /case 2 \(N = 5\): expected the line 5 first, got the end of the output$/,
    ],
    ["more after the last case", `${right.output}x\n`, /goes on after the last case: 'x'$/],
  ];
  for (const [what, output, wrong] of table) {
    test(what, () => {
      assertVerdict(checkBoj9175(input, output), validate(cases, output), wrong);
    });
  }
  test("a malformed input is malformed, whatever the output", () => {
    assert.deepEqual(checkBoj9175("1\n3\n", "3\n0 1 2\n"), solveBoj9175("1\n3\n"));
  });
});
