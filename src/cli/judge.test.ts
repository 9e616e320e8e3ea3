// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npm run build` (npm test does).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { checkBoj9175, checkPoj3239, SAMPLES } from "../testing/judges.js";
import { assertBadInput, assertBuilt, nqueens } from "../testing/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "nqueens-judge-"));
before(assertBuilt);
after(() => rmSync(dir, { recursive: true, force: true }));

/** Asserts a "no": exit 1, `stdout` as the judge prints it, one line on stderr that matches. */
function assertNo(
  run: { code: number | null; stdout: string; stderr: string },
  stdout: string,
  message: RegExp,
) {
  assert.equal(run.code, 1, `exit status 1 expected, stderr: ${run.stderr}`);
  assert.equal(run.stdout, stdout);
  const lines = run.stderr.trimEnd().split("\n");
  assert.equal(lines.length, 1, `one line on stderr expected, got:\n${run.stderr}`);
  assert.match(lines[0]!, /^nqueens: /);
  assert.match(lines[0]!, message);
}

describe("nqueens judge: the samples through the built command", { concurrency: 2 }, () => {
  const exact = [
    ...SAMPLES.aoj.map((s) => ["aoj", s] as const),
    ...SAMPLES.leetcode51.map((s) => ["leetcode51", s] as const),
    ...SAMPLES.leetcode52.map((s) => ["leetcode52", s] as const),
  ];
  for (const [name, s] of exact) {
    test(`${name} ${JSON.stringify(s.input)}: byte for byte`, async () =>
      assert.deepEqual(await nqueens(["judge", name], s.input), {
        code: 0,
        stdout: s.output,
        stderr: "",
      }));
  }

  test("kattis sample 2: valid, exit 0", async () =>
    assert.deepEqual(await nqueens(["judge", "kattis"], SAMPLES.kattis[1].input), {
      code: 0,
      stdout: SAMPLES.kattis[1].output,
      stderr: "",
    }));

  test("kattis sample 1: invalid on stdout, byte for byte, exit 1 with the reason", async () => {
    const r = await nqueens(["judge", "kattis"], SAMPLES.kattis[0].input);
    assert.equal(SAMPLES.kattis[0].output, "invalid\n");
    assertNo(
      r,
      SAMPLES.kattis[0].output,
      /^nqueens: invalid: queens at \(2, 4\) and \(5, 7\) share a diagonal$/,
    );
  });

  // POJ 3239 and BOJ 9175 accept any solution: their samples' answers are one of many and this
  // command prints others, so each output is checked as the judge would: every case answered,
  // in the sample's form, with a valid solution (testing/judges.ts checks by brute force).
  test("poj3239 sample: one line, a valid solution for 8 (rows from 1 per column)", async () => {
    const r = await nqueens(["judge", "poj3239"], SAMPLES.poj3239[0].input);
    assert.equal(r.code, 0);
    assert.equal(r.stderr, "");
    assert.match(r.stdout, /^\d( \d){7}\n$/);
    assert.deepEqual(checkPoj3239([8], r.stdout), []);
  });

  test("boj9175 sample: each N, then a valid solution in lines of at most 65 characters", async () => {
    const r = await nqueens(["judge", "boj9175"], SAMPLES.boj9175[0].input);
    assert.equal(r.code, 0);
    assert.equal(r.stderr, "");
    assert.deepEqual(checkBoj9175([4, 8, 25, 50], r.stdout), []);
    const lines = r.stdout.split("\n");
    assert.equal(lines.pop(), "");
    assert.ok(lines.every((l) => l.length <= 65));
    assert.deepEqual(
      [lines[0], lines[2], lines[4], lines[6]],
      ["4", "8", "25", "50"],
      "N on its own line before each solution, as in the sample",
    );
  });

  test("poj3239 with the largest n, and several cases", async () => {
    const r = await nqueens(["judge", "poj3239"], "300\n8\n9\n0\n");
    assert.equal(r.code, 0);
    assert.deepEqual(checkPoj3239([300, 8, 9], r.stdout), []);
  });

  test("a FILE instead of stdin", async () => {
    const file = join(dir, "kattis.txt");
    writeFileSync(file, SAMPLES.kattis[1].input);
    assert.deepEqual(await nqueens(["judge", "kattis", file]), {
      code: 0,
      stdout: "valid\n",
      stderr: "",
    });
  });

  test("nqueens aoj answers as nqueens judge aoj", async () => {
    for (const input of [SAMPLES.aoj[0].input, "2\n2 2\n2 5\n", "x\n"]) {
      assert.deepEqual(await nqueens(["aoj"], input), await nqueens(["judge", "aoj"], input));
    }
  });
});

