import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { NQueensError } from "../../errors.js";
import { KNOWN, known } from "../../testing/known-counts.js";
import { compileSubProblem, countTaskJs, newTask, solveSubProblem } from "../kernel.js";
import { uniqueShare } from "../tally.js";
import { fromWords, split, splitVersion, splitWords, toWords } from "./split.js";

describe("split", () => {
  test("is the same list, in the same order, on every call", () => {
    for (const n of [5, 12, 17]) {
      const a = structuredClone(split(n));
      const b = split(n);
      assert.deepEqual(a, b);
      assert.deepEqual(splitWords(n), splitWords(n));
      assert.equal(splitVersion(n), splitVersion(n));
      b.forEach((sp, i) => {
        assert.equal(sp.id, i);
      });
    }
  });

  test("names each split differently", () => {
    const versions = new Set(known(4, 20).map((c) => splitVersion(c.n)));
    assert.equal(versions.size, 17);
  });

  // Pinned sizes: a change here changes every id, so checkpoints and queued jobs are refused.
  const sizes: [number, number][] = [
    [1, 1],
    [2, 0],
    [3, 0],
    [8, 78],
    [12, 730],
    [16, 3206],
    [17, 4319],
    [27, 38604],
  ];
  for (const [n, size] of sizes) {
    test(`has ${size} sub-problems for n=${n}`, () => {
      assert.equal(split(n).length, size);
    });
  }

  test("records are small integers that survive packing into u32 words", () => {
    for (const n of [4, 13, 32]) {
      for (const sp of split(n)) {
        assert.deepEqual(fromWords(...toWords(sp)), { ...sp });
        for (const v of [sp.top, sp.bottom, sp.left, sp.right]) assert.ok(v >= 0 && v < n);
        assert.ok([2, 4, 8].includes(sp.weight), `weight ${sp.weight}`);
        assert.equal(sp.rotations, { 8: 1, 4: 2, 2: 4 }[sp.weight]);
      }
    }
  });

  test("weights add up to every constellation of border queens", () => {
    // Independent count: all (top, bottom, left, right) whose queens do not attack each other.
    for (const n of [5, 8, 11]) {
      const m = n - 1;
      let all = 0;
      for (let t = 0; t < n; t++)
        for (let b = 0; b < n; b++)
          for (let l = 0; l < n; l++)
            for (let r = 0; r < n; r++) {
              const q = [
                [0, t],
                [m, b],
                [l, 0],
                [r, m],
              ];
              const cells = new Set(q.map(([x, y]) => x * n + y)); // a corner queen counts once
              const rows = new Set(q.map(([x]) => x));
              const cols = new Set(q.map(([, y]) => y));
              if (rows.size !== cells.size || cols.size !== cells.size) continue;
              const list = [...cells].map((c) => [Math.floor(c / n), c % n]);
              let ok = list.every(([r1, c1], i) =>
                list.every(([r2, c2], j) => j <= i || Math.abs(r1 - r2) !== Math.abs(c1 - c2)),
              );
              // each border line holds exactly one of the queens
              for (const line of [(x: number) => x === 0, (x: number) => x === m]) {
                if (list.filter(([x]) => line(x)).length !== 1) ok = false;
                if (list.filter(([, y]) => line(y)).length !== 1) ok = false;
              }
              if (ok) all++;
            }
      const weighted = split(n).reduce((s, sp) => s + sp.weight, 0);
      assert.equal(weighted, all, `n=${n}`);
    }
  });

  test("rejects sizes outside 1..32", () => {
    for (const n of [0, -1, 33, 2.5, Number.NaN]) assert.throws(() => split(n), NQueensError);
  });
});

describe("sub-problems", () => {
  for (const c of known(4, 14)) {
    test(`their counts add up to the known total and unique count for n=${c.n}`, () => {
      let total = 0n;
      let unique = 0n;
      for (const sp of split(c.n)) {
        const r = solveSubProblem(c.n, sp);
        total += BigInt(sp.weight * r.count);
        unique += uniqueShare(sp, r);
      }
      assert.equal(total, c.total);
      assert.equal(unique, c.unique);
    });
  }

  test("the JavaScript reference kernel agrees with the wasm kernel on every sub-problem", () => {
    const task = newTask();
    for (const n of [6, 9, 12]) {
      for (const sp of split(n)) {
        compileSubProblem(task, n, sp);
        assert.equal(countTaskJs(task), solveSubProblem(n, sp).count, `n=${n} id=${sp.id}`);
      }
    }
  });

  test("n=1 is one sub-problem of one solution", () => {
    assert.equal(KNOWN[0].n, 1);
    const [sp] = split(1);
    const r = solveSubProblem(1, sp);
    assert.equal(sp.weight * r.count, 1);
    assert.equal(uniqueShare(sp, r), 1n);
  });
});
