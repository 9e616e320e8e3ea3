// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npm run build` (npm test does).
// Exit codes, flags that do not apply, suggestions, the prompt on a terminal, and grammar.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { assertBadInput, assertBuilt, BIN, nqueens } from "../testing/run-cli.js";

assertBuilt();

describe("flags that do not apply, and limits of 0, are errors", { concurrency: 4 }, () => {
  const cases: [string[], string, RegExp][] = [
    [["list", "8", "--limit", "0"], "", /--limit must be at least 1: got 0/],
    [["complete", "--all", "--limit", "0"], "n 8\n", /--limit must be at least 1: got 0/],
    [["complete", "--limit", "3"], "n 8\n", /--limit applies to --all/],
    [["complete", "--count", "--all"], "n 8\n", /--count and --all: one at a time/],
    [["complete", "--no-number"], "n 8\n", /--no-number applies to --all/],
    [["solve", "8", "--seed", "3"], "", /--seed is for --method random/],
    [["solve", "8", "--method", "construct", "--seed", "3"], "", /--seed is for --method random/],
    [
      ["solve", "5", "--format", "aoj"],
      "",
      /--format aoj is the judge's 8x8 board .*n = 5 use --format lines$/,
    ],
    [["list", "6", "--format", "aoj"], "", /--format aoj is the judge's 8x8 board/],
    [["generate", "completion", "10", "--format", "aoj"], "", /--format aoj .* n = 10 /],
  ];
  for (const [args, input, message] of cases) {
    test(`nqueens ${args.join(" ")}`, async () => {
      assertBadInput(await nqueens(args, input), message);
    });
  }
});

describe("a mistyped command gets commander's suggestion, on one line", () => {
  test("nqueens slove 8", async () => {
    const r = await nqueens(["slove", "8"]);
    assertBadInput(r, /unknown command 'slove'; did you mean solve\? \(see --help\)$/);
  });
  test("nqueens list 8 --limt 3", async () => {
    const r = await nqueens(["list", "8", "--limt", "3"]);
    assertBadInput(r, /unknown option '--limt'; did you mean --limit\?/);
  });
  test("nqueens -v: the version is -V, --version", async () => {
    const r = await nqueens(["-v"]);
    assertBadInput(
      r,
      /^nqueens: unknown option '-v'; did you mean -V, --version\? \(see --help\)$/,
    );
  });
  test("nqueens solve 8 -v: no version hint after a command (it has no -V)", async () => {
    const r = await nqueens(["solve", "8", "-v"]);
    assertBadInput(r, /^nqueens: unknown option '-v' \(see --help\)$/);
  });
});

describe("no command, or help for one that does not exist, is a usage error", () => {
  test("nqueens alone: the help on stderr, exit 2", async () => {
    const r = await nqueens([]);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /^Usage: nqueens \[options\] \[command\]/);
  });
  test("nqueens help bogus", async () => {
    assertBadInput(
      await nqueens(["help", "bogus"]),
      /^nqueens: no command 'bogus' \(see --help\)$/,
    );
  });
  test("nqueens help solve: the command's help on stdout, exit 0", async () => {
    const r = await nqueens(["help", "solve"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^Usage: nqueens solve/);
  });
});

describe("no answer is exit 1 with a reason", () => {
  for (const n of [2, 3]) {
    test(`list ${n}`, async () => {
      assert.deepEqual(await nqueens(["list", String(n)]), {
        code: 1,
        stdout: "",
        stderr: `nqueens: no solution exists for n = ${n}\n`,
      });
    });
  }
  test("solve 3 --json prints cols null and the method that ran", async () => {
    const r = await nqueens(["solve", "3", "--json"]);
    assert.equal(r.code, 1);
    assert.deepEqual(JSON.parse(r.stdout), { n: 3, method: "backtrack", cols: null });
  });
});

describe("solve --json names the method that ran", { concurrency: 4 }, () => {
  const cases: [string[], string][] = [
    [["solve", "8", "--json"], "backtrack"],
    [["solve", "29", "--json"], "backtrack"],
    [["solve", "30", "--json"], "construct"],
    [["solve", "12", "--method", "random", "--seed", "3", "--json"], "random"],
  ];
  for (const [args, method] of cases) {
    test(`nqueens ${args.join(" ")}: ${method}`, async () => {
      const r = await nqueens(args);
      assert.equal(r.code, 0, r.stderr);
      const record = JSON.parse(r.stdout) as { n: number; method: string; cols: number[] };
      assert.equal(record.method, method);
      assert.equal(record.cols.length, record.n);
    });
  }
});

describe("one, not ones", { concurrency: 4 }, () => {
  const cases: [string[], string, string, string][] = [
    [["check", "-q"], "n 1\n0 0\n", "1x1 board, 1 queen: a solution\n", ""],
    [
      ["check", "-q"],
      "n 2\n0 0\n",
      "2x2 board, 1 queen: not a solution\n1 queen missing; row without a queen: 1\n",
      "",
    ],
    [
      ["check", "-q"],
      "Q..\n..Q\n.Q.\n",
      "3x3 board, 3 queens: not a solution\n1 conflict:\n  queens at (1, 2) and (2, 1) share an anti-diagonal\n",
      "",
    ],
    [
      ["complete", "-q"],
      "n 2\n0 0\n",
      "",
      "nqueens: this 2x2 board cannot be completed: no placement of the remaining 1 queen avoids every attack\n",
    ],
  ];
  for (const [args, input, stdout, stderr] of cases) {
    test(JSON.stringify(input), async () => {
      const r = await nqueens(args, input);
      assert.equal(r.stdout, stdout);
      assert.equal(r.stderr, stderr);
    });
  }
});

/**
 * Python's pty module: runs the command with a terminal on stdin and types Ctrl-D once the
 * command has said that it reads (its first line on stderr), however long it takes to start.
 */
const PTY_SCRIPT = `
import os, pty, select, subprocess, sys, time
master, slave = os.openpty()
p = subprocess.Popen([sys.argv[1], sys.argv[2], "check"], stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
os.close(slave)
said = b""
deadline = time.time() + 300
while b"\\n" not in said and time.time() < deadline:
    ready, _, _ = select.select([p.stderr], [], [], 1.0)
    if ready:
        chunk = os.read(p.stderr.fileno(), 4096)
        if not chunk:
            break
        said += chunk
os.write(master, b"\\x04")
out, err = p.communicate(timeout=300)
sys.stdout.write((said + err).decode())
sys.exit(p.returncode)
`;

describe("on a terminal, a command waiting for a board says so", () => {
  const python = spawnSync("python3", ["-c", "import pty"]).status === 0;
  test("nqueens check with a terminal on stdin, then Ctrl-D", {
    skip: !python && "no python3 with pty",
  }, () => {
    const r = spawnSync("python3", ["-c", PTY_SCRIPT, process.execPath, BIN], {
      encoding: "utf8",
      timeout: 660_000, // a guard against a hang: the script's own waits end by 600 s
    });
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.equal(
      r.stdout,
      "nqueens: reading a board from standard input; end with Ctrl-D (or give a FILE)\n" +
        "nqueens: empty input: no board in it\n",
    );
  });
});

describe("a mistyped option's value is not repeated (it may be a secret)", () => {
  test("nqueens count 8 --secrt=hunter2-password-1234", async () => {
    const r = await nqueens(["count", "8", "--secrt=hunter2-password-1234"]);
    assertBadInput(r, /unknown option '--secrt=\.\.\.'/);
    assert.doesNotMatch(r.stderr, /hunter2/);
  });
});

describe("a checkout that was never built", () => {
  // `count` and the version try the fast start's module first (bin/nqueens.js), the rest main's.
  for (const [args, module] of [
    [["solve", "8"], "main"],
    [["count", "8"], "fast-start"],
  ] as const) {
    test(`nqueens ${args.join(" ")} says how to build, in one line, exit 69 (no stack trace)`, () => {
      const dir = mkdtempSync(join(tmpdir(), "nqueens-unbuilt-"));
      try {
        mkdirSync(join(dir, "bin"));
        copyFileSync(BIN, join(dir, "bin", "nqueens.js"));
        copyFileSync(join(dirname(BIN), "package.json"), join(dir, "bin", "package.json"));
        writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
        const r = spawnSync(process.execPath, [join(dir, "bin", "nqueens.js"), ...args], {
          encoding: "utf8",
        });
        assert.equal(r.status, 69);
        assert.equal(r.stdout, "");
        const missing = `Cannot find module .*dist\\/cli\\/${module}\\.js'`;
        assert.match(
          r.stderr,
          new RegExp(
            `^nqueens: cannot start \\(${missing}\\): run npm install in .* \\(in a clone, npm run build\\)\n$`,
          ),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
