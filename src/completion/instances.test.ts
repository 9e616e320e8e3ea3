import assert from "node:assert/strict";
import { test } from "node:test";
import type { PartialBoard } from "../board.js";
import { NQueensError } from "../errors.js";
import { readSharedJson } from "../testing/data.js";
import { countCompletions } from "./complete.js";
import { HardSearch } from "./hard-search.js";
import {
  blockedSquares,
  excludedDiagonalList,
  excludedDiagonalsBoard,
  generateInstance,
  hardMissing,
  INSTANCE_KINDS,
  PUZZLE_DIFFICULTIES,
  randomCompletion,
  translateExcludedDiagonals,
  uniquePuzzle,
} from "./index.js";
import { subBoard } from "./sub-board.js";

// The published instances (shared/data/completion, from CSPLib 079): what the generators must give.
const data = (name: string) =>
  readSharedJson(`completion/${name}`, "completion instances") as { instances: unknown };
const diagonals = data("excluded-diagonals.json").instances as Record<
  string,
  { seed: number; diags: [number, 0 | 1][] }[]
>;
const random = data("random-completion.json").instances as {
  n: number;
  seed: number;
  queens: [number, number][];
}[];
const translated = data("translated-excluded-diagonals.json").instances as {
  n: number;
  from: { n: number; seed: number; d: number };
  queens: [number, number][];
}[];

test("Excluded Diagonals: every published list (n = 8..30, 7,900 seeds) comes from its seed", () => {
  let checked = 0;
  for (const [n, list] of Object.entries(diagonals)) {
    for (const { seed, diags } of list) {
      assert.deepEqual(excludedDiagonalList(Number(n), seed), diags, `n=${n} seed=${seed}`);
      checked++;
    }
  }
  assert.equal(checked, 7900);
});

test("random completion: the 150 published instances (n = 76, 119, 171) come from their seeds", () => {
  for (const x of random) {
    const queens = randomCompletion(x.n, x.queens.length, x.seed)!;
    assert.deepEqual(
      queens.map((q) => [q.row, q.col]),
      x.queens,
      `n=${x.n} seed=${x.seed}`,
    );
  }
});

test("the translation into completion gives the 12 published boards, queen for queen", () => {
  for (const x of translated) {
    const board = translateExcludedDiagonals(
      x.from.n,
      diagonals[x.from.n]![x.from.seed - 1]!.diags,
      x.from.d,
    );
    assert.equal(board.n, x.n);
    assert.deepEqual(
      board.queens.map((q) => [q.row, q.col]),
      x.queens,
    );
  }
});

test("translated boards have exactly as many completions as the originals have solutions", () => {
  for (const x of translated.filter((_, i) => i % 2 === 0 || i === 9)) {
    const original = excludedDiagonalsBoard(
      x.from.n,
      diagonals[x.from.n]![x.from.seed - 1]!.diags,
      x.from.d,
    );
    const big: PartialBoard = { n: x.n, queens: x.queens.map(([row, col]) => ({ row, col })) };
    assert.equal(countCompletions(big), countCompletions(original), JSON.stringify(x.from));
  }
});

test("blocked squares: the published generator's squares (CPython: n 8, 10 blocks, 1 kept, seed 3)", () => {
  // blocked-gen.py 8 10 1 3 prints these squares 1-based; here they are 0-based.
  assert.deepEqual(
    blockedSquares(8, 10, 3, 1)!.map((s) => [s.row, s.col]),
    [
      [0, 1],
      [0, 5],
      [0, 6],
      [2, 4],
      [2, 5],
      [3, 3],
      [3, 5],
      [4, 0],
      [5, 1],
      [6, 1],
    ],
  );
  // Every row and column keeps at least minInLine open squares.
  const squares = blockedSquares(10, 60, 5, 3)!;
  assert.equal(squares.length, 60);
  for (let k = 0; k < 10; k++) {
    assert.ok(squares.filter((s) => s.row === k).length <= 7);
    assert.ok(squares.filter((s) => s.col === k).length <= 7);
  }
  assert.equal(blockedSquares(4, 16, 1, 1), undefined, "cannot block every square");
});

test("the same seed gives the same instance, another seed another one, for every kind", () => {
  for (const kind of INSTANCE_KINDS) {
    const n = kind === "completion" ? 40 : 10;
    const a = generateInstance(kind, n, { seed: 11 });
    const b = generateInstance(kind, n, { seed: 11 });
    const c = generateInstance(kind, n, { seed: 12 });
    assert.deepEqual(a, b, kind);
    assert.notDeepEqual(a.board, c.board, kind);
  }
});

test("defaults: the hard points of each kind", () => {
  assert.deepEqual([76, 119, 171].map(hardMissing), [20, 25, 30]);
  const completion = generateInstance("completion", 76, { seed: 1 });
  assert.equal(completion.board.queens.length, 56);
  const d = generateInstance("diagonals", 21, { seed: 259 });
  const e = d.board.excluded!;
  assert.equal(e.sums.length + e.differences.length, 19);
  assert.equal(generateInstance("blocked", 16, { seed: 1 }).board.blocked!.length, 160);
  assert.equal(generateInstance("puzzle", 8).params.difficulty, "medium");
  const big = generateInstance("diagonals", 12, { seed: 1, diagonals: 11, translate: true });
  assert.equal(big.board.n, 3082);
});

test("bad options are NQueensErrors naming the value", () => {
  const cases: [() => unknown, RegExp][] = [
    [() => generateInstance("completion", 8, { placed: 9 }), /queens placed .* 0 to 8: got 9/],
    [() => generateInstance("diagonals", 10, { diagonals: 99 }), /diagonals .* got 99/],
    [() => generateInstance("blocked", 4, { blocked: 16, minInLine: 1 }), /gave up/],
    [() => generateInstance("puzzle", 3), /n >= 4/],
    [() => generateInstance("puzzle", 8, { seed: -1 }), /seed .* got -1/],
    [() => generateInstance("nope" as "puzzle", 8), /kind must be one of/],
  ];
  for (const [run, says] of cases) {
    assert.throws(run, (e: unknown) => e instanceof NQueensError && says.test(e.message));
  }
});

test("puzzles have exactly one completion, their solution, and the grade they ask for", () => {
  for (const difficulty of PUZZLE_DIFFICULTIES) {
    for (const n of [6, 8, 10, 12]) {
      for (const seed of [1, 2]) {
        const p = uniquePuzzle(n, difficulty, seed);
        assert.equal(countCompletions(p.board), 1n, `${difficulty} n=${n} seed=${seed}`);
        for (const q of p.board.queens) assert.equal(p.solution[q.row], q.col);
        const forced = new HardSearch(subBoard(p.board), { pairs: false, diagonalBound: false });
        const solved = p.board.queens.length === n || forced.propagateOnly() === "sat";
        if (difficulty === "easy") {
          assert.ok(solved, "easy: forced lines alone solve it");
          assert.equal(p.solvedBy, "forced");
        }
        if (difficulty === "hard") {
          // Every queen is needed: without any one of them there is another completion.
          for (const q of p.board.queens) {
            const fewer = { n, queens: p.board.queens.filter((x) => x !== q) };
            assert.ok(countCompletions(fewer) > 1n, `${difficulty} n=${n}: queen ${q.row} needed`);
          }
        }
      }
    }
  }
});
