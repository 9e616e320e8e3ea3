// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npx tsc -p .` (npm test does).
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { known } from "../testing/known-counts.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIN = `${ROOT}bin/nqueens.js`;
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `path` holds at least `lines` complete lines (the header included). */
async function waitForLines(path: string, lines: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    if (child.exitCode !== null) assert.fail("the count finished before it could be stopped");
    if (existsSync(path) && readFileSync(path, "utf8").split("\n").length - 1 >= lines) return;
    await sleep(10);
  }
  assert.fail(`${path} never reached ${lines} lines`);
}

before(() => {
  assert.ok(existsSync(`${ROOT}dist/cli/count.js`), "build first: npx tsc -p .");
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
    assert.match(r.stdout, /Examples:/);
  });
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

  test("Ctrl-C stops promptly, saves, says how to resume, and exits 130", async () => {
    const path = join(dir, "int.ckpt");
    const child = start(["16", "--workers", "2", "--checkpoint", path]);
    const done = finish(child);
    await waitForLines(path, 2, child);
    const sent = Date.now();
    child.kill("SIGINT");
    const r = await done;
    assert.ok(Date.now() - sent < 2000, "stopped promptly");
    assert.equal(r.code, 130);
    assert.match(r.stderr, /interrupted after \d+ of 3206 sub-problems/);
    assert.match(
      r.stderr,
      new RegExp(`resume with: nqueens count 16 --workers 2 --checkpoint ${path}`),
    );
    const lines = readFileSync(path, "utf8").split("\n");
    assert.equal(lines.at(-1), "", "ends with a complete line");
    assert.ok(lines.length - 2 >= 1);
  });

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
