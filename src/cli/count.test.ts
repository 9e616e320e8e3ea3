// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npm run build` (npm test does).
import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { known } from "../testing/known-counts.js";
import { BIN, ROOT } from "../testing/run-cli.js";
import { until } from "../testing/wait.js";

const dir = mkdtempSync(join(tmpdir(), "nqueens-count-"));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function start(args: string[]): ChildProcess {
  return spawn(process.execPath, [BIN, "count", ...args], { cwd: ROOT });
}

function finish(child: ChildProcess): Promise<Run> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr?.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const count = (args: string[]) => finish(start(args));

/**
 * Waits until `path` holds at least `lines` complete lines (the header included), however long
 * the machine takes; fails if the count finishes first (it could not be stopped then).
 */
function waitForLines(path: string, lines: number, child: ChildProcess): Promise<void> {
  return until(
    () => existsSync(path) && readFileSync(path, "utf8").split("\n").length - 1 >= lines,
    `${path} to reach ${lines} lines (the count finished before it could be stopped?)`,
    { alive: child, every: 10 },
  );
}

before(() => {
  assert.ok(existsSync(`${ROOT}dist/cli/count.js`), "build first: npm run build");
});

describe("nqueens count", () => {
  test("--json prints exact counts as strings", async () => {
    const r = await count(["8", "--json"]);
    assert.equal(r.code, 0);
    assert.equal(r.stderr, "");
    const out = JSON.parse(r.stdout);
    assert.equal(out.n, 8);
    assert.equal(out.total, "92");
    assert.equal(out.unique, "12");
    assert.equal(typeof out.seconds, "number");
    assert.ok(out.workers >= 0);
  });

  test("prints the total, the unique count with --unique, and the time", async () => {
    const r = await count(["10", "--unique", "--workers", "2"]);
    assert.equal(r.code, 0);
    assert.match(
      r.stdout,
      /^total {3}724\nunique {2}92\ntime {4}\d+\.\d\d s \((\d workers?|on the main thread)\)\n$/,
    );
    const plain = await count(["6"]);
    assert.match(plain.stdout, /^total {3}4\ntime/);
  });

  test("--workers that cannot help says so on stderr; the output is the same", async () => {
    const r = await count(["8", "--workers", "256"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^total {3}92\n/);
    const notes = r.stderr.trimEnd().split("\n");
    if (availableParallelism() * 2 < 256) {
      assert.match(
        notes.shift()!,
        /^nqueens: note: 256 workers on \d+ cores?: threads beyond the cores add memory, not speed$/,
      );
    }
    assert.deepEqual(notes, [
      "nqueens: note: n=8 was counted on the main thread, quicker than starting threads: --workers was not used",
    ]);
    const quiet = await count(["8", "--workers", "256", "--json"]);
    assert.equal(quiet.stderr, "", "--json: the JSON's workers says it");
  });

  const bad: [string[], RegExp][] = [
    [["abc"], /n must be a whole number: got 'abc'/],
    [["0"], /n must be from 1 to 32: got 0/],
    [["-1"], /n must be from 1 to 32: got -1/],
    [["33"], /n must be from 1 to 32: got 33/],
    [["1000000000"], /n must be from 1 to 32: got 1000000000/],
    [["8", "--workers", "0"], /--workers must be from 1 to 256: got 0/],
    [["8", "--workers", "two"], /--workers must be a whole number: got 'two'/],
  ];
  for (const [args, message] of bad) {
    test(`refuses ${args.join(" ")}: one line on stderr, exit 2`, async () => {
      const r = await count(args);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, message);
      assert.equal(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
      assert.doesNotMatch(r.stderr, /\bat .*:\d+/);
    });
  }

  test("--help shows examples", async () => {
    const r = await count(["--help"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /--checkpoint <file>/);
    assert.match(r.stdout, /--no-progress/);
    assert.match(r.stdout, /Examples:/);
  });
});

describe("nqueens count LO..HI: one row per n", () => {
  test("1..13: the known counts, a row each, in order", async () => {
    const r = await count(["1..13", "--workers", "2"]);
    assert.equal(r.code, 0, r.stderr);
    const [head, ...rows] = r.stdout.trimEnd().split("\n");
    assert.match(head!, /^ n +total +unique +seconds$/);
    const got = rows.map((l) => l.trim().split(/ +/).slice(0, 3).map(BigInt));
    assert.deepEqual(
      got,
      known(1, 13).map((k) => [BigInt(k.n), k.total, k.unique]),
    );
  });
  test("--json: one object a line", async () => {
    const r = await count(["7..8", "--json"]);
    const lines = r.stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.map((o) => [o.n, o.total, o.unique]),
      [
        [7, "40", "6"],
        [8, "92", "12"],
      ],
    );
  });
  const refused: [string[], RegExp][] = [
    [["5..3"], /^nqueens: the range's last n must be from 5 to 32: got 3$/],
    [["8..40"], /^nqueens: the range's last n must be from 8 to 32: got 40$/],
    [
      ["8..9", "--checkpoint", "x"],
      /^nqueens: a range of n counts here, one n at a time: drop --checkpoint and --queue$/,
    ],
  ];
  for (const [args, message] of refused) {
    test(`count ${args.join(" ")}: one line, exit 2`, async () => {
      const r = await count(args);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, "");
      assert.match(r.stderr.trimEnd(), message);
    });
  }
});

describe("nqueens count --checkpoint", () => {
  const [c16] = known(16, 16);

  test("resumes after kill -9 with the same total", async () => {
    const path = join(dir, "kill.ckpt");
    const child = start(["16", "--workers", "2", "--checkpoint", path, "--json"]);
    const done = finish(child);
    await waitForLines(path, 40, child);
    child.kill("SIGKILL");
    const killed = await done;
    assert.equal(killed.signal, "SIGKILL");
    const r = await count(["16", "--workers", "2", "--checkpoint", path, "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.ok(out.resumed >= 39, `resumed ${out.resumed}`);
    assert.ok(out.resumed < 3206);
    assert.equal(out.total, c16.total.toString());
    assert.equal(out.unique, c16.unique.toString());
  });

  /** The printed resume command, run as it is (the paths here need no quoting). */
  function resumeCommand(stderr: string): string[] {
    const m = /resume with: nqueens (.*)$/m.exec(stderr);
    assert.ok(m, stderr);
    return m[1]!.split(" ");
  }

  const stops: [NodeJS.Signals, number, RegExp][] = [
    ["SIGINT", 130, /nqueens: interrupted after [\d,]+ of 3,206 sub-problems/],
    ["SIGTERM", 143, /nqueens: interrupted by SIGTERM after [\d,]+ of 3,206 sub-problems/],
    ["SIGHUP", 129, /nqueens: interrupted by SIGHUP after [\d,]+ of 3,206 sub-problems/],
  ];
  for (const [signal, code, says] of stops) {
    test(`${signal} stops promptly, saves, unlocks, says how to resume, exits ${code}; the resume finishes`, async () => {
      const path = join(dir, `${signal}.ckpt`);
      // The constellation search (3206 sub-problems; the join counts n = 16 too fast to stop).
      const child = start([
        "16",
        "--workers",
        "2",
        "--method",
        "constellations",
        "--checkpoint",
        path,
      ]);
      const done = finish(child);
      await waitForLines(path, 2, child);
      assert.ok(existsSync(`${path}.lock`), "locked while counting");
      child.kill(signal);
      const r = await done;
      assert.equal(r.signal, null, "exited by itself, not killed");
      assert.equal(r.code, code, r.stderr);
      assert.match(r.stderr, says);
      // Stopped, not left to count to the end: told by the sub-problems done, not by the time
      // it took (a busy machine takes long either way).
      const stoppedAt = Number(/after ([\d,]+) of 3,206/.exec(r.stderr)?.[1]?.replaceAll(",", ""));
      assert.ok(stoppedAt < 3206, `stopped after ${stoppedAt} of 3206`);
      assert.match(
        r.stderr,
        new RegExp(
          `resume with: nqueens count 16 --workers 2 --method constellations --checkpoint ${path}$`,
          "m",
        ),
      );
      assert.ok(!existsSync(`${path}.lock`), "the lock is released");
      const lines = readFileSync(path, "utf8").split("\n");
      assert.equal(lines.at(-1), "", "ends with a complete line");
      assert.ok(lines.length - 2 >= 1);
      const again = await count(resumeCommand(r.stderr).slice(1));
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stdout, new RegExp(`^total {3}${c16.total}\n`));
      assert.match(again.stdout, /sub-problems done before\)\n$/);
    });
  }
  test("refuses a checkpoint for another n, leaving it byte for byte", async () => {
    const path = join(dir, "n15.ckpt");
    const first = await count(["15", "--checkpoint", path, "--json"]);
    assert.equal(first.code, 0);
    const before = readFileSync(path);
    const r = await count(["16", "--checkpoint", path]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /checkpoint .* is for n=15, not n=16/);
    assert.equal(r.stderr.trimEnd().split("\n").length, 1);
    assert.deepEqual(readFileSync(path), before);
  });

  test("refuses a damaged checkpoint, leaving it byte for byte", async () => {
    const path = join(dir, "damaged.ckpt");
    const first = await count(["12", "--checkpoint", path]);
    assert.equal(first.code, 0);
    const lines = readFileSync(path, "utf8").split("\n");
    // Change one count digit in a record in the middle.
    const i = Math.floor(lines.length / 2);
    const [id, n, ...rest] = lines[i].split(" ");
    lines[i] = [id, String(Number(n) + 1), ...rest].join(" ");
    writeFileSync(path, lines.join("\n"));
    const size = statSync(path).size;
    const before = readFileSync(path);
    const r = await count(["12", "--checkpoint", path]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, new RegExp(`damaged at line ${i + 1}`));
    assert.deepEqual(readFileSync(path), before);
    assert.equal(statSync(path).size, size);
  });
});

describe("nqueens count --checkpoint PATH that is not a regular file", () => {
  /** One line naming the path, exit 2, nothing on stdout. */
  function refusedAtOnce(r: Run, path: string, kind: string) {
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stdout, "");
    const lines = r.stderr.trimEnd().split("\n");
    assert.equal(lines.length, 1, r.stderr);
    assert.equal(
      lines[0],
      `nqueens: checkpoint ${path} is ${kind}, not a regular file; refusing to use it`,
    );
  }

  test("/dev/full: refused, no /dev/full.lock or temporary file made", async (t) => {
    if (!existsSync("/dev/full")) return t.skip("no /dev/full here");
    const before = readdirSync("/dev").filter((f) => f.startsWith("full"));
    const r = await count(["16", "--checkpoint", "/dev/full"]);
    refusedAtOnce(r, "/dev/full", "a character device");
    assert.deepEqual(
      readdirSync("/dev").filter((f) => f.startsWith("full")),
      before,
    );
  });

  test("a FIFO: refused without opening it (which would block), nothing made beside it", async (t) => {
    const place = mkdtempSync(join(dir, "fifo-"));
    const path = join(place, "pipe");
    const made = spawnSync("mkfifo", [path]);
    if (made.error || made.status !== 0) return t.skip("mkfifo is not available");
    const r = await count(["14", "--checkpoint", path]);
    refusedAtOnce(r, path, "a FIFO (named pipe)");
    assert.deepEqual(readdirSync(place), ["pipe"]);
  });

  test("a directory: refused, nothing made in it or beside it", async () => {
    const place = mkdtempSync(join(dir, "dir-"));
    const path = join(place, "ckpt");
    mkdirSync(path);
    const r = await count(["21", "--checkpoint", path]);
    refusedAtOnce(r, path, "a directory");
    assert.deepEqual(readdirSync(place), ["ckpt"]);
    assert.deepEqual(readdirSync(path), []);
  });
});

describe("nqueens count --method", () => {
  test("join and constellations give the same counts; --json names the method", async () => {
    const out = await Promise.all(
      ["join", "constellations"].map(async (method) => {
        const r = await count(["12", "--method", method, "--json"]);
        assert.equal(r.code, 0, r.stderr);
        return JSON.parse(r.stdout);
      }),
    );
    assert.deepEqual(
      out.map((o) => [o.total, o.unique, o.method]),
      [
        ["14200", "1787", "join"],
        ["14200", "1787", "constellations"],
      ],
    );
  });

  test("auto takes the join from n = 14, the canonical search below (constellations with a checkpoint)", async () => {
    const small = JSON.parse((await count(["13", "--json"])).stdout);
    const large = JSON.parse((await count(["16", "--json", "--backend", "cpu"])).stdout);
    const kept = JSON.parse(
      (await count(["13", "--json", "--checkpoint", join(dir, "auto13.ckpt")])).stdout,
    );
    assert.equal(small.method, "canonical");
    assert.equal(kept.method, "constellations");
    assert.equal(kept.total, "73712");
    assert.equal(large.method, "join");
    assert.equal(large.total, "14772512");
  });

  const refused: [string[], RegExp][] = [
    [
      ["8", "--method", "bogus"],
      /argument 'bogus' is invalid\. Allowed choices are auto, join, constellations/,
    ],
    [["8", "--method", "join", "--backend", "gpu"], /--method join counts on the CPU/],
    [["28", "--method", "join"], /--method join counts n up to 27: got 28/],
  ];
  for (const [args, message] of refused) {
    test(`refuses ${args.join(" ")}: one line, exit 2`, async () => {
      const r = await count(args);
      assert.equal(r.code, 2);
      assert.match(r.stderr, message);
      assert.equal(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
    });
  }

  test("--method join resumes after kill -9 with the same total", async () => {
    const [c17] = known(17, 17);
    const path = join(dir, "join-kill.ckpt");
    const args = ["17", "--workers", "2", "--method", "join", "--checkpoint", path, "--json"];
    const child = start(args);
    const done = finish(child);
    await waitForLines(path, 40, child);
    child.kill("SIGKILL");
    assert.equal((await done).signal, "SIGKILL");
    const r = await count(args);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.ok(out.resumed >= 39 && out.resumed < out.subProblems, `resumed ${out.resumed}`);
    assert.equal(out.total, c17.total.toString());
    assert.equal(out.unique, c17.unique.toString());
  });

  test("Ctrl-C during a join count saves and names the method in the resume command", async () => {
    const path = join(dir, "join-int.ckpt");
    const child = start(["17", "--workers", "2", "--method", "join", "--checkpoint", path]);
    const done = finish(child);
    await waitForLines(path, 2, child);
    child.kill("SIGINT");
    const r = await done;
    assert.equal(r.code, 130, r.stderr);
    assert.match(r.stderr, /interrupted after [\d,]+ of 4,097 sub-problems/);
    assert.match(r.stderr, /resume with: nqueens count 17 --workers 2 --method join --checkpoint /);
  });
});
