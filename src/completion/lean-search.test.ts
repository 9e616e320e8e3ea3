// The lean search against independent routes: the SAT route (testing/sat.ts, logic-solver's
// MiniSat) on small instances, the hard-instance search (its own code: propagation, bounds,
// nogoods) on larger ones, the published instances' boards; and its slices, its determinism and
// its 32-column masks.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Forbidden, isSolution, type PartialBoard } from "../board.js";
import { readSharedJson } from "../testing/data.js";
import { satComplete } from "../testing/sat.js";
import { decideHard } from "./decide.js";
import { HardSearch } from "./hard-search.js";
import { blockedSquares, excludedDiagonalsBoard } from "./index.js";
import { LeanSearch } from "./lean-search.js";
import { subBoard } from "./sub-board.js";

const diagonals = (
  readSharedJson("completion/excluded-diagonals.json", "completion instances") as {
    instances: Record<string, { seed: number; diags: [number, 0 | 1][] }[]>;
  }
).instances;

/** Independent check: a solution that uses no forbidden square. */
function isCompletionOf(board: PartialBoard, cols: ArrayLike<number>): boolean {
  const list = Array.from(cols);
  const f = new Forbidden(board);
  return isSolution(list) && list.every((c, r) => !f.has(r, c));
}

/** The lean search on a board without queens: its answer (a completion or undefined). */
function lean(board: PartialBoard): { cols: number[] | undefined; nodes: number } {
  const sub = subBoard(board, new Forbidden(board));
  const s = new LeanSearch(sub.open, sub.m);
  const got = s.run();
  assert.equal(got === "sat", s.placement !== undefined);
  return { cols: got === "sat" ? Array.from(s.placement!) : undefined, nodes: s.nodes };
}

/** Excluded Diagonals boards of the published instances: n, seeds, d as a fraction of n. */
function edBoards(ns: number[], seeds: number, fractions: number[]) {
  const out: { name: string; board: PartialBoard }[] = [];
  for (const n of ns) {
    for (const { seed, diags } of diagonals[n]!.slice(0, seeds)) {
      for (const f of fractions) {
        const d = Math.min(diags.length, Math.round(f * n));
        out.push({
          name: `n=${n} seed=${seed} d=${d}`,
          board: excludedDiagonalsBoard(n, diags, d),
        });
      }
    }
  }
  return out;
}

const small = [
  ...edBoards([8, 9, 10, 12], 8, [0.8, 0.9, 1]),
  ...[6, 8, 10, 12].flatMap((n) =>
    [1, 2, 3, 4, 5].map((seed) => ({
      name: `blocked n=${n} seed=${seed}`,
      board: { n, queens: [], blocked: blockedSquares(n, 2 * n, seed, 1)! } as PartialBoard,
    })),
  ),
];

test("small instances: the lean search agrees with the SAT route, and its completions hold", () => {
  let yes = 0;
  for (const { name, board } of small) {
    const sat = satComplete(board);
    const got = lean(board);
    assert.equal(got.cols !== undefined, sat !== undefined, name);
    if (got.cols) {
      assert.ok(isCompletionOf(board, got.cols), `${name}: ${got.cols}`);
      yes++;
    }
  }
  // Both answers must be among the cases, or the comparison says little.
  assert.ok(yes > 10 && yes < small.length - 10, `${yes} of ${small.length} satisfiable`);
});

test("n = 14..20 at the hard point: the lean search agrees with the hard-instance search", () => {
  let no = 0;
  for (const { name, board } of edBoards([14, 16, 18, 20], 6, [0.9])) {
    const hard = new HardSearch(subBoard(board, new Forbidden(board)), { restarts: false });
    const want = hard.run();
    const got = lean(board);
    assert.equal(got.cols !== undefined, want === "sat", name);
    if (got.cols) assert.ok(isCompletionOf(board, got.cols), name);
    else no++;
  }
  assert.ok(no > 3, `${no} unsatisfiable`);
});

test("the lean search stops after a budget and goes on to the same answer, node for node", () => {
  for (const { name, board } of edBoards([13, 15], 5, [0.9])) {
    const whole = lean(board);
    const sub = subBoard(board, new Forbidden(board));
    const sliced = new LeanSearch(sub.open, sub.m);
    let calls = 0;
    while (sliced.run(5) === "paused") calls++;
    assert.equal(sliced.nodes, whole.nodes, name);
    assert.deepEqual(sliced.placement ? Array.from(sliced.placement) : undefined, whole.cols, name);
    if (whole.nodes > 10) assert.ok(calls > 0, name);
  }
});

test("32 columns (every bit of the mask) and one: the lean search completes the board", () => {
  for (const board of [
    { n: 32, queens: [] },
    { n: 32, queens: [], blocked: blockedSquares(32, 200, 3, 1)! },
    { n: 31, queens: [], excluded: { sums: [0, 60], differences: [0, 60] } },
    { n: 1, queens: [] },
  ] as PartialBoard[]) {
    const got = lean(board);
    assert.ok(got.cols && isCompletionOf(board, got.cols), `n = ${board.n}`);
  }
  for (const n of [2, 3]) assert.equal(lean({ n, queens: [] }).cols, undefined, `n = ${n}`);
});

test("decideHard with both searches: the answers of either alone, the same completion each time", () => {
  for (const { name, board } of edBoards([16, 18], 5, [0.9])) {
    const f = new Forbidden(board);
    const both = decideHard(board, f);
    const hardOnly = decideHard(board, f, { lean: false });
    assert.equal(both.cols !== undefined, hardOnly.cols !== undefined, name);
    assert.deepEqual(decideHard(board, f).cols, both.cols, name);
    if (both.cols) assert.ok(isCompletionOf(board, both.cols), name);
  }
});
