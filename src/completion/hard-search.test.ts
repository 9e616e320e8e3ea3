// The hard-instance search against independent routes: the SAT route (testing/sat.ts,
// logic-solver's MiniSat) on every small instance, brute force on tiny ones, and the exact
// bitmask counter for counts.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { Forbidden, isSolution, type PartialBoard } from "../board.js";
import { solve } from "../solve.js";
import { readSharedJson } from "../testing/data.js";
import { satComplete, satCompletions } from "../testing/sat.js";
import { canComplete, completeOne, countCompletions } from "./complete.js";
import { decideHard } from "./decide.js";
import { decideCompletion } from "./decision.js";
import { HardSearch, luby } from "./hard-search.js";
import { blockedSquares, excludedDiagonalsBoard, randomCompletion } from "./index.js";
import { subBoard } from "./sub-board.js";

const diagonals = (
  readSharedJson("completion/excluded-diagonals.json", "completion instances") as {
    instances: Record<string, { seed: number; diags: [number, 0 | 1][] }[]>;
  }
).instances;

/** Independent check of a completion: a solution, the queens kept, nothing forbidden used. */
function isCompletionOf(board: PartialBoard, cols: readonly number[]): boolean {
  if (!isSolution(cols)) return false;
  if (!board.queens.every((q) => cols[q.row] === q.col)) return false;
  const blocked = new Set((board.blocked ?? []).map((s) => `${s.row},${s.col}`));
  const sums = new Set(board.excluded?.sums ?? []);
  const diffs = new Set(board.excluded?.differences ?? []);
  return cols.every(
    (c, r) => !blocked.has(`${r},${c}`) && !sums.has(r + c) && !diffs.has(r - c + board.n - 1),
  );
}

/** Brute force over permutations: every completion (tiny boards only). */
function brute(board: PartialBoard): number[][] {
  const { n } = board;
  const out: number[][] = [];
  const cols = new Array<number>(n).fill(-1);
  const used = new Uint8Array(n);
  const fixed = new Map(board.queens.map((q) => [q.row, q.col]));
  const walk = (r: number) => {
    if (r === n) {
      if (isCompletionOf(board, cols)) out.push(cols.slice());
      return;
    }
    for (let c = 0; c < n; c++) {
      if (used[c] || (fixed.has(r) && fixed.get(r) !== c)) continue;
      used[c] = 1;
      cols[r] = c;
      walk(r + 1);
      used[c] = 0;
    }
  };
  walk(0);
  return out;
}

/** The instances of the table: Excluded Diagonals, blocked squares, random completion. */
const table: { name: string; board: PartialBoard }[] = [];
for (const n of [8, 9, 10, 11, 12, 13]) {
  for (const { seed, diags } of diagonals[n]!.slice(0, 10)) {
    for (const d of [Math.round(0.8 * n), n]) {
      if (d <= diags.length) {
        table.push({
          name: `diagonals n=${n} seed=${seed} d=${d}`,
          board: excludedDiagonalsBoard(n, diags, d),
        });
      }
    }
  }
}
for (const n of [6, 8, 10, 12]) {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const blocked = blockedSquares(n, 2 * n, seed, 1)!;
    table.push({ name: `blocked n=${n} seed=${seed}`, board: { n, queens: [], blocked } });
  }
}
for (const [n, placed] of [
  [20, 12],
  [30, 18],
  [40, 28],
  [60, 46],
]) {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const queens = randomCompletion(n!, placed!, seed);
    if (queens)
      table.push({ name: `completion n=${n} m=${placed} seed=${seed}`, board: { n: n!, queens } });
  }
}

/** The SAT route's answer for each instance of the table, computed once. */
const satAnswers = new Map<PartialBoard, number[] | undefined>();
const satOf = (board: PartialBoard) => {
  if (!satAnswers.has(board)) satAnswers.set(board, satComplete(board));
  return satAnswers.get(board);
};

