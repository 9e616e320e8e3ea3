// The solve, list and complete commands, run as built (npm test builds first).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { construct } from "../construct.js";
import { known } from "../testing/known-counts.js";
import { assertBadInput, assertBuilt, BIN, nqueens, ROOT } from "../testing/run-cli.js";
import { untilCatches } from "../testing/wait.js";

let dir = "";
before(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "nqueens-cli-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Writes text to a fresh file in the test folder and returns its path. */
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Independent check that cols is an n-queens solution: distinct columns and diagonals. */
function valid(cols: number[], n: number): boolean {
  if (cols.length !== n) return false;
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      if (cols[a] === cols[b] || Math.abs(cols[a]! - cols[b]!) === b - a) return false;
    }
  }
  return cols.every((c) => Number.isInteger(c) && c >= 0 && c < n);
}

/** Whether a comes strictly before b in lexicographic order. */
function lexLess(a: number[], b: number[]): boolean {
  const i = a.findIndex((x, k) => x !== b[k]);
  return i >= 0 && a[i]! < b[i]!;
}

/** The columns of a board printed in the `dots` style. */
function colsOfDots(text: string): number[] {
  return text
    .trimEnd()
    .split("\n")
    .map((line) => line.split(" ").indexOf("Q"));
}

describe("nqueens solve", { concurrency: 4 }, () => {
  test("n = 8 prints the first solution in lexicographic order", async () => {
    const r = await nqueens(["solve", "8"]);
    assert.equal(r.code, 0);
    assert.deepEqual(colsOfDots(r.stdout), [0, 4, 7, 5, 2, 6, 1, 3]);
    assert.equal(r.stderr, "");
  });

  for (const method of ["backtrack", "construct", "random"]) {
    for (const n of [4, 9, 25, 64]) {
      if (method === "backtrack" && n > 30) continue;
      test(`--method ${method} n = ${n} prints a valid solution as JSON`, async () => {
        const r = await nqueens(["solve", String(n), "--method", method, "--json"]);
        assert.equal(r.code, 0, r.stderr);
        const out = JSON.parse(r.stdout) as { n: number; cols: number[] };
        assert.equal(out.n, n);
        assert.ok(valid(out.cols, n), r.stdout);
      });
    }
  }

  test("random with the same seed gives the same board, another seed may differ", async () => {
    const a = await nqueens([
      "solve",
      "30",
      "--method",
      "random",
      "--seed",
      "5",
      "--format",
      "perm",
    ]);
    const b = await nqueens([
      "solve",
      "30",
      "--method",
      "random",
      "--seed",
      "5",
      "--format",
      "perm",
    ]);
    assert.equal(a.stdout, b.stdout);
    assert.ok(valid(a.stdout.trim().split(" ").map(Number), 30));
  });

  test("n = 100000 with --format perm is a valid permutation solution", async () => {
    const r = await nqueens(["solve", "100000", "--format", "perm"]);
    assert.equal(r.code, 0);
    const cols = r.stdout.trim().split(" ").map(Number);
    assert.equal(cols.length, 100000);
    assert.equal(new Set(cols).size, 100000);
    const d1 = new Set(cols.map((c, r) => r - c));
    const d2 = new Set(cols.map((c, r) => r + c));
    assert.equal(d1.size, 100000);
    assert.equal(d2.size, 100000);
  });

  for (const n of ["2", "3"]) {
    test(`n = ${n} has no solution: exit 1, nothing on stdout`, async () => {
      const r = await nqueens(["solve", n]);
      assert.equal(r.code, 1);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /no solution/);
    });
  }

  const bad: [string[], RegExp][] = [
    [["solve", "abc"], /n must be a whole number: got 'abc'/],
    [["solve", "0"], /n must be from 1 to 10000000: got 0/],
    [["solve", "-4"], /got -4/],
    [["solve", "1000000000"], /n must be from 1 to 10000000: got 1000000000/],
    [["solve", "8.5"], /got '8.5'/],
    [["solve", "8", "--method", "magic"], /magic/],
    [["solve", "8", "--method", "random", "--seed", "x"], /--seed must be a whole number: got 'x'/],
    [["solve", "8", "--seed", "3"], /--seed is for --method random/],
    [["solve", "1000", "--format", "dots"], /use --format perm/],
    [["solve"], /missing required argument 'n'/],
    [["solve", "8", "--bogus"], /unknown option '--bogus'/],
  ];
  for (const [args, message] of bad) {
    test(`bad input: nqueens ${args.join(" ")}`, async () => {
      assertBadInput(await nqueens(args), message);
    });
  }
});

