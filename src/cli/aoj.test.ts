// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npm run build` (npm test does).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { before, describe, test } from "node:test";
import { nqueens, ROOT } from "../testing/run-cli.js";

/** Every 8-queens solution, by brute force over the 8! permutations: independent of the library. */
function allSolutions(): number[][] {
  const out: number[][] = [];
  const walk = (cols: number[]) => {
    if (cols.length === 8) out.push([...cols]);
    else for (let c = 0; c < 8; c++) if (!cols.includes(c)) walk([...cols, c]);
  };
  walk([]);
  return out.filter((p) =>
    p.every((c, r) => p.every((d, s) => s <= r || Math.abs(c - d) !== s - r)),
  );
}
const SOLUTIONS = allSolutions();

const judgeInput = (fixed: [number, number][]) =>
  `${fixed.length}\n${fixed.map(([r, c]) => `${r} ${c}`).join("\n")}\n`;

/** The columns of a judge answer: one Q per line of 8 cells, or a failed assertion. */
function colsOf(stdout: string): number[] {
  const lines = stdout.split("\n");
  assert.equal(lines.pop(), "", "the answer ends with a newline");
  assert.equal(lines.length, 8);
  return lines.map((line) => {
    assert.match(line, /^\.*Q\.*$/);
    assert.equal(line.length, 8);
    return line.indexOf("Q");
  });
}

before(() => {
  assert.ok(existsSync(`${ROOT}dist/cli/aoj.js`), "build first: npm run build");
});

describe("nqueens aoj", { concurrency: 2 }, () => {
  test("the judge's sample", async () => {
    const r = await nqueens(["aoj"], "2\n2 2\n5 3\n");
    assert.deepEqual(r, {
      code: 0,
      stdout: "......Q.\nQ.......\n..Q.....\n.......Q\n.....Q..\n...Q....\n.Q......\n....Q...\n",
      stderr: "",
    });
  });

  const unique: [string, [number, number][]][] = [
    [
      "3 fixed queens",
      [
        [0, 1],
        [2, 4],
        [1, 6],
      ],
    ],
    [
      "5 fixed queens",
      [
        [1, 1],
        [2, 3],
        [4, 2],
        [6, 5],
        [7, 0],
      ],
    ],
  ];
  for (const [what, fixed] of unique) {
    test(what, async () => {
      const completions = SOLUTIONS.filter((s) => fixed.every(([r, c]) => s[r] === c));
      assert.equal(completions.length, 1, "the case must have exactly one completion");
      const r = await nqueens(["aoj"], judgeInput(fixed));
      assert.equal(r.stderr, "");
      assert.equal(r.code, 0);
      const cols = colsOf(r.stdout);
      assert.ok(
        SOLUTIONS.some((s) => s.join() === cols.join()),
        "a valid 8-queens solution",
      );
      for (const [row, col] of fixed)
        assert.equal(cols[row], col, `keeps the queen at (${row}, ${col})`);
      assert.deepEqual(cols, completions[0]);
    });
  }

  const malformed: [string, string, string][] = [
    ["k = abc", "abc\n0 0\n", "nqueens: line 1: k must be a whole number from 0 to 8: got 'abc'\n"],
    ["a missing line", "3\n0 0\n1 4\n", "nqueens: expected 3 lines 'r c' after k = 3, got 2\n"],
    ["r = 9", "2\n2 2\n9 3\n", "nqueens: line 3: row 9 is outside 0..7\n"],
    [
      "two queens on one square",
      "2\n1 5\n1 5\n",
      "nqueens: line 3: square (1, 5) already has a queen (line 2)\n",
    ],
    ["k = 9", "9\n", "nqueens: line 1: k must be a whole number from 0 to 8: got '9'\n"],
    [
      "a line that is not two numbers",
      "1\n1 2 3\n",
      "nqueens: line 2: expected two numbers 'r c', got '1 2 3'\n",
    ],
    ["empty input", "", "nqueens: empty input\n"],
  ];
  for (const [what, input, stderr] of malformed) {
    test(`malformed: ${what} -> exit 2, one line on stderr`, async () => {
      assert.deepEqual(await nqueens(["aoj"], input), { code: 2, stdout: "", stderr });
    });
  }

  const impossible: [string, [number, number][], string][] = [
    [
      "attacking queens",
      [
        [0, 0],
        [3, 3],
      ],
      "nqueens: cannot be completed: queens at (0, 0) and (3, 3) share a diagonal\n",
    ],
    [
      "two queens in a row",
      [
        [2, 2],
        [2, 5],
      ],
      "nqueens: cannot be completed: queens at (2, 2) and (2, 5) share a row\n",
    ],
    [
      "two queens in a column",
      [
        [1, 5],
        [4, 5],
      ],
      "nqueens: cannot be completed: queens at (1, 5) and (4, 5) share a column\n",
    ],
    [
      "no completion",
      [
        [0, 0],
        [1, 2],
      ],
      "nqueens: cannot be completed: no 8-queens solution contains these 2 queens\n",
    ],
  ];
  for (const [what, fixed, stderr] of impossible) {
    test(`cannot be completed: ${what} -> exit 1`, async () => {
      const completions = SOLUTIONS.filter((s) => fixed.every(([r, c]) => s[r] === c));
      assert.equal(completions.length, 0, "no solution holds these queens");
      assert.deepEqual(await nqueens(["aoj"], judgeInput(fixed)), { code: 1, stdout: "", stderr });
    });
  }
});
