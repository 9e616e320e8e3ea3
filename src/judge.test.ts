import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { completeJudge, JUDGE_SIZE, parseJudgeInput, solveJudge } from "./judge.js";
import type { ParseErrorCode } from "./parse.js";

/** Every 8-queens solution, by brute force over the 8! permutations: independent of the library. */
function allSolutions(): number[][] {
  const out: number[][] = [];
  const walk = (cols: number[]) => {
    if (cols.length === 8) {
      out.push([...cols]);
      return;
    }
    for (let c = 0; c < 8; c++) {
      if (!cols.includes(c)) walk([...cols, c]);
    }
  };
  walk([]);
  return out.filter((p) =>
    p.every((c, r) => p.every((d, s) => s <= r || Math.abs(c - d) !== s - r)),
  );
}
const SOLUTIONS = allSolutions();

function completionsOf(fixed: [number, number][]): number[][] {
  return SOLUTIONS.filter((s) => fixed.every(([r, c]) => s[r] === c));
}

function judgeText(cols: number[]): string {
  return cols.map((c) => `${".".repeat(c)}Q${".".repeat(7 - c)}\n`).join("");
}

const input = (fixed: [number, number][]) =>
  `${fixed.length}\n${fixed.map(([r, c]) => `${r} ${c}`).join("\n")}\n`;

test("the brute force finds the 92 solutions", () => assert.equal(SOLUTIONS.length, 92));

describe("solveJudge", () => {
  test("the judge's sample", () => {
    assert.equal(
      solveJudge("2\n2 2\n5 3\n"),
      [
        "......Q.",
        "Q.......",
        "..Q.....",
        ".......Q",
        ".....Q..",
        "...Q....",
        ".Q......",
        "....Q...",
        "",
      ].join("\n"),
    );
  });

  const unique: [string, [number, number][]][] = [
    [
      "3 queens",
      [
        [2, 4],
        [0, 1],
        [1, 6],
      ],
    ],
    [
      "3 other queens",
      [
        [0, 4],
        [1, 1],
        [3, 6],
      ],
    ],
    [
      "5 queens",
      [
        [7, 0],
        [1, 1],
        [2, 3],
        [4, 2],
        [6, 5],
      ],
    ],
    [
      "8 queens",
      [
        [0, 0],
        [1, 4],
        [2, 7],
        [3, 5],
        [4, 2],
        [5, 6],
        [6, 1],
        [7, 3],
      ],
    ],
  ];
  for (const [what, fixed] of unique) {
    test(`${what} with one completion`, () => {
      const expected = completionsOf(fixed);
      assert.equal(expected.length, 1, "the case must have exactly one completion");
      assert.equal(solveJudge(input(fixed)), judgeText(expected[0]!));
    });
  }

  test("zero queens: some solution", () => {
    const out = solveJudge("0\n")!;
    const cols = out
      .trimEnd()
      .split("\n")
      .map((line) => line.indexOf("Q"));
    assert.ok(
      SOLUTIONS.some((s) => s.join() === cols.join()),
      out,
    );
    assert.equal(out, judgeText(cols));
  });

  test("queens that cannot be completed give undefined", () => {
    assert.equal(
      completionsOf([
        [0, 0],
        [1, 2],
      ]).length,
      0,
    );
    assert.equal(solveJudge("2\n0 0\n1 2\n"), undefined);
    assert.equal(solveJudge("2\n0 0\n3 3\n"), undefined);
  });

  test("malformed input throws NQueensError with the parse message", () => {
    assert.throws(() => solveJudge("abc\n"), {
      name: "NQueensError",
      message: "line 1: k must be a whole number from 0 to 8: got 'abc'",
    });
  });
});

describe("completeJudge says why not", () => {
  test("attacking queens", () => {
    assert.deepEqual(
      completeJudge({
        n: JUDGE_SIZE,
        queens: [
          { row: 0, col: 0 },
          { row: 3, col: 3 },
        ],
      }),
      {
        ok: false,
        reason: "cannot be completed: queens at (0, 0) and (3, 3) share a diagonal",
      },
    );
  });
  test("queens with no completion", () => {
    assert.deepEqual(
      completeJudge({
        n: JUDGE_SIZE,
        queens: [
          { row: 0, col: 0 },
          { row: 1, col: 2 },
        ],
      }),
      {
        ok: false,
        reason: "cannot be completed: no 8-queens solution contains these 2 queens",
      },
    );
  });
  test("a completion", () => {
    const r = completeJudge({
      n: JUDGE_SIZE,
      queens: [
        { row: 2, col: 2 },
        { row: 5, col: 3 },
      ],
    });
    assert.deepEqual(r.ok && r.cols, [6, 0, 2, 7, 5, 3, 1, 4]);
  });
});

describe("parseJudgeInput", () => {
  test("reads queens in input order, ignoring blank lines and CRLF", () => {
    assert.deepEqual(parseJudgeInput("2\r\n\r\n5 3\r\n2  2\r\n\r\n"), {
      ok: true,
      board: {
        n: 8,
        queens: [
          { row: 5, col: 3 },
          { row: 2, col: 2 },
        ],
      },
    });
  });

  const bad: [string, string, ParseErrorCode, string][] = [
    ["empty input", "", "empty", "empty input"],
    [
      "k not a number",
      "abc\n1 1",
      "syntax",
      "line 1: k must be a whole number from 0 to 8: got 'abc'",
    ],
    ["k too large", "9\n", "syntax", "line 1: k must be a whole number from 0 to 8: got '9'"],
    ["k negative", "-1\n", "syntax", "line 1: k must be a whole number from 0 to 8: got '-1'"],
    [
      "two numbers on the k line",
      "1 2\n0 0",
      "syntax",
      "line 1: k must be a whole number from 0 to 8: got '1 2'",
    ],
    ["a missing line", "3\n0 0\n1 4\n", "syntax", "expected 3 lines 'r c' after k = 3, got 2"],
    ["an extra line", "1\n0 0\n1 4\n", "syntax", "expected 1 line 'r c' after k = 1, got 2"],
    [
      "a line with one number",
      "2\n0 0\n5\n",
      "syntax",
      "line 3: expected two numbers 'r c', got '5'",
    ],
    [
      "a line with a word",
      "1\nzero 0\n",
      "syntax",
      "line 2: expected two numbers 'r c', got 'zero 0'",
    ],
    ["a row of 9", "2\n2 2\n9 3\n", "range", "line 3: row 9 is outside 0..7"],
    ["a column of -1", "1\n2 -1\n", "range", "line 2: column -1 is outside 0..7"],
    [
      "two queens in a row",
      "2\n2 2\n2 5\n",
      "duplicate",
      "line 3: row 2 already has a queen (line 2)",
    ],
    [
      "two queens in a column",
      "2\n1 5\n\n4 5\n",
      "duplicate",
      "line 4: column 5 already has a queen (line 2)",
    ],
  ];
  for (const [what, text, code, error] of bad) {
    test(`refuses ${what}`, () =>
      assert.deepEqual(parseJudgeInput(text), { ok: false, error, code }));
  }
});