describe("nqueens list", { concurrency: 4 }, () => {
  for (const { n, total } of known(1, 9)) {
    test(`n = ${n}: ${total} numbered solutions in increasing order, all valid`, async () => {
      const r = await nqueens(["list", String(n), "--json"]);
      assert.equal(r.code, total > 0n ? 0 : 1);
      const rows = r.stdout
        .trim()
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as { index: number; cols: number[] });
      assert.equal(BigInt(rows.length), total);
      rows.forEach((row, i) => {
        assert.equal(row.index, i + 1);
        assert.ok(valid(row.cols, n));
        if (i > 0) assert.ok(lexLess(rows[i - 1]!.cols, row.cols));
      });
    });
  }

  for (const { n, unique } of known(4, 9)) {
    test(`--unique n = ${n}: ${unique} classes whose orbits add up to the total`, async () => {
      const r = await nqueens(["list", String(n), "--unique", "--json"]);
      const rows = r.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { cols: number[]; orbit: number });
      assert.equal(BigInt(rows.length), unique);
      const total = rows.reduce((s, row) => s + row.orbit, 0);
      assert.equal(BigInt(total), known(n, n)[0]!.total);
    });
  }

  test("--limit stops early and numbers the lines", async () => {
    const r = await nqueens(["list", "10", "--limit", "3", "--format", "perm"]);
    assert.equal(r.code, 0);
    assert.deepEqual(
      r.stdout
        .trimEnd()
        .split("\n")
        .map((l) => l.split(":")[0]),
      ["1", "2", "3"],
    );
  });

  const bad: [string[], RegExp][] = [
    [["list", "x"], /n must be a whole number: got 'x'/],
    [["list", "0"], /from 1 to 32: got 0/],
    [["list", "-1"], /got -1/],
    [["list", "1000000000"], /from 1 to 32: got 1000000000/],
    [["list", "8", "--limit", "many"], /--limit must be a whole number: got 'many'/],
    [["list", "8", "--format", "fancy"], /fancy/],
  ];
  for (const [args, message] of bad) {
    test(`bad input: nqueens ${args.join(" ")}`, async () => {
      assertBadInput(await nqueens(args), message);
    });
  }
});

describe("nqueens complete", { concurrency: 4 }, () => {
  const judgeSample =
    ". . . . . . . .\n. . . . . . . .\n. . Q . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . Q . . . .\n. . . . . . . .\n. . . . . . . .\n";

  test("a board from a file is completed keeping its queens", async () => {
    const r = await nqueens(["complete", file("judge.txt", judgeSample), "--format", "perm"]);
    assert.equal(r.code, 0, r.stderr);
    const cols = r.stdout.trim().split(" ").map(Number);
    assert.ok(valid(cols, 8));
    assert.equal(cols[2], 2);
    assert.equal(cols[5], 3);
  });

  test("a board from stdin with --count: the 92 solutions of the empty board", async () => {
    const r = await nqueens(["complete", "--count"], "n 8\n");
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "92\n");
  });

  test("--count of an empty board (counted by the counter): the known counts, text and JSON", async () => {
    for (const k of known(1, 15)) {
      const text = await nqueens(["complete", "--count", "-q"], `n ${k.n}\n`);
      assert.equal(text.code, k.total > 0n ? 0 : 1, text.stderr);
      assert.equal(text.stdout, `${k.total}\n`);
    }
    const json = await nqueens(["complete", "--count", "--json", "-q"], "n 15\n");
    assert.deepEqual(JSON.parse(json.stdout), { n: 15, count: String(known(15, 15)[0]!.total) });
  });

  test("--all lists the completions, each valid and keeping the fixed queen", async () => {
    const r = await nqueens(["complete", "-", "--all", "--json"], "n 6\n0 1\n");
    assert.equal(r.code, 0, r.stderr);
    const rows = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { cols: number[] });
    assert.ok(rows.length > 0);
    for (const row of rows) {
      assert.ok(valid(row.cols, 6));
      assert.equal(row.cols[0], 1);
    }
  });

  test("a big board, 10^5 rows with 10 queens: completed (the repair), its queens kept", async () => {
    const n = 100_000;
    const s = construct(n)!;
    const rows = [0, 9999, 20_000, 31_313, 45_000, 50_001, 64_000, 77_777, 88_888, 99_999];
    const text = `n ${n}\n${rows.map((r) => `${r} ${s[r]}`).join("\n")}\n`;
    const r = await nqueens(["complete", "-q", "--format", "perm"], text);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, "");
    const cols = r.stdout.trim().split(" ").map(Number);
    assert.equal(cols.length, n);
    const seen = [new Set<number>(), new Set<number>(), new Set<number>()];
    cols.forEach((c, row) => {
      seen[0]!.add(c);
      seen[1]!.add(row - c);
      seen[2]!.add(row + c);
    });
    assert.deepEqual(
      seen.map((x) => x.size),
      [n, n, n],
    );
    assert.ok(cols.every((c) => Number.isInteger(c) && c >= 0 && c < n));
    for (const row of rows) assert.equal(cols[row], s[row]);
  });

  test("a board that cannot be completed: exit 1 and a reason", async () => {
    const r = await nqueens(["complete"], "Q . . .\n. . . .\n. . . .\n. . . .\n");
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /cannot be completed/);
  });

  test("--count of an impossible board prints 0 and exits 1", async () => {
    const r = await nqueens(["complete", "--count"], "Q . . .\n. . . .\n. . . .\n. . . .\n");
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "0\n");
  });

  const attacking: [string, string, string][] = [
    ["on a diagonal", "Q . . .\n. Q . .\n. . . .\n. . . .\n", "(0, 0) and (1, 1) share a diagonal"],
    ["in a column", "Q . . .\n. . . .\nQ . . .\n. . . .\n", "(0, 0) and (2, 0) share a column"],
    ["in a row", "n 8\n3 1\n3 6\n", "(3, 1) and (3, 6) share a row"],
  ];
  for (const [what, text, pair] of attacking) {
    test(`queens that attack ${what} are a "no", as check says: exit 1, the pair named`, async () => {
      const r = await nqueens(["complete", "-q"], text);
      assert.deepEqual(r, {
        code: 1,
        stdout: "",
        stderr: `nqueens: this board cannot be completed: queens at ${pair}\n`,
      });
      assert.equal((await nqueens(["check", "-q"], text)).code, 1);
    });
  }

  const bad: [string, string | undefined, RegExp][] = [
    ["a ragged matrix", "Q . . .\n. . .\n. . . .\n. . . .\n", /row 1 has 3 cells, expected 4/],
    ["an unknown symbol", "Q . . .\n. . Z .\n. . . .\n. . . .\n", /unknown symbol 'Z'/],
    ["an empty file", "", /empty/],
    ["a missing file", undefined, /cannot read '.*no-such-file\.txt': no such file/],
  ];
  for (const [name, text, message] of bad) {
    test(`bad input: ${name}`, async () => {
      const path = text === undefined ? join(dir, "no-such-file.txt") : file(`${name}.txt`, text);
      assertBadInput(await nqueens(["complete", path]), message);
    });
  }
});

