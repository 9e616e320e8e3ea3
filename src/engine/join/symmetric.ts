/**
 * The cheap companion of the join for the unique count: the solutions that a half turn (F180) and
 * a quarter turn (F90) map onto themselves. By Burnside, with reflections fixing no solution
 * (n > 1), unique = (total + F180 + 2 F90) / 8.
 *
 * F180: the queens of the top rows determine the board (row n-1-r holds the image of row r), so
 * the search places rows 0..h-1 only, each queen with its image. A set of diagonals closed under
 * the half turn is known by its lower half: diagonal d and 2n-2-d are one "folded" diagonal, and
 * the middle one (d = n-1, through the centre) would hold a queen and its image at once. Odd n
 * needs the centre queen. About 4.7 million nodes at n = 20, 46 million at n = 22, searched with
 * bit masks (all free columns of a row at once).
 *
 * F90: the same search, each queen also fixing the one of its quarter-turn orbit in another top
 * row (`fixedByTurn`); engine/rotation-fixed.ts, which places whole orbits, is the tests' check.
 */

/**
 * The solutions of n that a rotation by 180 degrees maps onto themselves.
 *
 * The folded diagonal of (r, c) is n-1-|r-c|, its folded anti-diagonal n-1-|n-1-r-c|, so the
 * search keeps the sets of used distances s = |r-c| (`ds`) and t = |n-1-r-c| (`ts`), each also
 * mirrored (bit n-1-s: `dr`, `tr`) so that the columns they block in a row are four shifts:
 * c = r + s, r - s, (n-1-r) + t, (n-1-r) - t. Distance 0 (the folded top diagonal, where a
 * queen would meet its own image) is taken from the start.
 */
export function fixedByHalfTurn(n: number): number {
  return fixedByTurn(n, false);
}

/**
 * The half-turn search, and with `quarter` the quarter-turn one inside it: a solution fixed by a
 * quarter turn is fixed by a half turn, and the quarter turn's orbit of (r, c), r < h, holds one
 * more top row, q = min(c, n-1-c), whose queen it fixes: at column n-1-r when c < h, else at r.
 * So each row either was fixed that way by an earlier row (its one candidate) or fixes a later
 * one (`forced`); a row the orbit would fix that is placed already or fixed otherwise, or the
 * row itself, rules the column out.
 */
function fixedByTurn(n: number, quarter: boolean): number {
  if (n === 1) return 1;
  const h = Math.floor(n / 2);
  const m = n - 1;
  const full = 2 ** n - 1;
  const forced = new Int32Array(h).fill(-1);
  // Odd n: the centre queen takes the middle column (its diagonals are the folded top one).
  const start = n % 2 === 1 ? 2 ** h : 0;
  const rec = (r: number, cols: number, ds: number, dr: number, ts: number, tr: number): number => {
    if (r === h) return 1;
    const base = m - r;
    // Only distances that stay on the board are shifted up (n <= 32 keeps them in 32 bits).
    const blocked =
      cols |
      ((ds & ((1 << (n - r)) - 1)) << r) |
      (dr >>> base) |
      ((ts & ((2 << r) - 1)) << base) |
      (tr >>> r);
    let free = full & ~blocked;
    const fixed = quarter ? forced[r] : -1;
    if (fixed >= 0) free &= 1 << fixed;
    let total = 0;
    while (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      const c = 31 - Math.clz32(bit);
      // The other top row the quarter turn's orbit fixes (-1: none, or the half turn alone).
      let q = -1;
      if (quarter && fixed < 0) {
        q = c < h ? c : m - c;
        if (q <= r || forced[q] >= 0) continue;
        forced[q] = c < h ? m - r : r;
      }
      const s = Math.abs(r - c);
      const t = Math.abs(base - c);
      total += rec(
        r + 1,
        cols | bit | (1 << (m - c)),
        ds | (1 << s),
        dr | (1 << (m - s)),
        ts | (1 << t),
        tr | (1 << (m - t)),
      );
      if (q >= 0) forced[q] = -1;
    }
    return total;
  };
  return rec(0, start, 1, 2 ** m, 1, 2 ** m);
}

/** The solutions of n that a rotation by 90 degrees maps onto themselves. */
export function fixedByQuarterTurn(n: number): number {
  return fixedByTurn(n, true);
}
