// nqueens generate, and complete/check on boards with blocked squares and excluded diagonals,
// run as built (npm test builds first).
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { assertBadInput, assertBuilt, nqueens } from "../testing/run-cli.js";
import { satComplete } from "../testing/sat.js";

before(assertBuilt);

describe("nqueens generate", { concurrency: 4 }, () => {
  test("the same seed prints the same instance; another seed another one", async () => {
    for (const args of [
      ["diagonals", "12"],
      ["completion", "40"],
      ["blocked", "9"],
      ["puzzle", "8", "--difficulty", "hard"],
    ]) {
      const a = await nqueens(["generate", ...args, "--seed", "5", "--json"]);
      const b = await nqueens(["generate", ...args, "--seed", "5", "--json"]);
      const c = await nqueens(["generate", ...args, "--seed", "6", "--json"]);
      assert.equal(a.code, 0, a.stderr);
      assert.equal(a.stdout, b.stdout);
      assert.notEqual(a.stdout, c.stdout);
      const record = JSON.parse(a.stdout);
      assert.equal(record.kind, args[0]);
      assert.equal(record.seed, 5);
    }
  });

  test("the published instance: Excluded Diagonals n = 10, seed 1 (the CSPLib README's example)", async () => {
    // queens-diag-gen.py 10 4 1 lists [[4, 1], [2, 1], [14, 0], [8, 1], ...]: the first 4.
    const r = await nqueens([
      "generate",
      "diagonals",
      "10",
      "--seed",
      "1",
      "-d",
      "4",
      "--format",
      "csplib",
    ]);
    assert.equal(r.code, 0);
    assert.equal(
      r.stdout,
      "letting n = 10\nletting init = []\nletting numdiags = 4\nletting diags = [[4, 1], [2, 1], [8, 1], [14, 0]]\n",
    );
    assert.equal(
      r.stderr,
      "nqueens: Excluded Diagonals instance: n = 10, the first 4 of 14 diagonals, seed 1\n",
    );
  });

  test("diagonals on a board under 4: every square kept, never a value nobody typed", async () => {
    for (const n of [1, 2, 3]) {
      const r = await nqueens(["generate", "diagonals", String(n), "--json"]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).minInLine, n);
    }
    assertBadInput(
      await nqueens(["generate", "diagonals", "3", "--min-in-line", "4"]),
      /from 0 to 3: got 4/,
    );
  });

  test("a drawn instance reads back: complete agrees with the SAT route", async () => {
    for (const args of [
      ["diagonals", "10", "--seed", "3"],
      ["blocked", "8", "--seed", "2", "--blocked", "20"],
      ["completion", "30", "--seed", "4", "--placed", "20"],
    ]) {
      const made = await nqueens(["generate", ...args, "-q", "--format", "json"]);
      const board = JSON.parse(made.stdout);
      const done = await nqueens(["complete", "-q", "--json"], made.stdout);
      const sat = satComplete({ ...board, queens: board.queens ?? [] });
      assert.equal(done.code, sat ? 0 : 1, `${args.join(" ")}: ${done.stderr}`);
    }
  });

  test("a puzzle has one completion", async () => {
    const p = await nqueens(["generate", "puzzle", "10", "--seed", "3", "-q"]);
    const count = await nqueens(["complete", "--count", "-q"], p.stdout);
    assert.equal(count.stdout, "1\n");
  });

  test("a puzzle's JSON names its one completion `completion`, and reads back as the puzzle", async () => {
    const p = await nqueens(["generate", "puzzle", "10", "--seed", "3", "--json", "-q"]);
    const made = JSON.parse(p.stdout) as { completion: number[] };
    const done = await nqueens(["complete", "-q", "--format", "perm"], p.stdout);
    assert.equal(done.stdout, `${made.completion.join(" ")}\n`);
  });

  test("the translated board: thousands of rows, read and decided quickly", async () => {
    const made = await nqueens([
      "generate",
      "diagonals",
      "12",
      "--seed",
      "1",
      "-d",
      "11",
      "--translate",
      "-q",
    ]);
    assert.equal(JSON.parse(made.stdout).n, 3082);
    const done = await nqueens(["complete", "-q", "--json"], made.stdout);
    assert.equal(done.code, 1);
    assert.equal(done.stdout, '{"n":3082,"cols":null}\n');
  });

  test("options that do not fit are refused, exit 2", async () => {
    assertBadInput(
      await nqueens(["generate", "puzzle", "8", "--placed", "3"]),
      /--placed does not apply to puzzle/,
    );
    assertBadInput(
      await nqueens(["generate", "diagonals", "8", "-d", "99"]),
      /--diagonals must be from 0 to 32: got 99/,
    );
    assertBadInput(await nqueens(["generate", "puzzle", "40"]), /n must be/);
    assertBadInput(await nqueens(["generate", "mazes", "8"]), /mazes/);
    assertBadInput(await nqueens(["generate", "blocked", "4", "--blocked", "16"]), /gave up/);
  });
});

