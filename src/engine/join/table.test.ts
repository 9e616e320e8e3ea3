import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { known } from "../../testing/known-counts.js";
import { JoinKernel } from "./kernel.js";
import { PAGE, placeLists, placeRegions, tableEnd } from "./memory.js";
import { joinSubProblems } from "./split.js";
import { shareTable, takeWindow } from "./table.js";
import { JoinSolver } from "./tasks.js";

/** Every task of n on `solver`, added up. */
function total(n: number, solver: JoinSolver): bigint {
  let sum = 0n;
  for (let t = 0; t < joinSubProblems(n) - 1; t++) sum += BigInt(solver.solve(t).count);
  return sum;
}

describe("the quadrant table shared between kernels", () => {
  test("is the table a kernel fills for itself, word for word (n = 7, 10, 13, 18)", () => {
    for (const n of [7, 10, 13, 18]) {
      const table = shareTable(n, 2)!;
      const own = new JoinKernel(n);
      const words = tableEnd({ h: own.h, tables: true, pieces: false }) / 4;
      assert.equal(own.layout.qstart, 0, `n=${n}: the table comes first`);
      assert.deepEqual(new Uint32Array(table.memory.buffer, 0, words), own.u32.subarray(0, words));
    }
  });

  test("two kernels on it, each in its window, count every task of n = 4..15 exactly", () => {
    for (const c of known(4, 15)) {
      const table = shareTable(c.n, 2)!;
      const solvers = [0, 1].map(() => new JoinSolver(c.n, {}, takeWindow(table)));
      assert.equal(takeWindow(table), undefined, "a window per thread, no more");
      // Interleaved, as two threads would: each kernel writes only its own window.
      let sum = 0n;
      for (let t = 0; t < joinSubProblems(c.n) - 1; t++) {
        sum += BigInt(solvers[t % 2].solve(t).count);
      }
      assert.equal(sum, c.total, `n=${c.n}`);
      assert.ok(
        solvers.every((s) => s.kernel.shared),
        `n=${c.n}`,
      );
    }
  });

  test("a kernel whose lists outgrow its window takes a memory of its own and counts the same", () => {
    // (Odd n's kind-1 items of n = 15 fit in such a window: even n's outgrow it.)
    for (const c of known(14, 16).filter((k) => k.n % 2 === 0)) {
      const table = shareTable(c.n, 1)!;
      const share = takeWindow(table)!;
      // A window that holds the kernel's regions and lists of 16 keys, not much more.
      const shape = { h: Math.floor(c.n / 2), tables: true, pieces: false };
      const lists = placeRegions(shape, share.window.start).lists;
      const window = { start: share.window.start, end: placeLists(lists, 16).pages * PAGE };
      const solver = new JoinSolver(c.n, { listRoom: 16 }, { ...share, window });
      assert.equal(total(c.n, solver), c.total, `n=${c.n}`);
      assert.equal(solver.kernel.shared, false, `n=${c.n}: the lists outgrew the window`);
    }
  });

  test("none where the table is built in pieces (n > 23) or n < 4", () => {
    assert.equal(shareTable(24, 2), undefined);
    assert.equal(shareTable(3, 2), undefined);
  });
});
