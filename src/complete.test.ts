import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { conflicts, describeConflict, isSolution, type PartialBoard, type Queen } from "./board.js";
import { canComplete, completeOne, completions, countCompletions } from "./complete.js";
import { construct } from "./construct.js";
import { NQueensError } from "./errors.js";

/**
 * Independent brute force: every way to put the unused columns on the empty rows, kept when the
 * whole board is a solution, sorted lexicographically. Fine up to about 9 empty rows.
 */
function brute(board: PartialBoard): number[][] {
  const { n, queens } = board;
  const cols = new Array<number>(n).fill(-1);
  for (const q of queens) cols[q.row] = q.col;
  const rows = cols.flatMap((c, r) => (c === -1 ? [r] : []));
  const unused = [...Array(n).keys()].filter((c) => !cols.includes(c));
  const out: number[][] = [];
  const walk = (k: number) => {
    if (k === rows.length) {
      if (isSolution(cols)) out.push(cols.slice());
      return;
    }
    for (let i = k; i < unused.length; i++) {
      [unused[k], unused[i]] = [unused[i]!, unused[k]!];
      cols[rows[k]!] = unused[k]!;
      walk(k + 1);
      [unused[k], unused[i]] = [unused[i]!, unused[k]!];
    }
    cols[rows[k]!] = -1;
  };
  walk(0);
  return out.sort(compare);
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

function show(board: PartialBoard): string {
  return `n=${board.n} ${board.queens.map((q) => `(${q.row}, ${q.col})`).join(" ") || "empty"}`;
}

/** Checks all four functions against the brute force on one board. */
function agree(board: PartialBoard, want: number[][]): void {
  assert.equal(countCompletions(board), BigInt(want.length));
  assert.equal(canComplete(board), want.length > 0);
  assert.deepEqual([...completions(board)], want);
  const one = completeOne(board);
  if (want.length === 0) assert.equal(one, undefined);
  else if (board.n <= 32) assert.deepEqual(one, want[0]);
  else
    assert.ok(
      want.some((w) => compare(w, one!) === 0),
      `${one} is a completion`,
    );
}

const all8 = brute({ n: 8, queens: [] });

test("n=8: exactly two completions of the first pair of queens that allows exactly two", () => {
  // Found by brute force: the first two queens (in board order) held by exactly 2 of the 92.
  let found: PartialBoard | undefined;
  search: for (let a = 0; a < 64; a++) {
    for (let b = a + 1; b < 64; b++) {
      const queens = [
        { row: a >> 3, col: a & 7 },
        { row: b >> 3, col: b & 7 },
      ];
      if (conflicts({ n: 8, queens }).length > 0) continue;
      const held = all8.filter((s) => queens.every((q) => s[q.row] === q.col));
      if (held.length === 2) {
        found = { n: 8, queens };
        break search;
      }
    }
  }
  assert.ok(found);
  const want = brute(found);
  assert.equal(want.length, 2);
  agree(found, want);
});

test("n=4 with a queen in the corner has no completion", () => {
  const board = { n: 4, queens: [{ row: 0, col: 0 }] };
  assert.deepEqual(brute(board), []);
  assert.equal(completeOne(board), undefined);
  assert.equal(canComplete(board), false);
  assert.equal(countCompletions(board), 0n);
  assert.deepEqual([...completions(board)], []);
});

const cases: PartialBoard[] = [
  { n: 1, queens: [] },
  { n: 2, queens: [] },
  { n: 3, queens: [{ row: 1, col: 1 }] },
  { n: 4, queens: [] },
  { n: 4, queens: [{ row: 0, col: 0 }] },
  { n: 4, queens: [{ row: 0, col: 1 }] },
  { n: 5, queens: [{ row: 2, col: 2 }] },
  { n: 6, queens: [{ row: 5, col: 1 }] },
  { n: 8, queens: [] },
  { n: 8, queens: [{ row: 7, col: 7 }] },
  {
    n: 8,
    queens: [
      { row: 3, col: 0 },
      { row: 0, col: 4 },
    ],
  },
  {
    n: 8,
    queens: [
      { row: 1, col: 3 },
      { row: 4, col: 2 },
      { row: 6, col: 6 },
    ],
  },
  { n: 8, queens: [0, 4, 7, 5, 2, 6, 1, 3].map((col, row) => ({ row, col })) },
  { n: 9, queens: [{ row: 4, col: 4 }] },
  {
    n: 9,
    queens: [
      { row: 0, col: 8 },
      { row: 8, col: 3 },
    ],
  },
];
for (const board of cases) {
  test(`${show(board)} agrees with brute force`, () => agree(board, brute(board)));
}

/** A solution of `n` from the formula, with the queens of `empty` rows taken off. */
function holes(n: number, empty: number[]): PartialBoard {
  const s = construct(n)!;
  return { n, queens: s.flatMap((col, row) => (empty.includes(row) ? [] : [{ row, col }])) };
}

/** Like {@link holes}, then one queen moved to another safe column: often impossible. */
function moved(n: number, empty: number[], row: number): PartialBoard | undefined {
  const base = holes(n, empty);
  for (let col = 0; col < n; col++) {
    const queens = base.queens.map((q) => (q.row === row ? { row, col } : q));
    if (col !== construct(n)![row] && conflicts({ n, queens }).length === 0) {
      return { n, queens };
    }
  }
  return undefined;
}

const wide: PartialBoard[] = [
  holes(20, [0, 3, 7, 12, 15, 19]),
  holes(32, [0, 1, 2, 13, 20, 29, 30, 31]),
  holes(32, [4, 9, 14, 19, 24, 27, 30, 31]),
  holes(33, [0, 1, 2, 3, 29, 30, 31, 32]),
  holes(40, [5, 6, 11, 17, 23, 31, 38, 39]),
  holes(64, [0, 10, 20, 30, 40, 50, 60, 63]),
  ...[
    moved(32, [0, 2, 4, 6, 8, 10, 12], 31),
    moved(33, [1, 5, 9, 13, 17, 21, 25], 0),
    moved(33, [0, 1, 2, 3, 4, 5, 6], 32),
    moved(33, [3, 4, 5, 6, 7, 8, 9], 0),
    moved(40, [0, 1, 2, 3, 4, 5, 6], 39),
    moved(48, [40, 41, 42, 43, 44, 45, 46], 0),
  ].filter((b): b is PartialBoard => b !== undefined),
];
const wideWant = wide.map(brute);
for (const [i, board] of wide.entries()) {
  test(`n=${board.n}, ${board.n - board.queens.length} empty rows: agrees with brute force (${wideWant[i]!.length} completions)`, () =>
    agree(board, wideWant[i]!));
}
test("the wide cases include boards with and without completions, on both engines", () => {
  const counts = wide.map((b, i) => ({ big: b.n > 32, some: wideWant[i]!.length > 0 }));
  for (const big of [false, true]) {
    for (const some of [false, true]) {
      assert.ok(
        counts.some((c) => c.big === big && c.some === some),
        `big=${big} some=${some}`,
      );
    }
  }
});

test("property: random non-attacking queens on n = 4..8 agree with brute force", () => {
  const board = fc
    .integer({ min: 4, max: 8 })
    .chain((n) =>
      fc.uniqueArray(fc.integer({ min: 0, max: n * n - 1 }), { maxLength: 4 }).map((squares) => ({
        n,
        queens: squares.map((s) => ({ row: Math.floor(s / n), col: s % n })),
      })),
    )
    .filter((b) => conflicts(b).length === 0);
  fc.assert(
    fc.property(board, (b) => agree(b, brute(b))),
    { numRuns: 150 },
  );
});

const big: PartialBoard[] = [
  {
    n: 64,
    queens: [
      { row: 0, col: 0 },
      { row: 63, col: 62 },
      { row: 31, col: 20 },
    ],
  },
  {
    n: 100,
    queens: [
      { row: 0, col: 50 },
      { row: 10, col: 3 },
      { row: 50, col: 1 },
      { row: 99, col: 99 },
    ],
  },
  { n: 200, queens: [] },
  {
    n: 1000,
    queens: [
      { row: 500, col: 500 },
      { row: 0, col: 1 },
    ],
  },
];
for (const board of big) {
  test(`${show(board)}: completes, keeping the fixed queens`, () => {
    const one = completeOne(board);
    assert.ok(one && isSolution(one) && one.length === board.n);
    for (const q of board.queens) assert.equal(one[q.row], q.col);
    assert.equal(canComplete(board), true);
  });
}

test("completions keep the fixed queens, come in order, and stop at the limit", () => {
  const board = { n: 10, queens: [{ row: 2, col: 5 }] };
  const got = [...completions(board, { limit: 7 })];
  assert.deepEqual(got, brute(board).slice(0, 7));
  for (const s of got) assert.ok(isSolution(s) && s[2] === 5);
  assert.deepEqual([...completions(board, { limit: 0 })], []);
  const wideBoard = holes(36, [3, 4, 5, 6, 30, 31, 32]);
  assert.deepEqual([...completions(wideBoard, { limit: 2 })], brute(wideBoard).slice(0, 2));
});

const attacks: { queens: Queen[]; says: string }[] = [
  {
    queens: [
      { row: 0, col: 0 },
      { row: 2, col: 2 },
    ],
    says: "queens at (0, 0) and (2, 2) share a diagonal",
  },
  {
    queens: [
      { row: 5, col: 1 },
      { row: 3, col: 3 },
    ],
    says: "queens at (3, 3) and (5, 1) share an anti-diagonal",
  },
  {
    queens: [
      { row: 1, col: 4 },
      { row: 6, col: 4 },
    ],
    says: "queens at (1, 4) and (6, 4) share a column",
  },
  {
    queens: [
      { row: 2, col: 0 },
      { row: 2, col: 7 },
    ],
    says: "queens at (2, 0) and (2, 7) share a row",
  },
  {
    queens: [
      { row: 7, col: 0 },
      { row: 0, col: 1 },
      { row: 4, col: 5 },
      { row: 1, col: 0 },
    ],
    says: "queens at (0, 1) and (1, 0) share an anti-diagonal",
  },
];
const fns = { completeOne, canComplete, countCompletions, completions };
for (const a of attacks) {
  for (const [name, fn] of Object.entries(fns)) {
    test(`${name}: ${a.says} -> NQueensError`, () => {
      assert.throws(
        () => fn({ n: 8, queens: a.queens }),
        (e: unknown) => e instanceof NQueensError && e.message === a.says,
      );
    });
  }
}

test("property: the error names the first pair that conflicts() reports", () => {
  const board = fc.integer({ min: 4, max: 12 }).chain((n) =>
    fc
      .uniqueArray(fc.integer({ min: 0, max: n * n - 1 }), { minLength: 2, maxLength: 8 })
      .map((squares) => ({
        n,
        queens: squares.map((s) => ({ row: Math.floor(s / n), col: s % n })),
      })),
  );
  fc.assert(
    fc.property(board, (b) => {
      const all = conflicts(b);
      if (all.length === 0) return;
      assert.throws(
        () => countCompletions(b),
        (e: unknown) => e instanceof NQueensError && e.message === describeConflict(all[0]!),
      );
    }),
    { numRuns: 300 },
  );
});

const malformed: { board: PartialBoard; says: RegExp }[] = [
  { board: { n: 8, queens: [{ row: 8, col: 0 }] }, says: /\(8, 0\) is off the 8x8 board/ },
  { board: { n: 8, queens: [{ row: 1, col: -1 }] }, says: /\(1, -1\) is off/ },
  { board: { n: 8, queens: [{ row: 0.5, col: 0 }] }, says: /\(0.5, 0\).*integer/ },
  {
    board: {
      n: 8,
      queens: [
        { row: 3, col: 3 },
        { row: 3, col: 3 },
      ],
    },
    says: /two queens on one square: \(3, 3\)/,
  },
  { board: { n: 0, queens: [] }, says: /got 0/ },
  { board: { n: 10_001, queens: [] }, says: /got 10001/ },
];
for (const m of malformed) {
  test(`malformed ${JSON.stringify(m.board).slice(0, 60)} -> NQueensError`, () => {
    assert.throws(
      () => completeOne(m.board),
      (e: unknown) => e instanceof NQueensError && m.says.test(e.message),
    );
  });
}

test("a bad limit throws NQueensError", () => {
  assert.throws(
    () => completions({ n: 8, queens: [] }, { limit: -1 }),
    (e: unknown) => e instanceof NQueensError && /limit.*-1/.test(e.message),
  );
});
