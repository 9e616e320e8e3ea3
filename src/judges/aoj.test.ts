import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { ParseErrorCode } from "../formats/index.js";
import { completeJudge, JUDGE_SIZE, parseAojInput, solveAoj } from "./aoj.js";
import type { JudgeResult } from "./common.js";

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

/** solveAoj's output for an input it answers with a board (and a failure otherwise). */
function answer(text: string): string {
  const r = solveAoj(text);
  assert.ok(r.ok, `no answer: ${r.ok ? "" : r.error}`);
  return r.output;
}

describe("solveAoj answers", () => {
  test("the judge's sample", () => {
    assert.equal(
      answer("2\n2 2\n5 3\n"),
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
      assert.equal(answer(input(fixed)), judgeText(expected[0]!));
    });
  }

  test("zero queens: some solution", () => {
    const out = answer("0\n");
    const cols = out
      .trimEnd()
      .split("\n")
      .map((line: string) => line.indexOf("Q"));
    assert.ok(
      SOLUTIONS.some((s) => s.join() === cols.join()),
      out,
    );
    assert.equal(out, judgeText(cols));
  });

  test("queens that cannot be completed give a no", () => {
    assert.equal(
      completionsOf([
        [0, 0],
        [1, 2],
      ]).length,
      0,
    );
    for (const text of ["2\n0 0\n1 2\n", "2\n0 0\n3 3\n"]) {
      const r = solveAoj(text);
      assert.ok(!r.ok && r.code === "no" && r.output === "", text);
    }
  });

  test("malformed input gives the parse message", () => {
    assert.deepEqual(solveAoj("abc\n"), {
      ok: false,
      code: "syntax",
      error: "line 1: k must be a whole number from 0 to 8: got 'abc'",
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

describe("parseAojInput", () => {
  test("reads queens that attack each other as they are", () => {
    assert.deepEqual(parseAojInput("2\n2 2\n2 5\n"), {
      ok: true,
      board: {
        n: 8,
        queens: [
          { row: 2, col: 2 },
          { row: 2, col: 5 },
        ],
      },
    });
  });

  test("reads queens in input order, ignoring blank lines and CRLF", () => {
    assert.deepEqual(parseAojInput("2\r\n\r\n5 3\r\n2  2\r\n\r\n"), {
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
      "two queens on one square",
      "3\n2 2\n5 3\n2 2\n",
      "duplicate",
      "line 4: square (2, 2) already has a queen (line 2)",
    ],
    [
      "a long line, quoted and cut",
      `1\n${"7 ".repeat(100)}\n`,
      "syntax",
      `line 2: expected two numbers 'r c', got '${"7 ".repeat(19)}7…' (199 characters)`,
    ],
    [
      "a control character, escaped",
      "1\n0\u001b[31m 0\n",
      "syntax",
      "line 2: expected two numbers 'r c', got '0\\x1b[31m 0'",
    ],
    [
      "a 30-digit row",
      `1\n${"9".repeat(30)} 0\n`,
      "range",
      `line 2: row '${"9".repeat(30)}' is outside 0..7`,
    ],
  ];
  for (const [what, text, code, error] of bad) {
    test(`refuses ${what}`, () =>
      assert.deepEqual(parseAojInput(text), { ok: false, error, code }));
  }
});

describe("solveAoj", () => {
  const cases: [string, string, JudgeResult][] = [
    [
      "the judge's sample",
      "2\n2 2\n5 3\n",
      {
        ok: true,
        output: "......Q.\nQ.......\n..Q.....\n.......Q\n.....Q..\n...Q....\n.Q......\n....Q...\n",
      },
    ],
    [
      "two queens in a row: no",
      "2\n2 2\n2 5\n",
      {
        ok: false,
        code: "no",
        output: "",
        error: "cannot be completed: queens at (2, 2) and (2, 5) share a row",
      },
    ],
    [
      "two queens in a column: no",
      "2\n4 5\n\n1 5\n",
      {
        ok: false,
        code: "no",
        output: "",
        error: "cannot be completed: queens at (1, 5) and (4, 5) share a column",
      },
    ],
    [
      "queens on an anti-diagonal: no",
      "2\n0 7\n7 0\n",
      {
        ok: false,
        code: "no",
        output: "",
        error: "cannot be completed: queens at (0, 7) and (7, 0) share an anti-diagonal",
      },
    ],
    [
      "queens no solution holds: no",
      "2\n0 0\n1 2\n",
      {
        ok: false,
        code: "no",
        output: "",
        error: "cannot be completed: no 8-queens solution contains these 2 queens",
      },
    ],
    [
      "two queens on one square: malformed",
      "2\n3 3\n3 3\n",
      {
        ok: false,
        code: "duplicate",
        error: "line 3: square (3, 3) already has a queen (line 2)",
      },
    ],
    ["empty input: malformed", "\n\n", { ok: false, code: "empty", error: "empty input" }],
  ];
  for (const [what, input, expected] of cases) {
    test(what, () => assert.deepEqual(solveAoj(input), expected));
  }
});
