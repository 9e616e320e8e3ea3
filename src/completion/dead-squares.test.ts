import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { attackKind, type Queen } from "../board.js";
import { canComplete } from "./complete.js";
import { deadSquares } from "./dead-squares.js";

describe("dead squares", () => {
  /** The squares no queen attacks where a queen gives a board that cannot be completed. */
  function naive(n: number, queens: readonly Queen[]): string[] {
    const out: string[] = [];
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        const sq = { row, col };
        if (queens.some((q) => attackKind(q, sq) !== undefined)) continue;
        if (!canComplete({ n, queens: [...queens, sq] })) out.push(`${row}:${col}`);
      }
    }
    return out.sort();
  }
  const key = (qs: readonly Queen[]) => qs.map((q) => `${q.row}:${q.col}`).sort();

  test("match the completion check square by square", () => {
    const boards: [number, Queen[]][] = [
      [4, []],
      [6, [{ row: 0, col: 1 }]],
      [8, [{ row: 0, col: 0 }]],
      [
        8,
        [
          { row: 0, col: 0 },
          { row: 1, col: 4 },
        ],
      ],
      [
        10,
        [
          { row: 2, col: 3 },
          { row: 5, col: 9 },
        ],
      ],
      [
        12,
        [
          { row: 0, col: 5 },
          { row: 3, col: 0 },
          { row: 7, col: 11 },
        ],
      ],
    ];
    for (const [n, queens] of boards) {
      const d = deadSquares({ n, queens });
      assert.deepEqual(key(d.dead), naive(n, queens), `${n} ${JSON.stringify(queens)}`);
    }
  });

  test("a board that cannot be completed: every safe square is dead", () => {
    const d = deadSquares({ n: 4, queens: [{ row: 0, col: 0 }] });
    assert.equal(d.completable, false);
    assert.equal(d.dead.length, d.safe);
    assert.ok(d.safe > 0);
  });

  test("an empty 20×20 board has no dead square", () => {
    const d = deadSquares({ n: 20, queens: [] });
    assert.equal(d.completable, true);
    assert.equal(d.dead.length, 0);
    assert.equal(d.safe, 400);
  });
});
