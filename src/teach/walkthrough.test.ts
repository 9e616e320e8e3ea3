import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isSolution } from "../board.js";
import { solutions } from "../solutions.js";
import {
  firstClash,
  placementAt,
  placementCount,
  placementIndex,
  solutionIndex,
} from "./lesson-brute.js";
import { trace, treeProfile } from "./trace.js";
import { attackers, type WalkStep, walkthrough } from "./walkthrough.js";

const types = (steps: Iterable<WalkStep>) => [...steps].map((s) => s.type).join(" ");

describe("lesson", () => {
  test("n = 2: two dead ends, then the end", () => {
    assert.equal(
      types(walkthrough(2)),
      "place reject reject return remove place reject reject return remove return end",
    );
    const returns = [...walkthrough(2)].filter((s) => s.type === "return");
    assert.deepEqual(
      returns.map((s) => s.type === "return" && s.dead),
      [true, true, false],
    );
  });

  test("backtrack: the trace's events in order, a return per loop, totals at the end", () => {
    for (let n = 1; n <= 8; n++) {
      const events = [...trace(n, { rejects: true })];
      const steps = [...walkthrough(n)];
      const same = steps.filter((s) => s.type !== "return" && s.type !== "end");
      assert.equal(same.length, events.length, `n = ${n}`);
      same.forEach((s, i) => {
        assert.equal(s.type, events[i]!.type);
      });
      const profile = treeProfile(n);
      const nodes = profile.reduce((a, b) => a + b, 0);
      const end = steps.at(-1)!;
      assert.deepEqual(end, {
        type: "end",
        solutions: profile.at(-1),
        nodes,
        backtracks: nodes - 1,
      });
      // One return per row loop: the nodes above the last depth.
      const loops = nodes - profile.at(-1)!;
      assert.equal(steps.filter((s) => s.type === "return").length, loops);
    }
  });

  test("a dead end: every square of the row rejected, then the return, then the backtrack", () => {
    const steps = [...walkthrough(4)];
    const i = steps.findIndex((s) => s.type === "return" && s.dead);
    const dead = steps[i]!;
    assert.deepEqual(dead, { type: "return", row: 2, dead: true });
    const before = steps.slice(i - 4, i);
    assert.deepEqual(
      before.map((s) => (s.type === "reject" ? `${s.row}:${s.col}<${s.by.row}` : s.type)),
      ["2:0<0", "2:1<1", "2:2<0", "2:3<1"],
    );
    assert.deepEqual(steps[i + 1], { type: "remove", row: 1, col: 2 });
    // The same attackers, named from the board.
    assert.deepEqual(
      attackers([0, 2, -1, -1], 2).map((a) => `${a.col}:${a.by.row}:${a.reason}`),
      ["0:0:column", "1:1:anti-diagonal", "2:0:diagonal", "3:1:diagonal"],
    );
  });

  test("bitmask: the same places and removes, an enter per row loop, no rejects", () => {
    for (let n = 1; n <= 8; n++) {
      const a = [...walkthrough(n)].filter((s) => s.type === "place" || s.type === "remove");
      const steps = [...walkthrough(n, { algorithm: "bitmask" })];
      const b = steps.filter((s) => s.type === "place" || s.type === "remove");
      assert.deepEqual(b, a);
      assert.equal(
        steps.filter((s) => s.type === "enter").length,
        steps.filter((s) => s.type === "return").length,
      );
      assert.equal(steps.filter((s) => s.type === "reject").length, 0);
    }
  });

  test("fixed queens: their rows are skipped", () => {
    const steps = [...walkthrough(4, { fixed: [{ row: 0, col: 1 }] })];
    assert.ok(steps.every((s) => !("row" in s) || s.row !== 0));
    assert.deepEqual(
      steps.filter((s) => s.type === "solution").map((s) => s.type === "solution" && s.cols),
      [[1, 3, 0, 2]],
    );
  });
});

describe("brute-force lesson", () => {
  test("placements by number, and back", () => {
    assert.equal(placementCount(4), 1820);
    assert.equal(placementCount(7), 85_900_584);
    assert.deepEqual(placementAt(4, 0), [0, 1, 2, 3]);
    assert.deepEqual(placementAt(4, 1819), [12, 13, 14, 15]);
    for (let k = 0; k < 1820; k += 37) assert.equal(placementIndex(4, placementAt(4, k)), k);
    assert.throws(() => placementAt(4, 1820), /placement number/);
  });

  test("walking the placements in order finds the solutions at their numbers", () => {
    const n = 5;
    const found: number[] = [];
    let prev: number[] = [];
    for (let k = 0; k < placementCount(n); k++) {
      const p = placementAt(n, k);
      const i = p.findIndex((sq, j) => sq !== prev[j]);
      assert.ok(k === 0 || p[i]! > prev[i]!, "placements come in lexicographic order");
      prev = p;
      if (!firstClash(n, p)) found.push(k);
    }
    const expected = [...solutions(n)].map(solutionIndex).sort((a, b) => a - b);
    assert.deepEqual(found, expected);
    assert.equal(found.length, 10);
    for (const k of found) {
      const p = placementAt(n, k);
      assert.ok(isSolution(p.map((sq) => sq % n)));
    }
  });

  test("the first clash is the first pair tested", () => {
    assert.deepEqual(firstClash(4, [0, 1, 2, 3]), {
      i: 0,
      j: 1,
      a: { row: 0, col: 0 },
      b: { row: 0, col: 1 },
      kind: "row",
    });
    assert.equal(firstClash(4, [1, 7, 8, 14]), undefined);
    assert.equal(firstClash(4, [0, 5, 11, 14])?.kind, "diagonal");
  });
});
