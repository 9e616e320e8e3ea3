import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  flipRows,
  JOIN_TASKS,
  joinItems,
  joinPart,
  joinSplitVersion,
  joinSubProblems,
  joinTaskCount,
  taskItems,
} from "./split.js";

describe("joinItems", () => {
  // Even n: orbits of h-subsets of the rows under the two mirrors. Odd n: the centre board's
  // orbits, then h * C(n-1, h) / 2 pairs {R, complement} for the middle column's queen.
  const sizes: [number, number][] = [
    [4, 3],
    [5, 9],
    [8, 23],
    [9, 163],
    [16, 3299],
    [17, 54779],
    [20, 46508],
  ];
  for (const [n, length] of sizes) {
    test(`n=${n}: ${length} items, each a set of floor(n/2) rows`, () => {
      const it = joinItems(n);
      assert.equal(it.length, length);
      const h = Math.floor(n / 2);
      for (let i = 0; i < it.length; i++) {
        let bits = 0;
        for (let r = it.rows[i]; r !== 0; r &= r - 1) bits++;
        assert.equal(bits, h);
        assert.ok([1, 2, 4, 8].includes(it.weight[i]));
        if (it.kind[i] === 1) assert.equal((it.rows[i] >>> it.m[i]) & 1, 0, "row m is taken");
      }
    });
  }

  test("the weights cover every rowset of even n exactly once", () => {
    const n = 10;
    const it = joinItems(n);
    let covered = 0;
    for (let i = 0; i < it.length; i++) covered += it.weight[i];
    assert.equal(covered, 252); // C(10, 5)
  });

  test("is the same list every time (its version pins it)", () => {
    assert.equal(joinSplitVersion(8), joinSplitVersion(8));
    assert.match(joinSplitVersion(20), /^join-1\/20\/[0-9a-f]{8}$/);
    assert.notEqual(joinSplitVersion(12), joinSplitVersion(13));
    assert.equal(joinSplitVersion(12), "join-1/12/f46b3e4c");
  });

  test("refuses n outside 1..27", () => {
    assert.throws(() => joinItems(28), /n must be an integer from 1 to 27: got 28/);
    assert.throws(() => joinItems(0), /got 0/);
  });

  test("flipRows mirrors rows top to bottom", () => {
    assert.equal(flipRows(8, 0b00000111), 0b11100000);
    assert.equal(flipRows(5, 0b00010), 0b01000);
    assert.equal(flipRows(25, 1), 2 ** 24);
  });
});

describe("tasks and parts", () => {
  test("every item is in exactly one task, dealt by stride", () => {
    for (const n of [9, 17]) {
      const seen = new Uint8Array(joinItems(n).length);
      for (let t = 0; t < joinTaskCount(n); t++) for (const i of taskItems(n, t)) seen[i]++;
      assert.ok(seen.every((c) => c === 1));
    }
    assert.equal(joinTaskCount(17), JOIN_TASKS);
    assert.equal(joinTaskCount(8), 23);
    assert.equal(joinSubProblems(8), 24);
  });

  test("part k of K: every task (the symmetric one too) in exactly one part", () => {
    const n = 17;
    const seen = new Uint8Array(joinSubProblems(n));
    for (let k = 0; k < 5; k++) for (const t of joinPart(n, k, 5)) seen[t]++;
    assert.ok(seen.every((c) => c === 1));
    assert.deepEqual(joinPart(8, 0, 1).length, 24);
    assert.throws(() => joinPart(8, 3, 3), RangeError);
    assert.throws(() => joinPart(8, 0, 0), RangeError);
  });
});
