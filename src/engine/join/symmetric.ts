/**
 * The cheap companion of the join for the unique count: the solutions that a half turn (F180) and
 * a quarter turn (F90) map onto themselves. By Burnside, with reflections fixing no solution
 * (n > 1), unique = (total + F180 + 2 F90) / 8.
 *
 * F180: the queens of the top rows determine the board (row n-1-r holds the image of row r), so
 * the search places rows 0..h-1 only, each queen with its image. A set of diagonals closed under
 * the half turn is known by its lower half: diagonal d and 2n-2-d are one "folded" diagonal, and
 * the middle one (d = n-1, through the centre) would hold a queen and its image at once. Odd n
 * needs the centre queen. About 4.7 million nodes at n = 20, 46 million at n = 22.
 *
 * F90: orbits of four squares, placed by `countRotationFixed` (engine/rotation-fixed.ts); tiny.
 */
import { countRotationFixed } from "../rotation-fixed.js";

/** The solutions of n that a rotation by 180 degrees maps onto themselves. */
export function fixedByHalfTurn(n: number): number {
  if (n === 1) return 1;
  const h = Math.floor(n / 2);
  const centre = n % 2 === 1;
  const top = n - 1; // folded diagonals 0..n-1; n-1 is the one through the centre
  // Odd n: the centre queen takes the middle column (its diagonals are the folded top one).
  const start = centre ? 2 ** h : 0;
  const rec = (r: number, cols: number, fd: number, fa: number): number => {
    if (r === h) return 1;
    let total = 0;
    for (let c = 0; c < n; c++) {
      const mirror = n - 1 - c;
      if ((cols >>> c) & 1 || (cols >>> mirror) & 1 || c === mirror) continue;
      const d = r - c + n - 1;
      const a = r + c;
      const dd = Math.min(d, 2 * n - 2 - d);
      const aa = Math.min(a, 2 * n - 2 - a);
      if (dd === top || aa === top || (fd >>> dd) & 1 || (fa >>> aa) & 1) continue;
      total += rec(r + 1, cols | (1 << c) | (1 << mirror), fd | (1 << dd), fa | (1 << aa));
    }
    return total;
  };
  return rec(0, start, 0, 0);
}

/** The solutions of n that a rotation by 90 degrees maps onto themselves. */
export function fixedByQuarterTurn(n: number): number {
  return countRotationFixed(n, new Int32Array(n).fill(-1), true);
}
