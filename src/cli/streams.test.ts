// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npm run build` (npm test does).
// Output as a Unix tool writes it: a reader that goes away stops the command, a slow reader
// holds it back (bounded memory), a failed write is one line.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { assertBuilt, BIN, ROOT } from "../testing/run-cli.js";
import { untilCatches, untilQuietSeconds } from "../testing/wait.js";

assertBuilt();

/**
 * Generous bounds: what is measured is seconds against minutes (or never) before the fix; they
 * hold on a loaded machine. The figures on a quiet one are in the README.
 */
const EXIT_BOUND_MS = 15_000;
const MEMORY_BOUND_KB = 200 * 1024;

interface Closed {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  lines: string[];
  msAfterClose: number;
}

/** Runs the command, reads `keep` lines of its output, then closes the pipe (as `head` does). */
function readThenClose(args: readonly string[], input: string, keep: number): Promise<Closed> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT });
    let stderr = "";
    let buffer = "";
    let closedAt = 0;
    let lines: string[] = [];
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      if (closedAt) return;
      buffer += d;
      const all = buffer.split("\n");
      if (all.length > keep) {
        lines = all.slice(0, keep);
        closedAt = performance.now();
        child.stdout.destroy();
      }
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), EXIT_BOUND_MS + 5_000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr, lines, msAfterClose: performance.now() - closedAt });
    });
    child.stdin.on("error", () => {});
    child.stdin.end(input);
  });
}

describe("a reader that goes away stops the command at once, exit 0, no message", {
  concurrency: 2,
}, () => {
  const cases: [string, string[], string][] = [
    ["list 20 (never ends otherwise)", ["list", "20"], ""],
    ["list 16 --format perm", ["list", "16", "--format", "perm"], ""],
    ["trace 15 --limit all", ["trace", "15", "--limit", "all"], ""],
    ["complete --all of an empty 20x20 board", ["complete", "--all", "-q"], "n 20\n"],
    ["solve 10000000 --format perm (one long line)", ["solve", "10000000", "--format", "perm"], ""],
    ["list 14 --json", ["list", "14", "--json"], ""],
  ];
  for (const [what, args, input] of cases) {
    test(what, async () => {
      // The long perm line has no line break before its end: keep 0 lines, close on the first data.
      const keep = what.startsWith("solve") ? 0 : 2;
      const r = await readThenClose(args, input, keep);
      assert.equal(r.signal, null, "not killed");
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stderr, "");
      assert.equal(r.lines.length, keep);
      assert.ok(r.msAfterClose < EXIT_BOUND_MS, `exited ${Math.round(r.msAfterClose)} ms after`);
    });
  }
});

/** Peak resident memory of a process in kB, from /proc. */
function peakKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
}

describe("a slow reader holds the command back: memory stays bounded", () => {
  test("list 16 with a reader that reads nothing for 4 s", {
    skip: !existsSync("/proc/self/status"),
  }, async () => {
    const child = spawn(process.execPath, [BIN, "list", "16"], { cwd: ROOT });
    child.stdout.pause(); // nothing is read: the pipe fills and the writer must wait
    // 4 s of its own time, not counting its time queued for a CPU: on a busy machine, 4 s of
    // the wall clock could pass before it has even started writing.
    await untilQuietSeconds(child, 4);
    const peak = peakKb(child.pid!);
    child.kill("SIGKILL");
    await new Promise((r) => child.on("close", r));
    assert.ok(peak < MEMORY_BOUND_KB, `peak ${Math.round(peak / 1024)} MB`);
  });
});

describe("a failed write is one line, never a stack trace", () => {
  const cases: string[][] = [
    ["count", "8"],
    ["list", "8"],
    ["solve", "100000", "--format", "perm"],
    ["--help"],
    ["--version"],
    ["help", "count"],
    ["count", "--help"],
  ];
  for (const args of cases) {
    test(`nqueens ${args.join(" ")} > /dev/full`, { skip: !existsSync("/dev/full") }, async () => {
      const full = openSync("/dev/full", "w");
      try {
        const r = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
          const child = spawn(process.execPath, [BIN, ...args], {
            cwd: ROOT,
            stdio: ["ignore", full, "pipe"],
          });
          let stderr = "";
          child.stderr!.setEncoding("utf8").on("data", (d: string) => {
            stderr += d;
          });
          child.on("error", reject);
          child.on("close", (code) => resolve({ code, stderr }));
        });
        assert.equal(r.code, 74);
        assert.equal(
          r.stderr,
          "nqueens: cannot write the output: no space left on the device (ENOSPC)\n",
        );
      } finally {
        closeSync(full);
      }
    });
  }
});

describe("a stop signal never leaves a cut line", () => {
  // perm is one line of 5,000,000 numbers, written in 64 KB pieces: it is finished whole; lines
  // is a line a queen: the command stops at the end of the line it is writing. The reader takes
  // the first piece of output, then waits until the signal is sent, so that the command is
  // stopped in the middle of its output whenever the signal lands (not before it has begun).
  const cases: [string, (text: string) => void][] = [
    ["perm", (text) => assert.equal(text.indexOf("\n"), text.length - 1, "one whole line")],
    [
      "lines",
      (text) => {
        // The header first; the last line whole, whether it is the header itself (the signal can
        // land right after it, on a loaded machine), the first queen's or the millionth's.
        assert.ok(text.startsWith("n 5000000\n"), text.slice(0, 20));
        const last = text.slice(text.lastIndexOf("\n", text.length - 2) + 1);
        assert.match(last, /^(n 5000000|\d+ \d+)\n$/);
        assert.ok(text.length < 50_000_000, "stopped before the end");
      },
    ],
  ];
  for (const [format, check] of cases) {
    test(`nqueens solve 5000000 --format ${format}, then SIGHUP: exit 129, whole lines`, async () => {
      const child = spawn(process.execPath, [BIN, "solve", "5000000", "--format", format], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr!.setEncoding("utf8").on("data", (d: string) => {
        stderr += d;
      });
      const chunks: Buffer[] = [];
      const begun = new Promise<void>((resolve) => {
        child.stdout!.on("data", (d: Buffer) => {
          if (chunks.length === 0) {
            child.stdout!.pause(); // the pipe fills and the command waits in its output
            resolve();
          }
          chunks.push(d);
        });
      });
      const closed = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        child.on("close", (code, signal) => resolve([code, signal])),
      );
      await begun;
      await untilCatches(child, "SIGHUP", 1500); // trapped while the board is written
      child.kill("SIGHUP");
      child.stdout!.resume();
      const [code, signal] = await closed;
      assert.deepEqual({ code, signal, stderr }, { code: 129, signal: null, stderr: "" });
      const text = Buffer.concat(chunks).toString("latin1");
      assert.ok(text.endsWith("\n"), `ends ${JSON.stringify(text.slice(-20))}`);
      check(text);
    });
  }
});