describe("complete and check with blocked squares and excluded diagonals", {
  concurrency: 4,
}, () => {
  test("blocked squares in the matrix: completed around them, drawn with the completion", async () => {
    const r = await nqueens(["complete", "-q"], ". x . .\n. . . .\n. . . .\n. . x .\n");
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, ". x Q .\nQ . . .\n. . . Q\n. Q x .\n");
    const count = await nqueens(
      ["complete", "-q", "--count"],
      ". x . .\n. . . .\n. . . .\n. . x .\n",
    );
    assert.equal(count.stdout, "1\n");
  });

  test("no completion avoids them: exit 1, the restrictions named", async () => {
    const r = await nqueens(["complete", "-q"], ". x x .\n. . . .\n. . . .\n. . . .\n");
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr,
      "nqueens: this 4x4 board cannot be completed: no placement of the remaining 4 queens avoids every attack, blocked square and excluded diagonal\n",
    );
  });

  test("CSPLib input with --diagonals takes the first d pairs", async () => {
    const file = "n = 6\nnumdiags = 3\ndiags = [[5, 1], [5, 0], [0, 1]]\n";
    const all = await nqueens(["complete", "-q", "--count"], file);
    const two = await nqueens(["complete", "-q", "--count", "--diagonals", "2"], file);
    const none = await nqueens(["complete", "-q", "--count", "-d", "0"], file);
    assert.equal(none.stdout, "4\n");
    assert.ok(Number(two.stdout) <= 4 && Number(all.stdout) <= Number(two.stdout));
    assertBadInput(
      await nqueens(["complete", "-q", "-d", "4"], file),
      /the diagonals to take must be a whole number from 0 to 3/,
    );
  });

  test("a queen on a blocked square or an excluded diagonal is named, exit 2", async () => {
    const cases: [string, RegExp][] = [
      [
        '{"n":8,"queens":[[2,3]],"blocked":[[2,3]]}',
        /^nqueens: queen at \(2, 3\) stands on a blocked square$/,
      ],
      [
        "letting n = 8\nletting init = [[2, 3]]\nnumdiags = 1\ndiags = [[5, 1]]\n",
        /^nqueens: queen at \(2, 3\) stands on the excluded sum diagonal 5 \(row \+ col\)$/,
      ],
      [
        '{"n":8,"queens":[[2,3]],"excluded":{"sums":[],"differences":[6]}}',
        /^nqueens: queen at \(2, 3\) stands on the excluded difference diagonal 6 \(row - col \+ 7\)$/,
      ],
    ];
    for (const [input, message] of cases) {
      assertBadInput(await nqueens(["complete", "-q"], input), message);
      assertBadInput(await nqueens(["check", "-q"], input), message);
    }
  });

  test("--format perm prints the plain completion; json and csplib keep the restrictions", async () => {
    const board = '{"n":4,"queens":[],"blocked":[[0,1]]}';
    const perm = await nqueens(["complete", "-q", "--format", "perm"], board);
    assert.equal(perm.stdout, "2 0 3 1\n");
    const csplib = await nqueens(["complete", "-q", "--format", "csplib"], board);
    assert.equal(
      csplib.stdout,
      "letting n = 4\nletting init = [[0, 2], [1, 0], [2, 3], [3, 1]]\nletting blocks = [[1, 2]]\n",
    );
    const check = await nqueens(["check", "-q"], csplib.stdout);
    assert.equal(check.code, 0, check.stdout);
  });
});