describe("nqueens", () => {
  test("--version prints the version in package.json", async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    const r = await nqueens(["--version"]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout.trim(), pkg.version);
  });

  test("--help lists every command and the exit codes", async () => {
    const r = await nqueens(["--help"]);
    assert.equal(r.code, 0);
    for (const name of [
      "solve",
      "list",
      "count",
      "complete",
      "check",
      "aoj",
      "trace",
      "compare",
      "web",
    ]) {
      assert.match(r.stdout, new RegExp(`^  ${name} `, "m"));
    }
    assert.match(r.stdout, /Exit status: 0 yes, 1/);
    // Every status the command exits with: 69 (bin/nqueens.js), 74 and a signal's 128 + n too.
    const status = r.stdout.slice(r.stdout.indexOf("Exit status:")).replaceAll(/\s+/g, " ");
    for (const code of [
      /\b2 bad input or usage/,
      /\b69 the build or a package is missing/,
      /\b74 the output or a checkpoint could not be written/,
      /128\+n stopped by signal n \(130 for Ctrl-C\)/,
    ]) {
      assert.match(status, code);
    }
  });

  test("an unknown command is a one-line usage error", async () => {
    assertBadInput(await nqueens(["bogus"]), /unknown command 'bogus'/);
  });
});

describe("complete --count and --all stop on SIGTERM and SIGHUP as count does", () => {
  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    for (const mode of ["--count", "--all"]) {
      test(`${mode}, ${signal}: exit ${code}, one line saying what was done`, async () => {
        const child = spawn(process.execPath, [BIN, "complete", "-q", mode], { cwd: ROOT });
        let stderr = "";
        child.stderr.setEncoding("utf8").on("data", (d: string) => {
          stderr += d;
        });
        child.stdout.resume();
        child.stdin.end(mode === "--count" ? "n 19\n" : "n 32\n0 1\n1 30\n");
        // Signalled once the command has installed its handlers (SIGHUP is the last of the
        // three it installs at once), however long the machine takes to get there.
        await untilCatches(child, "SIGHUP", 1500);
        child.kill(signal);
        const exit = await new Promise<number | null>((r) => child.on("close", r));
        assert.equal(exit, code, stderr);
        assert.match(
          stderr,
          new RegExp(
            `^nqueens: interrupted by ${signal} after [\\d,]+ of [\\d,]+ sub-problems?; .*nothing is saved`,
          ),
        );
        assert.equal(stderr.trimEnd().split("\n").length, 1, stderr);
      });
    }
  }
});