describe("nqueens judge: malformed input is exit 2, one line, nothing on stdout", {
  concurrency: 2,
}, () => {
  const cases: [string, string, RegExp][] = [
    ["aoj", "9\n", /^nqueens: line 1: k must be a whole number from 0 to 8: got '9'$/],
    ["aoj", "2\n3 3\n3 3\n", /^nqueens: line 3: square \(3, 3\) already has a queen \(line 2\)$/],
    ["aoj", "1\n8 0\n", /^nqueens: line 2: row 8 is outside 0\.\.7$/],
    [
      "leetcode51",
      "n = 13\n",
      /^nqueens: line 1: n must be from 1 to 12 \(LeetCode's tests go to 9\): got '13'$/,
    ],
    ["leetcode51", "", /^nqueens: empty input$/],
    [
      "leetcode52",
      "[4]\n",
      /^nqueens: line 1: expected n as a whole number, '4' or 'n = 4': got '\[4\]'$/,
    ],
    ["leetcode52", "n = 16\n", /^nqueens: line 1: n must be from 1 to 15/],
    ["kattis", "*.......\n", /^nqueens: expected 8 lines of 8 squares, got 1 line$/],
    [
      "kattis",
      "Q.......\n".repeat(8),
      /^nqueens: line 1: unknown symbol 'Q' at column 1; expected '\*' \(a queen\)/,
    ],
    ["poj3239", "8\n", /^nqueens: the input must end with a line 0 \(after line 1\)$/],
    ["poj3239", "4\n0\n", /^nqueens: line 1: n must be from 8 to 300, or 0 to end: got '4'$/],
    ["boj9175", "2\n4\n", /^nqueens: expected 2 lines with N after the count 2, got 1$/],
    ["boj9175", "1\n301\n", /^nqueens: line 2: N must be from 4 to 300: got '301'$/],
    [
      "boj9175",
      `1\n${"\u001b[31m".repeat(30)}\n`,
      /^nqueens: line 2: expected N, a whole number: got '(\\x1b\[31m){7}\\x1b\[31…' \(150 characters\)$/,
    ],
  ];
  for (const [name, input, message] of cases) {
    test(`${name} ${JSON.stringify(input.slice(0, 30))}`, async () =>
      assertBadInput(await nqueens(["judge", name], input), message));
  }

  test("an unknown problem names the choices", async () =>
    assertBadInput(
      await nqueens(["judge", "codeforces"], "4\n"),
      /'codeforces'.*aoj, leetcode51, leetcode52, kattis, poj3239, boj9175/,
    ));

  test("a FILE that does not exist", async () =>
    assertBadInput(
      await nqueens(["judge", "kattis", join(dir, "none.txt")]),
      /cannot read .*none\.txt/,
    ));
});

describe("nqueens judge: a no is exit 1 with one line on stderr", { concurrency: 2 }, () => {
  const cases: [string, string, string, RegExp][] = [
    [
      "aoj",
      "2\n2 2\n2 5\n",
      "",
      /^nqueens: cannot be completed: queens at \(2, 2\) and \(2, 5\) share a row$/,
    ],
    [
      "aoj",
      "2\n1 5\n4 5\n",
      "",
      /^nqueens: cannot be completed: queens at \(1, 5\) and \(4, 5\) share a column$/,
    ],
    [
      "aoj",
      "2\n0 0\n1 2\n",
      "",
      /^nqueens: cannot be completed: no 8-queens solution contains these 2 queens$/,
    ],
    [
      "kattis",
      "........\n".repeat(8),
      "invalid\n",
      /^nqueens: invalid: 0 queens on the board, expected 8$/,
    ],
    [
      "kattis",
      "*.......\n".repeat(8),
      "invalid\n",
      /^nqueens: invalid: queens at \(0, 0\) and \(1, 0\) share a column$/,
    ],
  ];
  for (const [name, input, stdout, message] of cases) {
    test(`${name} ${JSON.stringify(input.slice(0, 30))}`, async () =>
      assertNo(await nqueens(["judge", name], input), stdout, message));
  }
});

test("nqueens judge --help lists every problem with its input and output", async () => {
  const r = await nqueens(["judge", "--help"]);
  assert.equal(r.code, 0);
  for (const [name, problem] of [
    ["aoj", "AOJ ALDS1_13_A"],
    ["leetcode51", 'LeetCode 51 "N-Queens"'],
    ["leetcode52", 'LeetCode 52 "N-Queens II"'],
    ["kattis", "Kattis 8queens"],
    ["poj3239", "POJ 3239"],
    ["boj9175", "BOJ 9175"],
  ]) {
    assert.match(
      r.stdout,
      new RegExp(`^  ${name} +${problem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m"),
    );
  }
  assert.equal(r.stdout.match(/^ +in: /gm)?.length, 6);
  assert.equal(r.stdout.match(/^ +out: /gm)?.length, 6);
  assert.ok(
    r.stdout.split("\n").every((l) => l.length <= 90),
    "lines of at most 90 characters",
  );
});

describe("nqueens judge --check: a contestant's output, as the special judges check it", () => {
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  test("the sample's own answers are accepted, from a file or from stdin", async () => {
    for (const name of ["poj3239", "boj9175"] as const) {
      const s = SAMPLES[name][0];
      const out = file(`${name}.out`, s.output);
      assert.deepEqual(
        await nqueens(["judge", name, file(`${name}.in`, s.input), "--check", out]),
        {
          code: 0,
          stdout: "accepted\n",
          stderr: "",
        },
      );
      const r = await nqueens(["judge", name, "-", "--check", out], s.input);
      assert.equal(r.stdout, "accepted\n");
    }
  });
  test("a wrong answer: exit 1, the first fault on stderr", async () => {
    const input = file("w.in", "1\n5\n");
    const r = await nqueens(["judge", "boj9175", input, "--check", "-"], "5\n0 2 4 1 1\n");
    assertNo(r, "wrong answer\n", /wrong answer: case 1 \(N = 5\): .* share a column$/);
  });
  test("refused where the problem has one right output, or both would come from stdin", async () => {
    assertBadInput(
      await nqueens(["judge", "aoj", "--check", file("a.out", "x")], "0\n"),
      /--check is for the problems that accept any solution \(poj3239, boj9175\)/,
    );
    assertBadInput(
      await nqueens(["judge", "poj3239", "--check", "-"], "8\n0\n"),
      /cannot both come from stdin/,
    );
  });
});
