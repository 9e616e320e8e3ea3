import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { countRotationFixed } from "../rotation-fixed.js";
import { fixedByHalfTurn, fixedByQuarterTurn } from "./symmetric.js";

describe("rotation-fixed counts", () => {
  test("the half-turn search agrees with the orbit search (n = 1..16)", () => {
    for (let n = 1; n <= 16; n++) {
      assert.equal(
        fixedByHalfTurn(n),
        countRotationFixed(n, new Int32Array(n).fill(-1), false),
        `n=${n}`,
      );
    }
  });

  test("the quarter-turn search agrees with the orbit search (n = 1..17)", () => {
    for (let n = 1; n <= 17; n++) {
      assert.equal(
        fixedByQuarterTurn(n),
        countRotationFixed(n, new Int32Array(n).fill(-1), true),
        `n=${n}`,
      );
    }
  });

  // With the known totals these give the known unique counts: (total + half + 2 quarter) / 8.
  const table: [number, number, number][] = [
    [8, 4, 0],
    [12, 80, 8],
    [16, 3000, 64],
    [20, 144620, 480],
  ];
  for (const [n, half, quarter] of table) {
    test(`n=${n}: ${half} fixed by a half turn, ${quarter} by a quarter turn`, () => {
      assert.equal(fixedByHalfTurn(n), half);
      assert.equal(fixedByQuarterTurn(n), quarter);
    });
  }
});
