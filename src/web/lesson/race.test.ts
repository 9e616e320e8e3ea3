// Brute force's picture (race.ts) without a browser: for each of the three brute forces, the
// boards it looks at, the solutions it has found and backtracking's nodes beside it, position by
// position, against counts worked out here (the binomial, the power, the factorial, a plain
// enumeration) and the published ones (92 solutions; 2,057 nodes, OEIS A319284).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Queen } from "../../board.js";
import type { BruteVariant } from "../../teach/index.js";
import { KNOWN, TREE_PROFILE_8 } from "../../testing/known-counts.js";
import { setLang } from "../i18n/index.js";
import { variantBoard, variantRank } from "../watch/parts.js";
import { DEFAULT_VARIANT, slideFrame, slideLast } from "./model.js";
import { RACE_BOARD_N, raceFrame, raceStops } from "./race.js";
import { chooseVariant, initialState, moveSlide, showStep } from "./state.js";
import { en } from "./text-en.js";
import { ja } from "./text-ja.js";

const N = RACE_BOARD_N;
const SOLUTIONS = Number(KNOWN.find((c) => c.n === N)!.total);
const NODES = TREE_PROFILE_8.reduce((a, b) => a + b, 0);

/** Every board of a brute force on the n×n board, in its order, enumerated plainly. */
function* listing(variant: BruteVariant, n: number): Generator<Queen[]> {
  if (variant === "squares") {
    const pick: number[] = [];
    function* from(s: number): Generator<Queen[]> {
      if (pick.length === n) {
        yield pick.map((q) => ({ row: Math.floor(q / n), col: q % n }));
        return;
      }
      for (let q = s; q < n * n; q++) {
        pick.push(q);
        yield* from(q + 1);
        pick.pop();
      }
    }
    yield* from(0);
    return;
  }
  const cols: number[] = [];
  function* row(r: number): Generator<Queen[]> {
    if (r === n) {
      yield cols.map((col, i) => ({ row: i, col }));
      return;
    }
    for (let c = 0; c < n; c++) {
      if (variant === "permutations" && cols.includes(c)) continue;
      cols.push(c);
      yield* row(r + 1);
      cols.pop();
    }
  }
  yield* row(0);
}

const attacks = (a: Queen, b: Queen) =>
  a.row === b.row || a.col === b.col || Math.abs(a.row - b.row) === Math.abs(a.col - b.col);
const isSolutionBoard = (qs: readonly Queen[]) =>
  qs.every((a, i) => qs.every((b, j) => j <= i || !attacks(a, b)));

/** The boards each way lists for n queens, worked out here. */
function boardsOf(variant: BruteVariant, n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  if (variant === "per-row") return n ** n;
  if (variant === "permutations") return f;
  let c = 1;
  for (let i = 0; i < n; i++) c = (c * (n * n - i)) / (i + 1);
  return Math.round(c);
}

/** Backtracking's nodes for n queens in its order (root first): the queens at each, enumerated here. */
function backtrackNodes(n: number): { boards: number[][]; found: number[] } {
  const boards: number[][] = [[]];
  const found: number[] = [0];
  const cols: number[] = [];
  let sols = 0;
  const safe = (r: number, c: number) =>
    cols.every((qc, qr) => qc !== c && Math.abs(qc - c) !== r - qr);
  const go = (r: number) => {
    if (r === n) return;
    for (let c = 0; c < n; c++) {
      if (!safe(r, c)) continue;
      cols.push(c);
      if (cols.length === n) sols++;
      boards.push([...cols]);
      found.push(sols);
      go(r + 1);
      cols.pop();
    }
  };
  go(0);
  return { boards, found };
}

describe("the boards of each brute force, by number", () => {
  for (const variant of ["squares", "per-row", "permutations"] as const) {
    for (const n of [4, 5]) {
      test(`${variant}, n = ${n}: board k is the k-th of a plain enumeration, and ranks invert it`, () => {
        let k = 0;
        for (const board of listing(variant, n)) {
          assert.deepEqual(variantBoard(variant, n, k), board, `board ${k}`);
          if (isSolutionBoard(board) && board.length === n) {
            const cols = [...board].sort((a, b) => a.row - b.row).map((q) => q.col);
            assert.equal(variantRank(variant, cols), k, `rank of ${cols.join("")}`);
          }
          k++;
        }
        assert.equal(k, boardsOf(variant, n));
      });
    }
  }
  test("n = 8: the last board of each way", () => {
    assert.deepEqual(
      variantBoard("squares", 8, boardsOf("squares", 8) - 1),
      Array.from({ length: 8 }, (_, col) => ({ row: 7, col })),
    );
    assert.deepEqual(
      variantBoard("per-row", 8, 8 ** 8 - 1).map((q) => q.col),
      Array(8).fill(7),
    );
    assert.deepEqual(
      variantBoard("permutations", 8, 40319).map((q) => q.col),
      [7, 6, 5, 4, 3, 2, 1, 0],
    );
  });
});

