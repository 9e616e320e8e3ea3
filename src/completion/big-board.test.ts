// One completion of big boards with many empty rows: the min-conflicts repair (big-board.ts)
// first, the exact search when it gives up. Every completion is checked here independently of
// the library's own check; no test depends on speed.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { PartialBoard, Queen } from "../board.js";
import { construct } from "../construct.js";
import { minConflicts } from "../min-conflicts.js";
import { seededRandom } from "../random.js";
import { TRANSFORMS, type Transform, transform } from "../symmetry.js";
import { bigRepairNow, usesRepair } from "./big-board.js";
import {
  CompletionInterrupted,
  type CompletionProgress,
  canComplete,
  completeOne,
  completeOneWatched,
} from "./complete.js";

/** Independent check: a permutation with distinct diagonals that keeps every placed queen. */
function assertCompletes(board: PartialBoard, cols: ArrayLike<number> | undefined): void {
  const { n } = board;
  assert.ok(cols, "a completion");
  assert.equal(cols.length, n);
  const col = new Uint8Array(n);
  const diag = new Uint8Array(2 * n);
  const anti = new Uint8Array(2 * n);
  for (let r = 0; r < n; r++) {
    const c: number = cols[r]!;
    assert.ok(Number.isInteger(c) && c >= 0 && c < n, `row ${r}: column ${c}`);
    assert.equal(col[c]!++, 0, `column ${c} twice`);
    assert.equal(diag[r - c + n]!++, 0, `diagonal ${r - c} twice`);
    assert.equal(anti[r + c]!++, 0, `anti-diagonal ${r + c} twice`);
  }
  for (const q of board.queens) assert.equal(cols[q.row], q.col, `the queen of row ${q.row}`);
}

/** `placed` queens of a seeded random solution (min-conflicts), rows picked by the seed. */
function fromSolution(n: number, placed: number, seed: number): PartialBoard {
  const s = minConflicts(n, { seed })!;
  const rng = seededRandom(seed);
  const rows = new Set<number>();
  while (rows.size < placed) rows.add(Math.floor(rng() * n));
  return { n, queens: [...rows].sort((a, b) => a - b).map((row) => ({ row, col: s[row]! })) };
}

/**
 * `placed` random queens, none attacking another (the published generator's rule, seeded): a
 * random free row and column, kept when neither diagonal holds a queen.
 */
function randomQueens(n: number, placed: number, seed: number): PartialBoard {
  const rng = seededRandom(seed);
  const rows = new Uint8Array(n);
  const cols = new Uint8Array(n);
  const diag = new Uint8Array(2 * n);
  const anti = new Uint8Array(2 * n);
  const queens: Queen[] = [];
  while (queens.length < placed) {
    const row = Math.floor(rng() * n);
    const col = Math.floor(rng() * n);
    if (rows[row] || cols[col] || diag[row - col + n] || anti[row + col]) continue;
    rows[row] = 1;
    cols[col] = 1;
    diag[row - col + n] = 1;
    anti[row + col] = 1;
    queens.push({ row, col });
  }
  return { n, queens };
}

const N = 100_000;
const cases: { what: string; board: PartialBoard }[] = [
  { what: "1 queen of a random solution", board: fromSolution(N, 1, 1) },
  { what: "10 queens of a random solution", board: fromSolution(N, 10, 2) },
  { what: "1,000 queens of a random solution", board: fromSolution(N, 1000, 3) },
  { what: "1 random queen", board: randomQueens(N, 1, 4) },
  { what: "10 random queens", board: randomQueens(N, 10, 5) },
  { what: "1,000 random queens", board: randomQueens(N, 1000, 6) },
  { what: "the corner queen", board: { n: N, queens: [{ row: 0, col: 0 }] } },
  { what: "the first 1,000 rows of the construction", board: firstRows(N, 1000) },
];

/** The construction's first k rows. */
function firstRows(n: number, k: number): PartialBoard {
  return {
    n,
    queens: construct(n)!
      .slice(0, k)
      .map((col, row) => ({ row, col })),
  };
}

