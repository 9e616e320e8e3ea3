import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { countRotationFixed } from "../rotation-fixed.js";
import { fixedByHalfTurn, fixedByQuarterTurn } from "./symmetric.js";

describe("rotation-fixed counts", () => {
  // [turn, the bit-mask search, the largest n checked against the orbit search]
  const searches: [string, (n: number) => number, number][] = [
    ["half", fixedByHalfTurn, 16],
    ["quarter", fixedByQuarterTurn, 17],
  ];
  for (const [turn, search, last] of searches) {
    test(`the ${turn}-turn search agrees with the orbit search (n = 1..${last})`, () => {
      for (let n = 1; n <= last; n++) {
        const cols = new Int32Array(n).fill(-1);
        assert.equal(search(n), countRotationFixed(n, cols, turn === "quarter"), `n=${n}`);
      }
    });
  }

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
