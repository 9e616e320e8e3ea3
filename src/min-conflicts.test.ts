import assert from "node:assert/strict";
import { test } from "node:test";
import { conflicts, isSolution, type Queen } from "./board.js";
import { NQueensError } from "./errors.js";
import { minConflicts, repair } from "./min-conflicts.js";
import { seededRandom } from "./random.js";

for (const seed of [0, 1, -1, 2 ** 53 - 1, 123_456_789_012]) {
  test(`seededRandom(${seed}) repeats itself and stays in [0, 1)`, () => {
    const a = seededRandom(seed);
    const b = seededRandom(seed);
    const xs = Array.from({ length: 1000 }, () => a());
    assert.deepEqual(
      xs,
      Array.from({ length: 1000 }, () => b()),
    );
    assert.ok(xs.every((x) => x >= 0 && x < 1));
    assert.ok(new Set(xs).size > 990, "values vary");
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    assert.ok(Math.abs(mean - 0.5) < 0.05, `mean ${mean}`);
  });
}

test("seeds that differ only above 32 bits give different streams", () => {
  assert.notEqual(seededRandom(5)(), seededRandom(5 + 2 ** 32)());
});

for (const n of [1, 4, 5, 6, 7, 8, 9, 10, 16, 25, 64, 500]) {
  test(`minConflicts(${n}) for seeds 0..9: solutions, reproducible`, () => {
    for (let seed = 0; seed < 10; seed++) {
      const s = minConflicts(n, { seed });
      assert.ok(s && isSolution(s), `seed ${seed}`);
      assert.deepEqual(minConflicts(n, { seed }), s);
    }
  });
}

for (const n of [2, 3]) {
  test(`minConflicts(${n}) is undefined`, () => assert.equal(minConflicts(n), undefined));
}

const fixed: { n: number; queens: Queen[] }[] = [
  { n: 8, queens: [{ row: 0, col: 0 }] },
  {
    n: 30,
    queens: [
      { row: 0, col: 0 },
      { row: 29, col: 28 },
      { row: 15, col: 3 },
    ],
  },
  {
    n: 300,
    queens: [
      { row: 150, col: 150 },
      { row: 0, col: 1 },
      { row: 299, col: 100 },
    ],
  },
];
for (const f of fixed) {
  test(`repair keeps fixed queens on n=${f.n}`, () => {
    assert.equal(conflicts(f).length, 0);
    const at = new Int32Array(f.n).fill(-1);
    for (const q of f.queens) at[q.row] = q.col;
    const s = repair(at, seededRandom(1), 100_000);
    assert.ok(s && isSolution(Array.from(s)));
    for (const q of f.queens) assert.equal(s[q.row], q.col);
  });
}

test("repair gives up (undefined) within its step budget on an impossible board", () => {
  // n = 4 with a queen in a corner has no solution.
  const at = Int32Array.from([0, -1, -1, -1]);
  assert.equal(repair(at, seededRandom(0), 500), undefined);
});

for (const bad of [
  { n: 0, seed: 0, says: /got 0/ },
  { n: 8, seed: 1.5, says: /seed.*1.5/ },
  { n: 8, seed: Number.NaN, says: /seed.*NaN/ },
]) {
  test(`minConflicts(${bad.n}, seed ${bad.seed}) throws NQueensError`, () => {
    assert.throws(
      () => minConflicts(bad.n, { seed: bad.seed }),
      (e: unknown) => e instanceof NQueensError && bad.says.test(e.message),
    );
  });
}
