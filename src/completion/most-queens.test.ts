import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Queen } from "../board.js";
import { seededRandom } from "../random.js";
import { hits, mostFit as naive } from "../testing/queens.js";
import { canComplete } from "./complete.js";
import { mostQueens } from "./most-queens.js";

/** `k` queens that do not attack each other on an n×n board, from a seeded stream. */
function randomBoard(n: number, k: number, seed: number): Queen[] {
  const rng = seededRandom(seed);
  const out: Queen[] = [];
  for (let tries = 0; out.length < k && tries < 200; tries++) {
    const sq = { row: Math.floor(rng() * n), col: Math.floor(rng() * n) };
    if (!out.some((q) => hits(q, sq) || (q.row === sq.row && q.col === sq.col))) out.push(sq);
  }
  return out;
}

describe("mostQueens", () => {
  // The empty board: n queens from 4 on (a solution), 1 on 2×2, 2 on 3×3 (worked out by hand).
  const empty: [number, number][] = [
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 4],
    [5, 5],
    [6, 6],
    [8, 8],
  ];
  for (const [n, most] of empty) {
    test(`the empty ${n}×${n} board takes ${most}`, () => {
      assert.equal(mostQueens({ n, queens: [] }).added.length, most);
    });
  }

  test("agrees with the square-by-square search on 150 boards up to 6×6", () => {
    for (let seed = 1; seed <= 150; seed++) {
      const n = 4 + (seed % 3);
      const queens = randomBoard(n, 1 + (seed % 3), seed);
      const found = mostQueens({ n, queens });
      assert.equal(found.added.length, naive(n, queens), `n=${n} ${JSON.stringify(queens)}`);
      // The placement it gives is one: on free rows, attacking nothing.
      const all = [...queens, ...found.added];
      for (let i = 0; i < all.length; i++) {
        for (let j = i + 1; j < all.length; j++) assert.ok(!hits(all[i]!, all[j]!));
      }
    }
  });

  test("adds n - k exactly when the board can be completed", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const queens = randomBoard(8, 2 + (seed % 3), seed * 7);
      const most = mostQueens({ n: 8, queens }).added.length;
      assert.equal(most === 8 - queens.length, canComplete({ n: 8, queens }));
    }
  });

  test("names the free rows with no safe square", () => {
    // 4×4 with queens at (0,0) and (1,2): every square of row 2 is attacked (by hand: (2,0)
    // column, (2,1) and (2,3) diagonals of (1,2), (2,2) column and the diagonal of (0,0)).
    const queens = [
      { row: 0, col: 0 },
      { row: 1, col: 2 },
    ];
    const dead = [2, 3].filter((row) =>
      [0, 1, 2, 3].every((col) => queens.some((q) => hits(q, { row, col }))),
    );
    assert.deepEqual(mostQueens({ n: 4, queens }).deadRows, dead);
    assert.deepEqual(dead, [2]);
  });

  test("refuses attacking queens and boards over 12", () => {
    assert.throws(() =>
      mostQueens({
        n: 5,
        queens: [
          { row: 0, col: 0 },
          { row: 1, col: 1 },
        ],
      }),
    );
    assert.throws(() => mostQueens({ n: 13, queens: [] }));
  });
});
