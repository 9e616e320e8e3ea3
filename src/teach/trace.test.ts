import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { attackKind, isSolution, type Queen } from "../board.js";
import { NQueensError } from "../errors.js";
import { KNOWN, TREE_PROFILE_8 } from "../testing/known-counts.js";
import { type TraceEvent, trace, traceLength, treeProfile } from "./trace.js";

/** Every solution in lexicographic order, by filtering all permutations (independent of trace). */
function lexicographicSolutions(n: number): number[][] {
  const out: number[][] = [];
  const perm: number[] = [];
  const used = new Array<boolean>(n).fill(false);
  const rec = (): void => {
    if (perm.length === n) {
      if (isSolution(perm)) out.push([...perm]);
      return;
    }
    for (let c = 0; c < n; c++) {
      if (used[c]) continue;
      used[c] = true;
      perm.push(c);
      rec();
      perm.pop();
      used[c] = false;
    }
  };
  rec();
  return out;
}

/**
 * Replays events on a board, asserting that each is consistent with the board at that moment,
 * and returns the boards of the solution events and the place count per depth.
 */
function replay(n: number, events: Iterable<TraceEvent>, fixed: readonly Queen[] = []) {
  const board = new Map<number, number>(fixed.map((q) => [q.row, q.col]));
  const freeRows = [...Array(n).keys()].filter((r) => !board.has(r));
  const stack: Queen[] = [];
  const solutions: number[][] = [];
  const placesPerDepth = new Array<number>(freeRows.length + 1).fill(0);
  placesPerDepth[0] = 1;
  let step = 0;
  for (const e of events) {
    step++;
    assert.equal(e.step, step, "steps count from 1 without gaps");
    const queens = [...board].map(([row, col]) => ({ row, col }));
    if (e.type === "solution") {
      assert.equal(e.depth, freeRows.length);
      assert.equal(e.index, solutions.length + 1);
      assert.equal(board.size, n, "a solution event comes with a full board");
      assert.deepEqual(
        e.cols,
        [...Array(n).keys()].map((r) => board.get(r)),
      );
      solutions.push(e.cols);
      continue;
    }
    assert.equal(
      e.depth,
      e.type === "reject" ? stack.length : e.type === "place" ? stack.length : stack.length - 1,
    );
    if (e.type === "place" || e.type === "reject") {
      assert.equal(e.row, freeRows[stack.length], "the search fills free rows top to bottom");
      assert.ok(!board.has(e.row));
    }
    if (e.type === "place") {
      for (const q of queens) assert.equal(attackKind(q, e), undefined, "placed on a safe square");
      board.set(e.row, e.col);
      stack.push({ row: e.row, col: e.col });
      placesPerDepth[stack.length]!++;
    } else if (e.type === "remove") {
      assert.deepEqual(stack.pop(), { row: e.row, col: e.col }, "removes the latest placed queen");
      board.delete(e.row);
    } else {
      assert.equal(board.get(e.by.row), e.by.col, "the attacker is on the board");
      assert.equal(attackKind(e.by, e), e.reason, "and attacks along the reason given");
      const topmost = queens.filter((q) => attackKind(q, e)).sort((a, b) => a.row - b.row)[0];
      assert.deepEqual(e.by, topmost, "the topmost attacker is named");
    }
  }
  assert.equal(stack.length, 0, "every placed queen is removed at the end");
  return { solutions, placesPerDepth, steps: step };
}

describe("treeProfile", () => {
  test("n=8 matches A319284", () => {
    assert.deepEqual(treeProfile(8), TREE_PROFILE_8);
  });

  for (let n = 1; n <= 10; n++) {
    test(`n=${n}: one root, and the last depth holds the known total`, () => {
      const p = treeProfile(n);
      assert.equal(p.length, n + 1);
      assert.equal(p[0], 1);
      assert.equal(BigInt(p[n]!), KNOWN.find((k) => k.n === n)!.total);
    });
  }

  test("fixed queens shrink the tree to their completions", () => {
    assert.deepEqual(treeProfile(4, { fixed: [{ row: 0, col: 1 }] }), [1, 1, 1, 1]);
    const fixed = [{ row: 3, col: 1 }];
    const expected = lexicographicSolutions(8).filter((s) => s[3] === 1).length;
    assert.equal(treeProfile(8, { fixed }).at(-1), expected);
  });
});