test("the table has satisfiable and unsatisfiable instances of every kind", () => {
  assert.ok(table.length > 150, `${table.length} instances`);
  for (const kind of ["diagonals", "blocked", "completion"]) {
    const rows = table.filter((t) => t.name.startsWith(kind));
    const sat = rows.filter((t) => satOf(t.board) !== undefined).length;
    assert.ok(sat > 0 && sat < rows.length, `${kind}: ${sat} of ${rows.length} satisfiable`);
  }
});

test("every instance: the search agrees with the SAT route, and its completion is checked", () => {
  for (const { name, board } of table) {
    const sat = satOf(board);
    if (sat) assert.ok(isCompletionOf(board, sat), `${name}: the SAT route's own completion`);
    const one = completeOne(board);
    assert.equal(one !== undefined, sat !== undefined, name);
    if (one) assert.ok(isCompletionOf(board, one), `${name}: ${one}`);
    assert.equal(canComplete(board), sat !== undefined, name);
  }
});

test("every search option gives the same answers: restarts, seeds, pairs, bound, learning", () => {
  const variants = [
    { restarts: false },
    { restarts: true, restartUnit: 4 },
    { seed: 7 },
    { pairs: false, diagonalBound: false, learn: false },
    { probeDepth: 2 },
  ];
  for (const { name, board } of table.filter((_, i) => i % 3 === 0)) {
    const want = satOf(board) !== undefined;
    for (const options of variants) {
      const d = decideHard(board, new Forbidden(board), options);
      assert.equal(d.cols !== undefined, want, `${name} ${JSON.stringify(options)}`);
      if (d.cols) assert.ok(isCompletionOf(board, d.cols));
    }
  }
});

test("the diagonal bound from shifted masks is the general bound: the same search, node for node", () => {
  const whole = table.filter(({ board }) => board.queens.length === 0);
  assert.ok(whole.length > 50, `${whole.length} boards without fixed queens`);
  let pruned = 0;
  for (const { name, board } of whole) {
    const f = new Forbidden(board);
    const shifts = decideHard(board, f, { restarts: false, pairs: false, lean: false });
    const general = decideHard(board, f, {
      restarts: false,
      pairs: false,
      diagonalShifts: false,
      lean: false,
    });
    const none = decideHard(board, f, {
      restarts: false,
      pairs: false,
      diagonalBound: false,
      lean: false,
    });
    assert.equal(shifts.nodes, general.nodes, name);
    assert.deepEqual(shifts.cols, general.cols, name);
    if (none.nodes > general.nodes) pruned++;
  }
  // The bound must do something on these boards, or the comparison above says nothing.
  assert.ok(pruned > 0, "the bound pruned no search");
});

test("a board of 200,003 rows with 12 queens missing: completed, and the completion checked", () => {
  const n = 200_003;
  const cols = solve(n)!;
  const free = new Set([
    0, 1, 2, 7, 1000, 50_000, 99_999, 100_001, 150_000, 199_000, 200_001, 200_002,
  ]);
  const board: PartialBoard = {
    n,
    queens: cols.flatMap((col, row) => (free.has(row) ? [] : [{ row, col }])),
  };
  const one = completeOne(board);
  assert.ok(one !== undefined && isCompletionOf(board, one));
});

test("counts: the exact counter agrees with the SAT route's enumeration on every instance", () => {
  for (const { name, board } of table.filter((_, i) => i % 2 === 0)) {
    if (board.n - board.queens.length > 11) continue; // keep the enumeration small
    const all = satCompletions(board, 2000);
    assert.ok(all.length < 2000);
    assert.equal(countCompletions(board), BigInt(all.length), name);
  }
});

test("tiny boards: count and completion agree with brute force", () => {
  for (const { name, board } of table.filter((t) => t.board.n <= 8)) {
    const all = brute(board);
    assert.equal(countCompletions(board), BigInt(all.length), name);
    assert.equal(completeOne(board) !== undefined, all.length > 0, name);
  }
});

