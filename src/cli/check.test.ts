// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npm run build` (npm test does).
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { nqueens, ROOT, type Run } from "../testing/run-cli.js";

let dir = "";
/** Writes `text` to a fresh file and returns its path. */
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

before(() => {
  assert.ok(existsSync(`${ROOT}dist/cli/check.js`), "build first: npm run build");
  dir = mkdtempSync(join(tmpdir(), "nqueens-check-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const EIGHT_DOTS = [0, 4, 7, 5, 2, 6, 1, 3]
  .map((c) => Array.from({ length: 8 }, (_, i) => (i === c ? "Q" : ".")).join(" "))
  .join("\n");

describe("nqueens check", { concurrency: 2 }, () => {
  const answers: [string, string[], string, Run][] = [
    [
      "a solution as a permutation",
      ["check"],
      "0 4 7 5 2 6 1 3\n",
      {
        code: 0,
        stdout: "8x8 board, 8 queens: a solution\n",
        stderr: "nqueens: read the input as perm (detected; -q hides this note)\n",
      },
    ],
    [
      "a solution as 1-based, named",
      ["check", "--format-in", "perm1"],
      "2 4 1 3\n",
      { code: 0, stdout: "4x4 board, 4 queens: a solution\n", stderr: "" },
    ],
    [
      "a partial permutation that reads 0-based and 1-based is refused, not guessed",
      ["check"],
      "- 3 - 1\n",
      {
        code: 2,
        stdout: "",
        stderr:
          "nqueens: '- 3 - 1' reads as 0-based columns (perm) and as 1-based ones (perm1), two different boards; name the format (perm or perm1) with --format-in\n",
      },
    ],
    [
      "a partial permutation with column 0 is 0-based",
      ["check"],
      "- 3 - 0\n",
      {
        code: 1,
        stdout:
          "4x4 board, 2 queens: not a solution\n2 queens missing; rows without a queen: 0, 2\n",
        stderr: "nqueens: read the input as perm (detected; -q hides this note)\n",
      },
    ],
    [
      "two attacking queens on a partial board",
      ["check", "-"],
      "Q...\n.Q..\n....\n....\n",
      {
        code: 1,
        stdout:
          "4x4 board, 2 queens: not a solution\n1 conflict:\n" +
          "  queens at (0, 0) and (1, 1) share a diagonal\n" +
          "2 queens missing; rows without a queen: 2, 3\n",
        stderr: "nqueens: read the input as compact (detected; -q hides this note)\n",
      },
    ],
    [
      "a full board with a column shared",
      ["check"],
      "1 3 0 0\n",
      {
        code: 1,
        stdout:
          "4x4 board, 4 queens: not a solution\n1 conflict:\n" +
          "  queens at (2, 0) and (3, 0) share a column\n",
        stderr: "nqueens: read the input as perm (detected; -q hides this note)\n",
      },
    ],
    [
      "two queens in one matrix row",
      ["check"],
      "QQ\n..\n",
      {
        code: 1,
        stdout:
          "2x2 board, 2 queens: not a solution\n1 conflict:\n" +
          "  queens at (0, 0) and (0, 1) share a row\n" +
          "row without a queen: 1\n",
        stderr: "nqueens: read the input as compact (detected; -q hides this note)\n",
      },
    ],
    [
      "the judge's form: its 8x8 board, incomplete",
      ["check"],
      "2\n2 2\n5 3\n",
      {
        code: 1,
        stdout:
          "8x8 board, 2 queens: not a solution\n" +
          "6 queens missing; rows without a queen: 0, 1, 3, 4, 6, 7\n",
        stderr: "nqueens: read the input as aoj (detected; -q hides this note)\n",
      },
    ],
    [
      "an empty 30x30 board: 20 empty rows listed",
      ["check"],
      "n 30\n",
      {
        code: 1,
        stdout:
          "30x30 board, 0 queens: not a solution\n30 queens missing; rows without a queen: " +
          "0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 and 10 more\n",
        stderr: "nqueens: read the input as lines (detected; -q hides this note)\n",
      },
    ],
  ];
  for (const [what, args, input, expected] of answers) {
    test(what, async () => assert.deepEqual(await nqueens(args, input), expected));
  }

  test("a solution in a file, as a dots matrix", async () => {
    const r = await nqueens(["check", "-q", file("eight.txt", EIGHT_DOTS)]);
    assert.deepEqual(r, { code: 0, stdout: "8x8 board, 8 queens: a solution\n", stderr: "" });
  });

  test("--json names the attacking pair", async () => {
    const r = await nqueens(["check", "--json", "-q"], "Q...\n.Q..\n....\n....\n");
    assert.equal(r.code, 1);
    assert.equal(r.stderr, "");
    assert.deepEqual(JSON.parse(r.stdout), {
      n: 4,
      format: "compact",
      solution: false,
      placed: 2,
      missing: 2,
      conflicts: {
        total: 1,
        row: 0,
        column: 0,
        diagonal: 1,
        "anti-diagonal": 0,
        first: [
          {
            kind: "diagonal",
            queens: [
              { row: 0, col: 0 },
              { row: 1, col: 1 },
            ],
          },
        ],
      },
      emptyRows: { total: 2, first: [2, 3] },
    });
  });

  test("--json for a solution", async () => {
    const r = await nqueens(["check", "--json", "--format-in", "json"], '{"n":4,"cols":[1,3,0,2]}');
    assert.equal(r.code, 0);
    assert.equal(r.stderr, "");
    assert.deepEqual(JSON.parse(r.stdout), {
      n: 4,
      format: "json",
      solution: true,
      placed: 4,
      missing: 0,
      conflicts: { total: 0, row: 0, column: 0, diagonal: 0, "anti-diagonal": 0, first: [] },
      emptyRows: { total: 0, first: [] },
    });
  });

  const unreadable: [string, () => string[], string, string][] = [
    [
      "a ragged matrix",
      () => ["check"],
      "Q...\n.Q..\n..Q\n...Q\n",
      "nqueens: row 2 has 3 cells, expected 4\n",
    ],
    [
      "an unknown symbol",
      () => ["check"],
      "Q...\n...?\n....\n....\n",
      "nqueens: unknown symbol '?' at row 1, column 3\n",
    ],
    [
      "an empty file",
      () => ["check", file("empty.txt", "")],
      "",
      "nqueens: empty input: no board in it\n",
    ],
    [
      "a missing file",
      () => ["check", join(dir, "nothing-here.txt")],
      "",
      `nqueens: cannot read '${join(dir, "nothing-here.txt")}': no such file\n`,
    ],
    [
      "a form that does not fit",
      () => ["check", "--format-in", "squares"],
      "0 4 7\n",
      "nqueens: line 1: '0' is not a square like a1 or h8\n",
    ],
  ];
  for (const [what, args, input, stderr] of unreadable) {
    test(`${what} -> exit 2, one line on stderr`, async () => {
      assert.deepEqual(await nqueens(args(), input), { code: 2, stdout: "", stderr });
    });
  }
});
