import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { NQueensError } from "../../errors.js";
import { known } from "../../testing/known-counts.js";
import { countCompletions } from "../kernel.js";
import { CountInterrupted, type Progress } from "../types.js";
import { countFast, countFastSync } from "./count.js";

describe("countFastSync", () => {
  for (const c of known(1, 15)) {
    test(`n=${c.n}: ${c.total} solutions, ${c.unique} unique`, () => {
      const r = countFastSync(c.n);
      assert.equal(r.total, c.total);
      assert.equal(r.unique, c.unique);
      assert.equal(r.n, c.n);
    });
  }

  test("rejects n outside 1..32", () => {
    assert.throws(() => countFastSync(33), /n must be an integer from 1 to 32: got 33/);
    assert.throws(() => countFastSync(0), NQueensError);
  });
});

describe("countFast", () => {
  const [c14] = known(14, 14);
  for (const workers of [1, 2, 3]) {
    test(`gives the same answer on ${workers} worker(s)`, async () => {
      const r = await countFast(14, { workers });
      assert.equal(r.total, c14.total);
      assert.equal(r.unique, c14.unique);
      assert.equal(r.workers, workers);
      assert.equal(r.resumed, 0);
    });
  }

  test("counts small n on the calling thread", async () => {
    const r = await countFast(12, { workers: 2 });
    assert.equal(r.total, 14200n);
    assert.equal(r.workers, 0);
  });

  test("reports progress up to every sub-problem and every solution", async () => {
    const seen: Progress[] = [];
    const r = await countFast(14, { workers: 2, onProgress: (p) => seen.push(p) });
    assert.ok(seen.length >= 2);
    assert.deepEqual(seen[0], { done: 0, total: r.subProblems, solutions: 0n });
    for (let i = 1; i < seen.length; i++) {
      assert.ok(seen[i].done >= seen[i - 1].done);
      assert.ok(seen[i].solutions >= seen[i - 1].solutions);
    }
    assert.deepEqual(seen.at(-1), {
      done: r.subProblems,
      total: r.subProblems,
      solutions: 365596n,
    });
  });

  test("stops when aborted and rejects with CountInterrupted", async () => {
    const controller = new AbortController();
    const run = countFast(17, {
      workers: 2,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.done > 0) controller.abort();
      },
    });
    await assert.rejects(run, (e) => e instanceof CountInterrupted && e.total === 4319);
  });

  test("rejects at once when the signal is already aborted", async () => {
    await assert.rejects(countFast(12, { signal: AbortSignal.abort() }), CountInterrupted);
  });

  test("rejects bad worker counts naming the value", async () => {
    for (const workers of [0, -1, 1.5, 257]) {
      await assert.rejects(countFast(8, { workers }), /workers must be an integer from 1 to 256/);
    }
    await assert.rejects(countFast(8, { workers: 0 }), /got 0$/);
  });
});

describe("countCompletions", () => {
  for (const c of known(1, 10)) {
    test(`counts every solution from the empty ${c.n}x${c.n} board`, () => {
      assert.equal(countCompletions(c.n, new Array(c.n).fill(-1)), c.total);
    });
  }

  test("counts completions of boards with queens given", () => {
    // The 4 solutions of n=8 with a queen in the corner, by mirror symmetry 4 per corner.
    const corner = [0, -1, -1, -1, -1, -1, -1, -1];
    assert.equal(countCompletions(8, corner), 4n);
    // Summing over the first queen's column gives the total.
    let sum = 0n;
    for (let c = 0; c < 10; c++) {
      const cols = new Array(10).fill(-1);
      cols[0] = c;
      sum += countCompletions(10, cols);
    }
    assert.equal(sum, 724n);
    // A complete solution has exactly one completion; attacking queens have none.
    assert.equal(countCompletions(8, [0, 4, 7, 5, 2, 6, 1, 3]), 1n);
    assert.equal(countCompletions(8, [0, 1, -1, -1, -1, -1, -1, -1]), 0n);
    assert.equal(countCompletions(8, [0, -1, -1, -1, -1, -1, -1, 0]), 0n);
  });

  test("handles queens below empty rows and a 32-column board", () => {
    const cols = new Array(10).fill(-1);
    cols[9] = 0; // the bottom-left corner: by symmetry as many as the top-left corner
    const top = new Array(10).fill(-1);
    top[0] = 0;
    assert.equal(countCompletions(10, cols), countCompletions(10, top));
    // n = 32: a solution by the classic construction for n = 6k + 2 (evens, then 3, 1, 7, ..., 5).
    const sol = [
      1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 2, 0, 6, 8, 10, 12, 14, 16, 18, 20,
      22, 24, 26, 28, 30, 4,
    ];
    assert.equal(solutionOrZero(sol), 1n);
    assert.equal(countCompletions(32, sol), 1n);
    const partial = sol.map((c, r) => (r >= 3 && r < 9 ? -1 : c));
    assert.ok(countCompletions(32, partial) >= 1n);
    const broken = [...sol];
    broken[31] = 0; // column 0 twice
    assert.equal(countCompletions(32, broken), 0n);
  });
});

/** 1n when `cols` is a solution (checked pairwise), else 0n: independent of the engine. */
function solutionOrZero(cols: number[]): bigint {
  for (let a = 0; a < cols.length; a++)
    for (let b = a + 1; b < cols.length; b++)
      if (cols[a] === cols[b] || Math.abs(cols[a] - cols[b]) === b - a) return 0n;
  return 1n;
}