describe("trace", () => {
  for (let n = 1; n <= 7; n++) {
    test(`n=${n}: replaying the events gives the lexicographic solutions`, () => {
      const expected = lexicographicSolutions(n);
      for (const rejects of [false, true]) {
        const events = [...trace(n, { rejects })];
        const r = replay(n, events);
        assert.deepEqual(r.solutions, expected, `rejects=${rejects}`);
        assert.deepEqual(r.placesPerDepth, treeProfile(n), "places per depth = tree profile");
        assert.equal(events.length, traceLength(n, { rejects }));
        assert.equal(
          events.some((e) => e.type === "reject"),
          rejects && n > 1,
        );
      }
    });
  }

  test("n=8: the first solution is 0 4 7 5 2 6 1 3, and there are 92", () => {
    const r = replay(8, trace(8, { rejects: true }));
    assert.deepEqual(r.solutions[0], [0, 4, 7, 5, 2, 6, 1, 3]);
    assert.deepEqual(r.solutions, lexicographicSolutions(8));
  });

  test("n=4 starts as the tutorials draw it", () => {
    const first = [...trace(4, { rejects: true })].slice(0, 4);
    assert.deepEqual(first, [
      { type: "place", step: 1, row: 0, col: 0, depth: 0 },
      {
        type: "reject",
        step: 2,
        row: 1,
        col: 0,
        depth: 1,
        reason: "column",
        by: { row: 0, col: 0 },
      },
      {
        type: "reject",
        step: 3,
        row: 1,
        col: 1,
        depth: 1,
        reason: "diagonal",
        by: { row: 0, col: 0 },
      },
      { type: "place", step: 4, row: 1, col: 2, depth: 1 },
    ]);
  });

  for (const fixed of [
    [{ row: 0, col: 0 }],
    [{ row: 4, col: 2 }],
    [
      { row: 1, col: 4 },
      { row: 6, col: 1 },
    ],
  ]) {
    test(`fixed ${JSON.stringify(fixed)}: only the completions, in order`, () => {
      const expected = lexicographicSolutions(8).filter((s) =>
        fixed.every((q) => s[q.row] === q.col),
      );
      for (const rejects of [false, true]) {
        const options = { fixed, rejects };
        const events = [...trace(8, options)];
        const r = replay(8, events, fixed);
        assert.deepEqual(r.solutions, expected);
        assert.deepEqual(r.placesPerDepth, treeProfile(8, options));
        assert.equal(events.length, traceLength(8, options));
      }
    });
  }

  test("is lazy: the first event of a big board comes at once", () => {
    const it = trace(30);
    assert.deepEqual(it.next().value, { type: "place", step: 1, row: 0, col: 0, depth: 0 });
  });

  test("bad sizes and boards throw NQueensError when called, before iterating", () => {
    for (const n of [0, 31, 1.5]) assert.throws(() => trace(n), NQueensError);
    assert.throws(() => trace(4, { fixed: [{ row: 4, col: 0 }] }), /off the 4x4 board/);
    assert.throws(
      () =>
        trace(4, {
          fixed: [
            { row: 0, col: 0 },
            { row: 2, col: 2 },
          ],
        }),
      /diagonal/,
    );
    assert.throws(
      () =>
        trace(4, {
          fixed: [
            { row: 1, col: 0 },
            { row: 1, col: 3 },
          ],
        }),
      /row/,
    );
    assert.throws(
      () =>
        treeProfile(4, {
          fixed: [
            { row: 0, col: 0 },
            { row: 0, col: 0 },
          ],
        }),
      NQueensError,
    );
  });
});
