// The hard-instance decision on threads: the same answer as one thread on generated instances,
// split small so that threads really run, "yes" completions valid, the split a partition, abort
// and a thread's failure with no thread left running, and the parts' checkpoint resumed.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Forbidden, isSolution, type PartialBoard } from "../board.js";
import { NQueensError } from "../errors.js";
import { decideHard, prepare } from "./decide.js";
import { decideOnThreads } from "./decide-threads.js";
import { CompletionInterrupted, completeOneAsync, generateInstance } from "./index.js";
import { splitParts } from "./split-parts.js";

/** Generated instances, n and seed: "diagonals" yes and no, "blocked", "completion". */
const CASES: readonly { kind: "diagonals" | "blocked" | "completion"; n: number; seed: number }[] =
  [
    { kind: "diagonals", n: 10, seed: 1 },
    { kind: "diagonals", n: 12, seed: 2 },
    { kind: "diagonals", n: 13, seed: 5 },
    { kind: "diagonals", n: 14, seed: 3 },
    { kind: "diagonals", n: 15, seed: 4 },
    { kind: "diagonals", n: 16, seed: 1 },
    { kind: "diagonals", n: 16, seed: 6 },
    { kind: "blocked", n: 12, seed: 4 },
    { kind: "completion", n: 40, seed: 2 },
  ];

const boardOf = (c: (typeof CASES)[number]) =>
  generateInstance(c.kind, c.n, { seed: c.seed }).board;

/** Checks that `cols` completes `board`: a solution, its queens kept, nothing forbidden used. */
function assertCompletes(board: PartialBoard, cols: readonly number[], what: string): void {
  assert.ok(isSolution(cols), `${what}: a solution`);
  const f = new Forbidden(board);
  for (const q of board.queens) assert.equal(cols[q.row], q.col, `${what}: queen kept`);
  for (const [r, c] of cols.entries()) assert.ok(!f.has(r, c), `${what}: (${r}, ${c}) forbidden`);
}

test("threads and one thread agree on generated instances", async () => {
  let yes = 0;
  for (const c of CASES) {
    const board = boardOf(c);
    const what = `${c.kind} ${c.n} seed ${c.seed}`;
    const one = decideHard(board, new Forbidden(board)).cols;
    let last = { done: -1, total: -1 };
    const threaded = await decideOnThreads(board, new Forbidden(board), {
      workers: 2,
      partsPerThread: 3,
      onProgress: (p) => {
        last = p;
      },
    });
    assert.equal(threaded.cols === undefined, one === undefined, what);
    if (threaded.cols) {
      yes++;
      assertCompletes(board, threaded.cols, what);
    } else assert.equal(last.done, last.total, `${what}: every part decided`);
    assert.ok(threaded.parts >= (threaded.cols ? 1 : 0), what);
  }
  assert.ok(yes > 0 && yes < CASES.length, "the table has both answers");
});

test("the parts partition the completions: their counts add up to the board's", () => {
  // Counted by brute force over the parts' open squares (n = 8 and 9: small trees).
  const boards: PartialBoard[] = [
    { n: 8, queens: [] },
    { n: 9, queens: [], excluded: { sums: [8], differences: [8] } },
    { n: 9, queens: [{ row: 0, col: 2 }] },
  ];
  for (const board of boards) {
    const { sub } = prepare(board, new Forbidden(board));
    const whole = countOpen(sub.open, sub.m, sub.attack);
    for (const target of [1, 4, 17, 60]) {
      const parts = splitParts(sub, sub.open, target);
      const sum = parts.reduce((a, p) => a + countOpen(p, sub.m, sub.attack), 0);
      assert.equal(sum, whole, `n = ${board.n}, ${target} parts`);
      if (whole > 0 && target > 1) assert.ok(parts.length > 1, `n = ${board.n}: split`);
    }
  }
});

/** Placements of m queens on the open squares, one per row, none attacking (plain search). */
function countOpen(open: Int32Array, m: number, attack: Int32Array): number {
  const go = (i: number, rows: Int32Array): number => {
    if (i === m) return 1;
    let n = 0;
    for (let x = rows[i]!; x !== 0; x &= x - 1) {
      const j = 31 - Math.clz32(x & -x);
      const next = Int32Array.from(rows);
      for (let i2 = i + 1; i2 < m; i2++) next[i2]! &= ~attack[(i * 32 + j) * 32 + i2]!;
      n += go(i + 1, next);
    }
    return n;
  };
  return go(0, open);
}

