import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import {
  conflicts,
  describeConflict,
  isSolution,
  type PartialBoard,
  type Queen,
} from "../board.js";
import { construct } from "../construct.js";
import { NQueensError } from "../errors.js";
import { MAX_COMPLETE_N } from "../limits.js";
import { known } from "../testing/known-counts.js";
import {
  CompletionInterrupted,
  type CompletionProgress,
  canComplete,
  completeOne,
  completions,
  completionsAsync,
  countCompletions,
  countCompletionsAsync,
} from "./complete.js";

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
  { board: { n: 1_000_001, queens: [] }, says: /from 1 to 1000000: got 1000001/ },
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

test("property: the same error with the queens given in board order, on both engines", () => {
  const board = fc.integer({ min: 4, max: 40 }).chain((n) =>
    fc
      .uniqueArray(fc.integer({ min: 0, max: n * n - 1 }), { minLength: 2, maxLength: 30 })
      .map((squares) => ({
        n,
        queens: squares.sort((a, b) => a - b).map((s) => ({ row: Math.floor(s / n), col: s % n })),
      })),
  );
  fc.assert(
    fc.property(board, (b) => {
      const all = conflicts(b);
      if (all.length === 0) return;
      assert.throws(
        () => completeOne(b),
        (e: unknown) => e instanceof NQueensError && e.message === describeConflict(all[0]!),
      );
    }),
    { numRuns: 300 },
  );
});

// ---------------------------------------------------------------------------------------------
// Counting with progress and abort, listing with progress and abort.

/** Every board of the tables above, with its brute-force completions. */
const table: { board: PartialBoard; want: number[][] }[] = [
  ...cases.map((board) => ({ board, want: brute(board) })),
  ...wide.map((board, i) => ({ board, want: wideWant[i]! })),
];

for (const { board, want } of table) {
  test(`${show(board).slice(0, 70)}: the async count and list agree with brute force`, async () => {
    const seen: CompletionProgress[] = [];
    const count = await countCompletionsAsync(board, {
      onProgress: (p) => seen.push(p),
      yieldEveryMs: 0,
    });
    assert.equal(count, BigInt(want.length));
    assert.equal(count, countCompletions(board));
    assert.deepEqual(seen[0], { done: 0, total: seen[0]!.total, count: 0n });
    assert.deepEqual(seen.at(-1), { done: seen[0]!.total, total: seen[0]!.total, count });
    const listed: number[][] = [];
    for await (const cols of completionsAsync(board, { yieldEveryMs: 0 })) listed.push(cols);
    assert.deepEqual(listed, want);
  });
}

test("empty boards n = 1..12: the sync and async counts are the known totals", async () => {
  for (const { n, total } of known(1, 12)) {
    assert.equal(countCompletions({ n, queens: [] }), total, `n=${n}`);
    assert.equal(await countCompletionsAsync({ n, queens: [] }), total, `n=${n}`);
  }
});

test("the async count's sub-problems: at least 1,000 for n = 12, progress in order", async () => {
  const seen: CompletionProgress[] = [];
  const count = await countCompletionsAsync(
    { n: 12, queens: [] },
    { onProgress: (p) => seen.push(p) },
  );
  const total = seen[0]!.total;
  assert.ok(total >= 1000, `${total}`);
  assert.equal(seen.length, total + 1);
  seen.forEach((p, i) => {
    assert.equal(p.done, i);
    assert.equal(p.total, total);
    if (i > 0) assert.ok(p.count >= seen[i - 1]!.count);
  });
  assert.equal(count, 14_200n);
});

test("a full board counts 1 in one sub-problem; a blocked board 0 in none", async () => {
  const full = holes(8, []);
  const seen: CompletionProgress[] = [];
  assert.equal(await countCompletionsAsync(full, { onProgress: (p) => seen.push(p) }), 1n);
  assert.deepEqual(seen.at(-1), { done: 1, total: 1, count: 1n });
  const blocked = { n: 3, queens: [{ row: 1, col: 1 }] }; // row 0 is attacked on every square
  assert.equal(countCompletions(blocked), 0n);
  const none: CompletionProgress[] = [];
  assert.equal(await countCompletionsAsync(blocked, { onProgress: (p) => none.push(p) }), 0n);
  assert.deepEqual(none.at(-1), { done: 0, total: 0, count: 0n });
});

test("an abort stops the count with its partial state", async () => {
  const stop = new AbortController();
  let atThree: CompletionProgress | undefined;
  await assert.rejects(
    countCompletionsAsync(
      { n: 10, queens: [] },
      {
        signal: stop.signal,
        onProgress: (p) => {
          if (p.done === 3) {
            atThree = p;
            stop.abort();
          }
        },
      },
    ),
    (e: unknown) =>
      e instanceof CompletionInterrupted &&
      e.done === 3 &&
      e.total === atThree!.total &&
      e.count === atThree!.count &&
      e.done < e.total,
  );
  await assert.rejects(
    countCompletionsAsync({ n: 8, queens: [] }, { signal: AbortSignal.abort() }),
    (e: unknown) => e instanceof CompletionInterrupted && e.done === 0 && e.count === 0n,
  );
});