for (const { what, board } of cases) {
  test(`n = 10^5, ${what}: the repair completes it, and so does completeOne`, () => {
    assert.ok(usesRepair(board.n, board.queens.length, false));
    assertCompletes(board, bigRepairNow(board.n, board.queens));
    assertCompletes(board, completeOne(board));
  });
}

test("the same board, the same completion; canComplete says yes", () => {
  const board = cases[2]!.board;
  assert.deepEqual(completeOne(board), completeOne(board));
  assert.equal(canComplete(board), true);
});

/**
 * A big board without a completion that the repair is tried on: the empty rows and unused columns
 * are the top-left e x e block, the placed queens the construction for n - e shifted to the
 * bottom-right. No placed queen attacks the block along an anti-diagonal (those sum to 2e or
 * more); along the diagonals they take most differences r - c of the block, so fewer than e
 * differences are left for the e queens to place, which need e distinct ones.
 */
function blockedCorner(n: number, e: number): PartialBoard {
  const s = construct(n - e)!;
  return { n, queens: s.map((col, i) => ({ row: e + i, col: e + col })) };
}

test("n = 10^5 with a 2,000-row block that has no completion: the exact search says so", () => {
  const e = 2000;
  const board = blockedCorner(N, e);
  assert.ok(usesRepair(board.n, board.queens.length, false));
  const taken = new Set(board.queens.map((q) => q.row - q.col));
  let left = 0;
  for (let d = -(e - 1); d <= e - 1; d++) if (!taken.has(d)) left++;
  assert.ok(left < e, `${left} differences left for ${e} queens`);
  assert.equal(bigRepairNow(board.n, board.queens), undefined);
  assert.equal(completeOne(board), undefined);
  assert.equal(canComplete(board), false);
});

test("completeOneWatched: progress from (0, m) to (m, m) rows, the same completion", async () => {
  const board = cases[1]!.board;
  const seen: CompletionProgress[] = [];
  let exact = 0;
  const cols = await completeOneWatched(board, {
    onProgress: (p) => seen.push(p),
    onExact: () => exact++,
    yieldEveryMs: 0,
  });
  assertCompletes(board, cols);
  assert.deepEqual(cols, completeOne(board));
  const m = N - board.queens.length;
  assert.deepEqual(seen[0], { done: 0, total: m, count: 0n });
  assert.deepEqual(seen.at(-1), { done: m, total: m, count: 0n });
  assert.ok(seen.length > 2, "progress along the way");
  assert.equal(exact, 0);
});

test("completeOneWatched: an abort stops the repair with its rows so far", async () => {
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(
    completeOneWatched(cases[0]!.board, { signal: controller.signal, yieldEveryMs: 0 }),
    (e: unknown) => e instanceof CompletionInterrupted && e.total === N - 1 && e.count === 0n,
  );
});

test("completeOneWatched on a board the repair does not take: onExact, then completeOne", async () => {
  const boards: PartialBoard[] = [
    { n: 8, queens: [{ row: 0, col: 0 }] },
    fromSolution(6000, 5500, 7),
    { n: 6000, queens: [] },
  ];
  for (const board of boards) {
    assert.equal(usesRepair(board.n, board.queens.length, false), false);
    let exact = 0;
    const cols = await completeOneWatched(board, { onExact: () => exact++ });
    assert.deepEqual(cols, completeOne(board));
    assert.equal(exact, 1);
  }
});

test("the repair: unrestricted boards only big ones with many empty rows, restricted ones past the hard search", () => {
  const cases: [n: number, placed: number, restricted: boolean, repaired: boolean][] = [
    [5000, 1, false, false],
    [100_000, 99_000, false, false],
    [100_000, 0, false, false],
    [100_000, 1, false, true],
    [100_000, 1, true, true],
    [500, 0, true, true],
    [33, 0, true, true],
    [32, 0, true, false], // the hard-instance search decides n <= 32
    [500, 468, true, false], // 32 empty rows: the hard-instance search too
    [500, 467, true, true],
  ];
  for (const [n, placed, restricted, repaired] of cases) {
    assert.equal(usesRepair(n, placed, restricted), repaired, `${n} ${placed} ${restricted}`);
  }
});