describe("the race of brute force against backtracking, N = 8", () => {
  const back = backtrackNodes(N);
  test("backtracking's tree has the published number of nodes", () => {
    assert.equal(back.boards.length, NODES);
    assert.equal(NODES, 2057);
    assert.equal(back.found.at(-1), SOLUTIONS);
  });

  for (const variant of ["squares", "per-row", "permutations"] as const) {
    test(`${variant}: stops one at a time, then faster, to both ends`, () => {
      const stops = raceStops(variant);
      assert.deepEqual(stops.slice(0, 10), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      assert.ok(stops.includes(NODES));
      assert.equal(stops.at(-1), boardsOf(variant, N));
      assert.ok(stops.every((s, i) => i === 0 || s > stops[i - 1]!));
      assert.equal(slideLast("brute", variant), stops.length);
    });

    test(`${variant}: each position's boards, nodes and solutions found`, () => {
      const stops = raceStops(variant);
      const boards = boardsOf(variant, N);
      // The solutions' places in this way's list, found here by testing every board where
      // there are few enough (the permutations), else from the ranks checked above at n = 4, 5.
      const places: number[] = [];
      if (variant === "permutations") {
        let k = 0;
        for (const b of listing(variant, N)) {
          if (isSolutionBoard(b)) places.push(k);
          k++;
        }
        assert.equal(places.length, SOLUTIONS);
      }
      for (let at = 0; at <= stops.length; at++) {
        const f = raceFrame(variant, at);
        const t = at === 0 ? 0 : stops[at - 1]!;
        assert.equal(f.brute.seen, Math.min(t, boards));
        assert.equal(f.back.seen, Math.min(t, NODES));
        assert.equal(f.brute.total, boards);
        assert.equal(f.back.total, NODES);
        const nodes = Math.min(t, NODES);
        assert.deepEqual(
          f.back.queens.map((q) => q.col),
          nodes === 0 ? [] : back.boards[nodes - 1],
        );
        assert.equal(f.back.found, nodes === 0 ? 0 : back.found[nodes - 1]);
        if (variant === "permutations") {
          assert.equal(f.brute.found, places.filter((p) => p < f.brute.seen).length, `at ${at}`);
        }
        if (f.brute.seen > 0) {
          assert.deepEqual(f.brute.queens, variantBoard(variant, N, f.brute.seen - 1));
        }
      }
      const end = raceFrame(variant, stops.length);
      assert.equal(end.brute.found, SOLUTIONS);
      assert.equal(end.back.found, SOLUTIONS);
      assert.equal(end.ratio, boards / NODES);
    });
  }

  test("the end says the ratio in words, in both languages", () => {
    setLang("en");
    const last = raceStops("permutations").length;
    const end = slideFrame("brute", last, "permutations");
    assert.match(
      end.says,
      /Backtracking looked at 2,057 nodes while permutations looked at 40,320 boards: 19\.6 times fewer\./,
    );
    assert.equal(end.says, en.slide.raceSays(raceFrame("permutations", last)));
    const squares = slideFrame("brute", raceStops("squares").length, "squares").says;
    assert.match(squares, /2,057 nodes while any 8 squares looked at 4,426,165,368 boards/);
    // While brute force still runs, backtracking is done: what each has found.
    const mid = raceStops("per-row").indexOf(NODES) + 1;
    assert.match(
      slideFrame("brute", mid, "per-row").says,
      /^Backtracking is done: all 92 solutions after 2,057 nodes\./,
    );
    setLang("ja");
    assert.match(
      slideFrame("brute", last, "permutations").says,
      /2,057ノード、順列の総当たりは40,320通りの盤面で、19\.6分の1/,
    );
    assert.equal(slideFrame("brute", 0).says, ja.slide.raceSays(raceFrame(DEFAULT_VARIANT, 0)));
    setLang("en");
  });

  test("the way raced lives in the state: a new one starts from nothing, a step resets it", () => {
    const ls = initialState();
    showStep(ls, "brute");
    assert.equal(ls.variant, "permutations");
    for (let i = 0; i < 100; i++) moveSlide(ls, 1);
    assert.equal(ls.slide, raceStops("permutations").length);
    chooseVariant(ls, "squares");
    assert.equal(ls.variant, "squares");
    assert.equal(ls.slide, 0);
    for (let i = 0; i < 100; i++) moveSlide(ls, 1);
    assert.equal(ls.slide, raceStops("squares").length);
    chooseVariant(ls, "nonsense");
    assert.equal(ls.variant, "squares");
    showStep(ls, "problem");
    showStep(ls, "brute");
    assert.equal(ls.variant, "permutations");
  });
});
