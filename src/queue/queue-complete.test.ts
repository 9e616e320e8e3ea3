/**
 * Completion through the queue (coordinator-complete.ts) on a real Redis: the answer of small
 * instances (n = 8 to 14) against a brute force written here; a worker lying "yes" with a wrong
 * board refused and named; a worker lying "no" outvoted by a quorum of 2; abort and resume.
 * See testing/redis.ts for the Redis server.
 */
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Forbidden, type PartialBoard } from "../board.js";
import { CompletionInterrupted, generateInstance } from "../completion/index.js";
import {
  cli,
  jobStarts,
  killMidJob,
  queueTestBed,
  TEST_SECRET,
  WorkerProc,
} from "../testing/redis.js";
import { runCompletion } from "./coordinator-complete.js";

const secret = TEST_SECRET;

/** Plain backtracking, row by row: whether the board has a completion. */
function brute(board: PartialBoard): boolean {
  const { n } = board;
  const forbidden = new Forbidden(board);
  const fixed = new Map(board.queens.map((q) => [q.row, q.col]));
  const col = new Uint8Array(n);
  const sum = new Uint8Array(2 * n);
  const diff = new Uint8Array(2 * n);
  for (const q of board.queens) col[q.col] = sum[q.row + q.col] = diff[q.row - q.col + n] = 1;
  const go = (r: number): boolean => {
    if (r === n) return true;
    if (fixed.has(r)) return go(r + 1);
    for (let c = 0; c < n; c++) {
      if (col[c] || sum[r + c] || diff[r - c + n] || forbidden.has(r, c)) continue;
      col[c] = sum[r + c] = diff[r - c + n] = 1;
      if (go(r + 1)) return true;
      col[c] = sum[r + c] = diff[r - c + n] = 0;
    }
    return false;
  };
  return go(0);
}

/** Whether `cols` completes the board: a solution that keeps its queens and avoids its squares. */
function completes(board: PartialBoard, cols: readonly number[]): boolean {
  const { n } = board;
  const forbidden = new Forbidden(board);
  if (cols.length !== n || new Set(cols).size !== n) return false;
  for (let r = 0; r < n; r++) {
    if (forbidden.has(r, cols[r]!)) return false;
    for (let r2 = r + 1; r2 < n; r2++) if (Math.abs(cols[r]! - cols[r2]!) === r2 - r) return false;
  }
  return board.queens.every((q) => cols[q.row] === q.col);
}

const diagonals = (n: number, seed: number) =>
  generateInstance("diagonals", n, { seed, diagonals: Math.round(0.9 * n) }).board;

/** The instances: Excluded Diagonals of both answers, and boards with fixed queens. */
const CASES: { name: string; board: PartialBoard }[] = [
  { name: "diagonals n=8 seed 1", board: diagonals(8, 1) },
  { name: "diagonals n=8 seed 2", board: diagonals(8, 2) },
  { name: "diagonals n=10 seed 3", board: diagonals(10, 3) },
  { name: "diagonals n=12 seed 1", board: diagonals(12, 1) },
  { name: "diagonals n=14 seed 4", board: diagonals(14, 4) },
  {
    name: "n=12, two queens of a solution",
    board: {
      n: 12,
      queens: [
        { row: 0, col: 0 },
        { row: 1, col: 2 },
      ],
    },
  },
  {
    name: "n=9, three fixed queens",
    board: {
      n: 9,
      queens: [
        { row: 0, col: 0 },
        { row: 1, col: 3 },
        { row: 2, col: 5 },
      ],
    },
  },
];

