import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { ParseErrorCode } from "../formats/index.js";
import { bruteForceSolutions, isQueensPermutation, SAMPLES } from "../testing/judges.js";
import type { JudgeResult } from "./common.js";
import { solveKattis } from "./kattis.js";

/** The Kattis board of some queens (row, col), drawn here: `*` a queen, `.` empty. */
function board(queens: [number, number][], size = 8): string {
  const lines = Array.from({ length: size }, () => Array<string>(8).fill("."));
  for (const [r, c] of queens) lines[r]![c] = "*";
  return lines.map((l) => `${l.join("")}\n`).join("");
}
const ofCols = (cols: number[]) => board(cols.map((c, r) => [r, c]));

describe("solveKattis", () => {
  for (const [i, s] of SAMPLES.kattis.entries()) {
    test(`sample ${i + 1}, byte for byte: ${s.output.trim()}`, () => {
      const r = solveKattis(s.input);
      assert.equal(r.ok ? r.output : r.code === "no" ? r.output : undefined, s.output);
    });
  }

  test("sample 1 is a no that says why", () =>
    assert.deepEqual(solveKattis(SAMPLES.kattis[0].input), {
      ok: false,
      code: "no",
      output: "invalid\n",
      error: "invalid: queens at (2, 4) and (5, 7) share a diagonal",
    }));

  test("every 8! permutation board: valid exactly for the brute force's 92", () => {
    const valid = new Set(bruteForceSolutions(8).map((c) => c.join()));
    assert.equal(valid.size, 92);
    let seen = 0;
    const walk = (cols: number[]) => {
      if (cols.length === 8) {
        seen++;
        const r = solveKattis(ofCols(cols));
        assert.equal(r.ok, valid.has(cols.join()), cols.join());
        assert.equal(isQueensPermutation(cols), valid.has(cols.join()));
        assert.equal(r.ok ? r.output : r.code === "no" && r.output, r.ok ? "valid\n" : "invalid\n");
        return;
      }
      for (let c = 0; c < 8; c++) if (!cols.includes(c)) walk([...cols, c]);
    };
    walk([]);
    assert.equal(seen, 40320);
  });

  const no: [string, string, string][] = [
    ["an empty board", board([]), "invalid: 0 queens on the board, expected 8"],
    [
      "7 queens",
      board([
        [0, 0],
        [1, 4],
        [2, 7],
        [3, 5],
        [4, 2],
        [5, 6],
        [6, 1],
      ]),
      "invalid: 7 queens on the board, expected 8",
    ],
    [
      "a full board",
      board(Array.from({ length: 64 }, (_, i) => [i >> 3, i & 7])),
      "invalid: 64 queens on the board, expected 8",
    ],
    [
      "two in a row, none in another",
      board([
        [0, 0],
        [0, 4],
        [2, 7],
        [3, 5],
        [4, 2],
        [5, 6],
        [6, 1],
        [7, 3],
      ]),
      "invalid: queens at (0, 0) and (0, 4) share a row",
    ],
    [
      "one column",
      board(Array.from({ length: 8 }, (_, r) => [r, 3])),
      "invalid: queens at (0, 3) and (1, 3) share a column",
    ],
    [
      "the anti-diagonal",
      board(Array.from({ length: 8 }, (_, r) => [r, 7 - r])),
      "invalid: queens at (0, 7) and (1, 6) share an anti-diagonal",
    ],
  ];
  for (const [what, input, error] of no) {
    test(`invalid: ${what}`, () =>
      assert.deepEqual(solveKattis(input), { ok: false, code: "no", output: "invalid\n", error }));
  }

  test("CRLF, blank lines and spaces around a line are read", () =>
    assert.deepEqual(
      solveKattis(`\r\n${SAMPLES.kattis[1].input.replaceAll("\n", " \r\n")}\r\n\r\n`),
      { ok: true, output: "valid\n" },
    ));
});

describe("malformed input", () => {
  const sample = SAMPLES.kattis[1].input;
  const cases: [string, string, ParseErrorCode, string][] = [
    ["empty input", "\n \n", "empty", "empty input"],
    [
      "7 lines",
      sample.split("\n").slice(1).join("\n"),
      "shape",
      "expected 8 lines of 8 squares, got 7 lines",
    ],
    [
      "9 lines",
      `${sample}........\n`,
      "shape",
      "expected 8 lines of 8 squares, got 9 lines (line 9: '........')",
    ],
    [
      "a short line",
      sample.replace("*.......", "*......"),
      "shape",
      "line 1: expected 8 squares, got 7: '*......'",
    ],
    [
      "a long line",
      sample.replace("..*.....", "..*......"),
      "shape",
      "line 8: expected 8 squares, got 9: '..*......'",
    ],
    [
      "Q for a queen",
      sample.replace("....*...", "....Q..."),
      "symbol",
      "line 3: unknown symbol 'Q' at column 5; expected '*' (a queen) or '.' (an empty square)",
    ],
    [
      "spaces between squares",
      sample.replace("*.......", "* . . . . . . ."),
      "symbol",
      "line 1: unknown symbol ' ' at column 2; expected '*' (a queen) or '.' (an empty square)",
    ],
    [
      "an escape sequence",
      sample.replace("*.......", "*\u001b[2J...."),
      "symbol",
      "line 1: unknown symbol '\\x1b' at column 2; expected '*' (a queen) or '.' (an empty square)",
    ],
    [
      "a long line of other text, cut",
      `${"x".repeat(100)}\n`,
      "symbol",
      "line 1: unknown symbol 'x' at column 1; expected '*' (a queen) or '.' (an empty square)",
    ],
    [
      "a long line of dots, cut",
      `${".".repeat(100)}\n`,
      "shape",
      `line 1: expected 8 squares, got 100: '${".".repeat(39)}…' (100 characters)`,
    ],
  ];
  for (const [what, input, code, error] of cases) {
    test(`refuses ${what}`, () => {
      const expected: JudgeResult = { ok: false, code, error };
      assert.deepEqual(solveKattis(input), expected);
    });
  }
});
