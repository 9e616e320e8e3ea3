// nqueens complete --workers, run as built (npm run build first): the flag's checks, the same
// answers on one thread and on two, and a signal that stops the threads.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Forbidden, isSolution } from "../board.js";
import { decideCompletion, generateInstance } from "../completion/index.js";
import { formatBoard } from "../formats/index.js";
import { assertBadInput, assertBuilt, BIN, nqueens, ROOT } from "../testing/run-cli.js";
import { untilCatches } from "../testing/wait.js";

/** An Excluded Diagonals instance as the command reads it (JSON). */
const instance = (n: number, seed: number) => {
  const { board } = generateInstance("diagonals", n, { seed });
  return { board, text: formatBoard(board, "json") };
};

describe("nqueens complete --workers", { concurrency: 2 }, () => {
  const bad: [string[], RegExp][] = [
    [["--workers", "0"], /^nqueens: --workers must be from 1 to 256: got 0$/],
    [["--workers", "two"], /^nqueens: --workers must be a whole number: got 'two'$/],
    [["--workers", "257"], /--workers must be from 1 to 256: got 257/],
    [
      ["--workers", "2", "--count"],
      /--count runs on one thread: drop --workers, or give --workers 1/,
    ],
    [["--workers", "2", "--all"], /--all runs on one thread/],
    [["--workers", "2", "--certificate", "x.cert"], /--certificate runs on one thread/],
    [["--checkpoint", "x.ckpt", "--count"], /--checkpoint records the parts of one decision/],
  ];
  for (const [flags, message] of bad) {
    test(`refused: ${flags.join(" ")}`, async () => {
      assertBuilt();
      assertBadInput(await nqueens(["complete", "-q", ...flags], "n 8\n"), message);
    });
  }

  // n, seed: both answers (decided here by the library, on one thread).
  for (const [n, seed] of [
    [12, 2],
    [14, 3],
    [16, 1],
    [16, 6],
  ] as const) {
    test(`diagonals ${n} seed ${seed}: one thread and two give the same answer`, async () => {
      assertBuilt();
      const { board, text } = instance(n, seed);
      const yes = decideCompletion(board).cols !== undefined;
      for (const workers of ["1", "2"]) {
        const r = await nqueens(["complete", "-q", "--json", "--workers", workers], text);
        assert.equal(r.code, yes ? 0 : 1, `--workers ${workers}: ${r.stderr}`);
        const { cols } = JSON.parse(r.stdout) as { cols: number[] | null };
        assert.equal(cols !== null, yes);
        if (cols) {
          assert.ok(isSolution(cols));
          const f = new Forbidden(board);
          assert.ok(
            cols.every((c, row) => !f.has(row, c)),
            "no forbidden square",
          );
        }
      }
    });
  }

  test("--checkpoint: a board missing more than 32 queens is refused", async () => {
    assertBuilt();
    assertBadInput(
      await nqueens(["complete", "-q", "--checkpoint", "x.ckpt"], "n 40\n"),
      /--checkpoint records the hard-instance search's parts, for a board missing 1 to 32 queens: this one misses 40/,
    );
  });

  test("--checkpoint: a run again reads the parts decided and gives the same answer", async () => {
    assertBuilt();
    const dir = mkdtempSync(join(tmpdir(), "nqueens-complete-"));
    try {
      const { board, text } = instance(12, 2);
      const yes = decideCompletion(board).cols !== undefined;
      const path = join(dir, "parts.ckpt");
      for (let run = 0; run < 2; run++) {
        const r = await nqueens(["complete", "-q", "--json", "--checkpoint", path], text);
        assert.equal(r.code, yes ? 0 : 1, `run ${run}: ${r.stderr}`);
      }
      assert.match(readFileSync(path, "utf8"), /^nqueens-count-checkpoint /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("SIGTERM stops the threads: exit 143, one line with the parts decided", async () => {
    assertBuilt();
    // n = 25, seed 14: unsatisfiable, minutes of search on two threads.
    const { text } = instance(25, 14);
    const child = spawn(process.execPath, [BIN, "complete", "-q", "--workers", "2"], { cwd: ROOT });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.stdout.resume();
    child.stdin.end(text);
    await untilCatches(child, "SIGHUP", 1500);
    child.kill("SIGTERM");
    // The process ends only when no thread is left running.
    const exit = await new Promise<number | null>((r) => child.on("close", r));
    assert.equal(exit, 143, stderr);
    assert.match(
      stderr,
      /^nqueens: interrupted by SIGTERM after \d+ of [\d,]+ parts? decided; nothing is saved/,
    );
    assert.equal(stderr.trimEnd().split("\n").length, 1, stderr);
  });
});
