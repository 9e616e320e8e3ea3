import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { ParseErrorCode } from "../formats/index.js";
import { bruteForceSolutions, isQueensPermutation, SAMPLES } from "../testing/judges.js";
import { known } from "../testing/known-counts.js";
import {
  MAX_LEETCODE51_N,
  MAX_LEETCODE52_N,
  solveLeetcode51,
  solveLeetcode52,
} from "./leetcode.js";

/** LeetCode's rows of a board, built here from the brute force's columns. */
function rows(cols: number[]): string[] {
  return cols.map((c) => Array.from(cols, (_, i) => (i === c ? "Q" : ".")).join(""));
}

describe("solveLeetcode51", () => {
  for (const s of SAMPLES.leetcode51) {
    test(`the sample ${JSON.stringify(s.input)}, byte for byte`, () =>
      assert.deepEqual(solveLeetcode51(s.input), { ok: true, output: s.output }));
  }

  const forms: [string, string][] = [
    ["a bare number", "4"],
    ["n=4", "n=4"],
    ["spaces, CRLF and blank lines", "\r\n  N  =  4 \r\n\r\n"],
    ["a plus sign", "+4\n"],
  ];
  for (const [what, input] of forms) {
    test(`reads ${what}`, () => assert.deepEqual(solveLeetcode51(input), solveLeetcode51("n = 4")));
  }

  for (let n = 1; n <= 9; n++) {
    test(`n = ${n}: the brute force's boards, in its lexicographic order`, () => {
      const expected = bruteForceSolutions(n).map(rows);
      assert.deepEqual(solveLeetcode51(String(n)), {
        ok: true,
        output: `${JSON.stringify(expected)}\n`,
      });
    });
  }

  test(`n = ${MAX_LEETCODE51_N}: 14,200 valid distinct boards, sorted`, () => {
    const r = solveLeetcode51(String(MAX_LEETCODE51_N));
    assert.ok(r.ok);
    const boards = JSON.parse(r.output) as string[][];
    assert.equal(boards.length, 14200);
    const cols = boards.map((b) => b.map((row) => row.indexOf("Q")));
    assert.ok(cols.every((c) => isQueensPermutation(c)));
    const keys = cols.map((c) => c.map((v) => String.fromCharCode(65 + v)).join(""));
    assert.deepEqual(keys, [...new Set(keys)].sort());
  });
});

describe("solveLeetcode52", () => {
  for (const s of SAMPLES.leetcode52) {
    test(`the sample ${JSON.stringify(s.input)}, byte for byte`, () =>
      assert.deepEqual(solveLeetcode52(s.input), { ok: true, output: s.output }));
  }
  for (const { n, total } of known(1, MAX_LEETCODE52_N)) {
    test(`n = ${n}: ${total} (OEIS A000170)`, () =>
      assert.deepEqual(solveLeetcode52(`n = ${n}`), { ok: true, output: `${total}\n` }));
  }
});

describe("malformed input", () => {
  const cases: [string, string, ParseErrorCode, string][] = [
    ["empty input", " \n\n", "empty", "empty input"],
    [
      "a word",
      "four\n",
      "syntax",
      "line 1: expected n as a whole number, '4' or 'n = 4': got 'four'",
    ],
    [
      "a negative n",
      "n = -4",
      "syntax",
      "line 1: expected n as a whole number, '4' or 'n = 4': got 'n = -4'",
    ],
    [
      "a fraction",
      "4.5",
      "syntax",
      "line 1: expected n as a whole number, '4' or 'n = 4': got '4.5'",
    ],
    [
      "another name",
      "m = 4",
      "syntax",
      "line 1: expected n as a whole number, '4' or 'n = 4': got 'm = 4'",
    ],
    [
      "two numbers",
      "4 5",
      "syntax",
      "line 1: expected n as a whole number, '4' or 'n = 4': got '4 5'",
    ],
    ["two lines", "4\n\n5\n", "syntax", "line 3: expected one line with n, got another: '5'"],
    ["n = 0", "0", "size", "line 1: n must be from 1 to 12 (LeetCode's tests go to 9): got '0'"],
    [
      "a long line, quoted and cut",
      "9".repeat(100),
      "size",
      `line 1: n must be from 1 to 12 (LeetCode's tests go to 9): got '${"9".repeat(39)}…' (100 characters)`,
    ],
    [
      "a control character, escaped",
      "4\u0007",
      "syntax",
      "line 1: expected n as a whole number, '4' or 'n = 4': got '4\\x07'",
    ],
  ];
  for (const [what, input, code, error] of cases) {
    test(`refuses ${what}`, () => {
      assert.deepEqual(solveLeetcode51(input), { ok: false, code, error });
      assert.deepEqual(solveLeetcode52(input), {
        ok: false,
        code,
        error: error.replace("from 1 to 12", `from 1 to ${MAX_LEETCODE52_N}`),
      });
    });
  }
  test("each has its own largest n", () => {
    assert.deepEqual(solveLeetcode51("13"), {
      ok: false,
      code: "size",
      error: "line 1: n must be from 1 to 12 (LeetCode's tests go to 9): got '13'",
    });
    assert.deepEqual(solveLeetcode52("16"), {
      ok: false,
      code: "size",
      error: "line 1: n must be from 1 to 15 (LeetCode's tests go to 9): got '16'",
    });
  });
});

test("n = 2 and 3 have no solution: [] and 0, LeetCode's answers", () => {
  for (const n of ["2", "3"]) {
    assert.deepEqual(solveLeetcode51(n), { ok: true, output: "[]\n" });
    assert.deepEqual(solveLeetcode52(n), { ok: true, output: "0\n" });
  }
});