describe("queue on Redis, completion", async () => {
  const { skip, freshDb, spawned } = await queueTestBed(10);

  test("small instances: the brute force's answer, each completion valid", { skip }, async () => {
    const url = await freshDb();
    const w = [spawned(new WorkerProc(url, "wa", 1, 5)), spawned(new WorkerProc(url, "wb", 1, 5))];
    await Promise.all(w.map((x) => x.ready()));
    const answers = new Set<boolean>();
    for (const { name, board } of CASES) {
      const want = brute(board);
      answers.add(want);
      const r = await runCompletion(board, url, { secret, parts: 8, pollSeconds: 0.1 });
      assert.equal(r.cols !== undefined, want, name);
      if (r.cols) assert.ok(completes(board, r.cols), `${name}: ${r.cols.join(" ")}`);
      assert.deepEqual(r.refused, [], name);
    }
    assert.deepEqual([...answers].sort(), [false, true], "both answers among the cases");
    for (const x of w) x.kill("SIGTERM");
  });

  test('a worker lying "yes" with a wrong board is refused and named', { skip }, async () => {
    const url = await freshDb();
    const w = [
      spawned(new WorkerProc(url, "honest", 1, 5)),
      spawned(new WorkerProc(url, "liar", 1, 5, { mode: "lie-yes" })),
    ];
    await Promise.all(w.map((x) => x.ready()));
    for (const board of [diagonals(12, 1), diagonals(10, 3)]) {
      assert.equal(brute(board), false);
      const notes: string[] = [];
      const r = await runCompletion(board, url, {
        secret,
        parts: 8,
        pollSeconds: 0.1,
        onMessage: (m) => notes.push(m),
      });
      assert.equal(r.cols, undefined, notes.join("\n"));
      assert.ok(r.refused.length > 0, "the liar took at least one part");
      assert.ok(
        r.refused.every((v) => v.worker === "liar"),
        JSON.stringify(r.refused),
      );
      assert.ok(
        notes.some((m) => /refused the vote of liar on part \d+: its (board|completion)/.test(m)),
        notes.join("\n"),
      );
    }
    for (const x of w) x.kill("SIGTERM");
  });

  test('a worker lying "no" cannot make a "no" with --replicas 2', { skip }, async () => {
    const url = await freshDb();
    const w = [
      spawned(new WorkerProc(url, "honest", 1, 5)),
      spawned(new WorkerProc(url, "naysayer", 1, 5, { mode: "say-no" })),
    ];
    await Promise.all(w.map((x) => x.ready()));
    for (const board of [diagonals(8, 1), diagonals(14, 4), CASES[5]!.board]) {
      assert.equal(brute(board), true);
      const r = await runCompletion(board, url, {
        secret,
        parts: 4,
        replicas: 2,
        pollSeconds: 0.1,
      });
      assert.ok(r.cols && completes(board, r.cols), "a valid completion");
      assert.equal(r.foundBy, "honest");
      assert.ok(
        r.refused.every((v) => v.worker === "naysayer"),
        JSON.stringify(r.refused),
      );
    }
    for (const x of w) x.kill("SIGTERM");
  });

  test("abort, then resume: the second call attaches to the run", { skip }, async () => {
    const url = await freshDb();
    const board = diagonals(12, 1);
    const stop = new AbortController();
    const first = runCompletion(board, url, {
      secret,
      parts: 8,
      pollSeconds: 0.1,
      signal: stop.signal,
      onMessage: (m) => {
        if (m.startsWith("started run")) stop.abort();
      },
    });
    await assert.rejects(first, CompletionInterrupted);
    const w = spawned(new WorkerProc(url, "late", 1, 5));
    await w.ready();
    const r = await runCompletion(board, url, { secret, parts: 8, pollSeconds: 0.1 });
    assert.equal(r.attached, true);
    assert.equal(r.cols !== undefined, brute(board));
    assert.equal(r.workers, 1);
    // Once answered, a third call attaches and answers from the stored votes alone.
    const again = await runCompletion(board, url, { secret, parts: 8, pollSeconds: 0.1 });
    assert.equal(again.resumed, again.parts);
    assert.equal(again.cols, undefined);
    w.kill("SIGTERM");
  });

  test("the command: complete FILE --queue URL, then runs lists the run", { skip }, async () => {
    const url = await freshDb();
    const w = spawned(new WorkerProc(url, "cw", 1, 5));
    await w.ready();
    const dir = mkdtempSync(join(tmpdir(), "nqueens-complete-queue-"));
    const cases = [
      { board: diagonals(14, 4), code: 0 },
      { board: diagonals(12, 1), code: 1 },
    ];
    for (const { board, code } of cases) {
      const file = join(dir, `ed${board.n}.json`);
      writeFileSync(file, JSON.stringify(board));
      const run = spawned(cli(["complete", file, "--queue", url, "--parts", "4", "--json", "-q"]));
      const end = await run.exited;
      assert.equal(end.code, code, run.stderr);
      const { cols } = JSON.parse(run.stdout) as { cols: number[] | null };
      assert.equal(cols !== null, brute(board));
      if (cols) assert.ok(completes(board, cols));
    }
    const bad = spawned(cli(["complete", join(dir, "ed14.json"), "--queue", url, "--count", "-q"]));
    assert.equal((await bad.exited).code, 2);
    assert.match(bad.stderr, /^nqueens: --queue decides one board: drop --count\n$/);
    const listing = spawned(cli(["runs", "--queue", url]));
    assert.equal((await listing.exited).code, 0, listing.stderr);
    assert.match(listing.stdout, /c14-[0-9a-f]{8}\s+14/);
    assert.match(listing.stdout, /c12-[0-9a-f]{8}\s+12/);
    w.kill("SIGTERM");
  });

  test("a worker killed mid-job: its job is decided again elsewhere", { skip }, async () => {
    const url = await freshDb();
    const w = [spawned(new WorkerProc(url, "k1", 1, 2)), spawned(new WorkerProc(url, "k2", 1, 2))];
    await Promise.all(w.map((x) => x.ready()));
    const board = diagonals(14, 1);
    // The victim's first job also starts its completion thread: the kill lands inside it.
    const deciding = runCompletion(board, url, { secret, parts: 16, pollSeconds: 0.1 });
    const start = await killMidJob(w[0]!);
    const r = await deciding;
    assert.equal(r.cols !== undefined, brute(board));
    const starts = await jobStarts(url, r.run);
    const again = starts.filter(([id, who]) => id === start.jobId && who === "k2");
    assert.ok(again.length >= 1, `no retry of ${start.jobId}: ${JSON.stringify(starts)}`);
    w[1]!.kill("SIGTERM");
  });
});