test("workers: 1 gives the single-thread completion; bad workers are refused", async () => {
  for (const c of CASES.slice(0, 6)) {
    const board = boardOf(c);
    assert.deepEqual(
      await completeOneAsync(board, { workers: 1 }),
      decideHard(board, new Forbidden(board)).cols,
    );
  }
  for (const workers of [0, 1.5, 257, Number.NaN]) {
    await assert.rejects(
      completeOneAsync({ n: 8, queens: [] }, { workers }),
      (e: unknown) =>
        e instanceof NQueensError && /^workers must be an integer from 1 to 256/.test(e.message),
    );
  }
});

test("completeOneAsync on threads: a valid completion, progress in parts and nodes", async () => {
  const board = generateInstance("diagonals", 14, { seed: 3 }).board;
  const seen: { done: number; total: number; nodes?: number }[] = [];
  const cols = await completeOneAsync(board, { workers: 2, onProgress: (p) => seen.push(p) });
  assert.equal(cols === undefined, decideHard(board, new Forbidden(board)).cols === undefined);
  if (cols) assertCompletes(board, cols, "14/3");
  assert.ok(seen.length > 0 && seen[0]!.done === 0 && seen[0]!.total > 0);
  assert.ok(seen.every((p) => typeof p.nodes === "number"));
});

test("an abort mid-run rejects with CompletionInterrupted once every thread is gone", async () => {
  // n = 25, seed 14: unsatisfiable, minutes of search on any number of threads. The promise
  // settles after the threads are terminated; one left running would keep this file's process
  // alive, and the test run would not end.
  const { board } = generateInstance("diagonals", 25, { seed: 14 });
  const controller = new AbortController();
  const run = decideOnThreads(board, new Forbidden(board), {
    workers: 2,
    signal: controller.signal,
    onProgress: (p) => {
      if (p.nodes! > 0) controller.abort(); // the threads are searching
    },
  });
  await assert.rejects(run, CompletionInterrupted);
  await assert.rejects(
    decideOnThreads(board, new Forbidden(board), { workers: 2, signal: AbortSignal.abort() }),
    CompletionInterrupted,
  );
});

test("a thread that fails surfaces as an NQueensError", async () => {
  const board = generateInstance("diagonals", 12, { seed: 2 }).board;
  // A part with squares outside the sub-board: the thread refuses it and stops.
  const bad = new Int32Array(12).fill(-1);
  await assert.rejects(
    decideOnThreads(board, new Forbidden(board), { workers: 2, parts: [bad, bad] }),
    (e: unknown) =>
      e instanceof NQueensError &&
      e.code === "unavailable" &&
      /a completion thread failed/.test(e.message),
  );
});

test("a checkpoint records the parts without a completion, and a run again skips them", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nqueens-parts-"));
  try {
    // Boards without a completion that propagation alone does not refute (parts to record).
    const none = CASES.map(boardOf).filter((b) => {
      const { sub } = prepare(b, new Forbidden(b));
      return !decideHard(b, new Forbidden(b)).cols && splitParts(sub, sub.open, 8).length > 1;
    });
    assert.ok(none.length >= 2, "the table has two such boards");
    const [board, other] = none as [PartialBoard, PartialBoard];
    const path = join(dir, "parts.ckpt");
    const options = { workers: 2, partsPerThread: 4, checkpoint: path };
    // Stopped after the first part decided, then resumed: the same answer, the parts kept.
    const stop = new AbortController();
    await assert.rejects(
      decideOnThreads(board, new Forbidden(board), {
        ...options,
        signal: stop.signal,
        onProgress: (p) => {
          if (p.done > 0) stop.abort();
        },
      }),
      CompletionInterrupted,
    );
    const again = await decideOnThreads(board, new Forbidden(board), options);
    assert.equal(again.cols, undefined);
    assert.ok(again.resumed >= 1 && again.resumed < again.parts, `resumed ${again.resumed}`);
    const third = await decideOnThreads(board, new Forbidden(board), options);
    assert.deepEqual([third.cols, third.resumed, third.threads], [undefined, third.parts, 0]);
    // Another board's parts are another split: refused, naming the file.
    await assert.rejects(
      decideOnThreads(other, new Forbidden(other), options),
      (e: unknown) => e instanceof NQueensError && e.message.includes(path),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