/** Independent check of a restricted board's completion: as assertCompletes, off every forbidden square. */
function assertAvoids(board: PartialBoard, cols: ArrayLike<number> | undefined): void {
  assertCompletes(board, cols);
  const { n } = board;
  for (const { row, col } of board.blocked ?? [])
    assert.notEqual(cols![row], col, `(${row}, ${col}) is blocked`);
  for (let r = 0; r < n; r++) {
    const c = cols![r]!;
    assert.ok(!board.excluded?.sums.includes(r + c), `row ${r} on excluded sum ${r + c}`);
    assert.ok(
      !board.excluded?.differences.includes(r - c + n - 1),
      `row ${r} on an excluded difference`,
    );
  }
}

// Restricted boards past the hard-instance search's size went to the exact line-board search
// alone: n = 500 with one blocked square ran past 30 s, n = 1,000 past 60 s. The repair, started
// from the construction image they are nearest to, completes them.
const restrictedBoards: [what: string, board: PartialBoard][] = [
  ["n = 500, one blocked square on the construction", withBlocked(500, [[7, construct(500)![7]!]])],
  ["n = 1,000, one blocked square", withBlocked(1000, [[500, 499]])],
  [
    "n = 300, a square blocked in every image of the construction",
    withBlocked(300, imagesAt(300, 150)),
  ],
  [
    "n = 400, two excluded diagonals",
    { n: 400, queens: [], excluded: { sums: [399], differences: [399] } },
  ],
  [
    "n = 600, the construction's queens in 500 rows, a blocked square off it",
    {
      ...withBlocked(600, [[550, (construct(600)![550]! + 1) % 600]]),
      queens: construct(600)!
        .slice(0, 500)
        .map((col, row) => ({ row, col })),
    },
  ],
  [
    "n = 600, an image of the construction in 400 rows, a square blocked on the construction",
    {
      ...withBlocked(600, [[450, construct(600)![450]!]]),
      queens: transform(construct(600)!, "rot90")
        .slice(0, 400)
        .map((col, row) => ({ row, col })),
    },
  ],
];

function withBlocked(n: number, squares: [number, number][]): PartialBoard {
  return { n, queens: [], blocked: squares.map(([row, col]) => ({ row, col })) };
}

/** Where each of the 8 images of the construction puts row r's queen: blocking them all. */
function imagesAt(n: number, r: number): [number, number][] {
  const base = construct(n)!;
  return [...new Set(TRANSFORMS.map((t) => transform(base, t)[r]!))].map((c) => [r, c]);
}

for (const [what, board] of restrictedBoards) {
  test(`a restricted board is repaired: ${what}`, async () => {
    assert.ok(usesRepair(board.n, board.queens.length, true));
    assertAvoids(board, completeOne(board));
    let exact = 0;
    assertAvoids(board, await completeOneWatched(board, { onExact: () => exact++ }));
    assert.equal(exact, 0, "no exact search");
  });
}

// Boards whose queens lie on the construction's solution (or an image of it), with many empty
// rows: a nearly unique completion, which the line board's search and the repair took minutes to
// find (n = 3,000 with 2,700 rows fixed ran past 60 s); it is read off the construction.
const onConstruction: [n: number, fixed: number, t: Transform][] = [
  [3000, 2700, "identity"],
  [6000, 5500, "identity"],
  [3000, 2700, "rot90"],
  [20_000, 19_000, "flipV"],
  [100, 40, "antiTranspose"],
];
for (const [n, fixed, t] of onConstruction) {
  test(`the first ${fixed} rows of the construction's solution for n=${n} (${t}) complete`, async () => {
    const cols = transform(construct(n)!, t);
    const board = { n, queens: cols.slice(0, fixed).map((col, row) => ({ row, col })) };
    assertCompletes(board, completeOne(board));
    assertCompletes(board, await completeOneWatched(board));
  });
}