test("the async count gives the event loop turns: a timer can abort it", async () => {
  const stop = new AbortController();
  setTimeout(() => stop.abort(), 0);
  await assert.rejects(
    countCompletionsAsync({ n: 14, queens: [] }, { signal: stop.signal, yieldEveryMs: 0 }),
    (e: unknown) => e instanceof CompletionInterrupted && e.done > 0 && e.done < e.total,
  );
  // Beyond 32 (the line board), too.
  const big = holes(40, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  const later = new AbortController();
  setTimeout(() => later.abort(), 0);
  await assert.rejects(
    countCompletionsAsync(big, { signal: later.signal, yieldEveryMs: 0 }),
    (e: unknown) => e instanceof CompletionInterrupted && e.done < e.total,
  );
});

test("a bad yieldEveryMs is refused", async () => {
  await assert.rejects(
    countCompletionsAsync({ n: 8, queens: [] }, { yieldEveryMs: -1 }),
    (e: unknown) => e instanceof NQueensError && /yieldEveryMs.*-1/.test(e.message),
  );
  assert.throws(
    () => completionsAsync({ n: 8, queens: [] }, { yieldEveryMs: Number.NaN }),
    NQueensError,
  );
});

test("completions: progress is the first free row's candidates, with the count listed so far", () => {
  for (const board of [
    { n: 8, queens: [] },
    { n: 8, queens: [{ row: 0, col: 3 }] },
    holes(36, [3, 4, 5, 6, 30, 31, 32]),
  ]) {
    const want = brute(board);
    const firstRow =
      want.length === 0 ? -1 : want[0]!.findIndex((_, r) => !board.queens.some((q) => q.row === r));
    const seen: CompletionProgress[] = [];
    const got = [...completions(board, { onProgress: (p) => seen.push(p) })];
    assert.deepEqual(got, want);
    const total = seen[0]!.total;
    assert.deepEqual(seen.at(-1), { done: total, total, count: BigInt(want.length) });
    for (const p of seen) {
      assert.equal(p.total, total);
      // Every completion of the candidates finished so far has been listed, no other.
      if (firstRow >= 0 && p.done > 0 && p.done < total) {
        const last = got[Number(p.count) - 1]!;
        const next = got[Number(p.count)];
        assert.ok(next === undefined || next[firstRow]! > last[firstRow]!);
      }
    }
  }
  const eight: CompletionProgress[] = [];
  for (const _ of completions({ n: 8, queens: [] }, { onProgress: (p) => eight.push(p) }));
  assert.deepEqual(
    eight.map((p) => [p.done, Number(p.count)]),
    [0, 4, 12, 28, 46, 64, 80, 88, 92].map((count, done) => [done, count]),
  );
});

test("completions: an abort is seen when the next completion is asked for", () => {
  const stop = new AbortController();
  const it = completions({ n: 8, queens: [] }, { signal: stop.signal });
  for (let i = 0; i < 5; i++) assert.ok(!it.next().done);
  stop.abort();
  assert.throws(
    () => it.next(),
    (e: unknown) => e instanceof CompletionInterrupted && e.count === 5n && e.total === 8,
  );
});

test("completionsAsync: a timer aborts a long search before its first completion", async () => {
  const stop = new AbortController();
  setTimeout(() => stop.abort(), 0);
  const it = completionsAsync({ n: 30, queens: [] }, { signal: stop.signal, yieldEveryMs: 0 });
  await assert.rejects(
    it.next(),
    (e: unknown) => e instanceof CompletionInterrupted && e.count === 0n && e.total === 30,
  );
});

test("completionsAsync keeps the limit and the order", async () => {
  const board = { n: 10, queens: [{ row: 2, col: 5 }] };
  const got: number[][] = [];
  for await (const cols of completionsAsync(board, { limit: 7 })) got.push(cols);
  assert.deepEqual(got, brute(board).slice(0, 7));
  const none: number[][] = [];
  for await (const cols of completionsAsync(board, { limit: 0 })) none.push(cols);
  assert.deepEqual(none, []);
});

// ---------------------------------------------------------------------------------------------
// Big boards, up to the limit.

test(`MAX_COMPLETE_N is 1,000,000`, () => assert.equal(MAX_COMPLETE_N, 1_000_000));

test("n = 10^6: a full solution, the same with 10 rows emptied, and an empty board", (t) => {
  const n = 1_000_000;
  const timed = <T>(what: string, f: () => T): T => {
    const start = performance.now();
    const r = f();
    t.diagnostic(`${what}: ${((performance.now() - start) / 1000).toFixed(3)} s`);
    return r;
  };
  const full = holes(n, []);
  const same = timed("completeOne, full solution", () => completeOne(full));
  assert.deepEqual(same, construct(n));
  const emptied = [0, 1, 2, 499_999, 500_000, 777_777, 999_990, 999_997, 999_998, 999_999];
  const board = holes(n, emptied);
  const one = timed("completeOne, 10 rows emptied", () => completeOne(board))!;
  assert.ok(isSolution(one));
  for (const q of board.queens) assert.equal(one[q.row], q.col);
  const empty = timed("completeOne, empty board", () => completeOne({ n, queens: [] }))!;
  assert.ok(isSolution(empty));
  const clash = { n, queens: [...board.queens, { row: 0, col: construct(n)![3]! }] };
  assert.throws(() => completeOne(clash), /share a column/);
});