test("property: random blocked squares, excluded diagonals and queens on n = 4..8 agree with brute force", () => {
  const board = fc.integer({ min: 4, max: 8 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      blocked: fc.uniqueArray(fc.integer({ min: 0, max: n * n - 1 }), { maxLength: 2 * n }),
      sums: fc.uniqueArray(fc.integer({ min: 0, max: 2 * n - 2 }), { maxLength: 3 }),
      differences: fc.uniqueArray(fc.integer({ min: 0, max: 2 * n - 2 }), { maxLength: 3 }),
      queens: fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: 2 }),
      seed: fc.integer({ min: 0, max: 1000 }),
    }),
  );
  fc.assert(
    fc.property(board, (b) => {
      const n = b.n;
      const blocked = b.blocked.map((k) => ({ row: Math.floor(k / n), col: k % n }));
      const excluded = { sums: b.sums, differences: b.differences };
      // Queens: rows 0 and 1 in the drawn columns, kept only when legal.
      const queens = b.queens
        .map((col, row) => ({ row, col }))
        .filter((q, i, all) => {
          const ok =
            new Forbidden({ n, queens: [], blocked, excluded }).has(q.row, q.col) === false;
          return (
            ok &&
            all
              .slice(0, i)
              .every((p) => p.col !== q.col && Math.abs(p.col - q.col) !== q.row - p.row)
          );
        });
      const inst: PartialBoard = { n, queens, blocked, excluded };
      const all = brute(inst);
      assert.equal(countCompletions(inst), BigInt(all.length));
      const d = decideCompletion(inst, { seed: b.seed });
      assert.equal(d.cols !== undefined, all.length > 0);
      if (d.cols) assert.ok(isCompletionOf(inst, d.cols));
    }),
    { numRuns: 300 },
  );
});

test("the search can stop after a budget and go on to the same answer", () => {
  for (const { name, board } of table.filter((t) => t.name.startsWith("diagonals n=13"))) {
    const whole = new HardSearch(subBoard(board), { restarts: false });
    const answer = whole.run();
    const sliced = new HardSearch(subBoard(board), { restarts: false });
    let calls = 0;
    while (sliced.run(3) === "paused") calls++;
    assert.equal(sliced.result, answer, name);
    assert.equal(sliced.nodes, whole.nodes, name);
    if (whole.nodes > 6) assert.ok(calls > 0);
  }
});

test("symmetric instances: the mirror halves the search, the answers stay", () => {
  // A left-right symmetric blocked board, an empty board, and a top-bottom symmetric one.
  const mirror: PartialBoard = {
    n: 8,
    queens: [],
    blocked: [
      { row: 0, col: 0 },
      { row: 0, col: 7 },
      { row: 3, col: 2 },
      { row: 3, col: 5 },
    ],
  };
  const rows: PartialBoard = {
    n: 8,
    queens: [],
    blocked: [
      { row: 1, col: 3 },
      { row: 6, col: 3 },
    ],
  };
  for (const board of [mirror, { n: 10, queens: [] }, rows]) {
    const d = decideCompletion(board);
    assert.ok(d.symmetry !== undefined);
    assert.ok(d.cols && isCompletionOf(board, d.cols));
    assert.equal(countCompletions(board), BigInt(brute(board).length));
  }
  assert.equal(decideCompletion({ n: 8, queens: [{ row: 0, col: 1 }] }).symmetry, undefined);
});

test("the Luby sequence", () => {
  assert.deepEqual(
    Array.from({ length: 15 }, (_, i) => luby(i + 1)),
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8],
  );
});

test("decideCompletion names its method", () => {
  assert.equal(
    decideCompletion({
      n: 4,
      queens: [
        { row: 0, col: 1 },
        { row: 1, col: 3 },
        { row: 2, col: 0 },
        { row: 3, col: 2 },
      ],
    }).method,
    "full",
  );
  assert.equal(decideCompletion({ n: 100, queens: [] }).method, "construction");
  assert.equal(decideCompletion({ n: 20, queens: [] }).method, "hard-search");
  const big = decideCompletion({ n: 100, queens: [], blocked: [{ row: 0, col: 0 }] });
  assert.equal(big.method, "line-board");
  assert.ok(
    big.cols && isCompletionOf({ n: 100, queens: [], blocked: [{ row: 0, col: 0 }] }, big.cols),
  );
});
