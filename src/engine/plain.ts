/**
 * The plain bitboard counter: how many solutions a board size has, in total and up to symmetry.
 * Single-threaded and simple: the reference that the fast multi-core counter is checked against.
 *
 * Total: row-by-row search with 32-bit masks, the first queen only in the left half (the right
 * half mirrors it). Unique: by Burnside's lemma. For n >= 2 no reflection maps a solution to
 * itself (two mirrored queens would share a line), so only the rotations fix solutions, and
 *   unique = (total + fixed180 + 2 * fixed90) / 8,
 * where fixed180 and fixed90 count the solutions unchanged by a half and a quarter turn. Those are
 * found by small searches that place whole orbits of squares at once, so unique costs little
 * more than total.
 */

import { popcount } from "../bits.js";
import { checkSize } from "../errors.js";
import { MAX_COUNT_N } from "../limits.js";
import { countRotationFixed } from "./rotation-fixed.js";

/** Symmetry classes of the solutions by orbit size (distinct boards in the class). */
export interface OrbitCounts {
  readonly size8: bigint;
  readonly size4: bigint;
  readonly size2: bigint;
}

/**
 * Total and unique counts for `n`, on the calling thread (the public `count` with method "plain").
 * @throws NQueensError when n is not an integer from 1 to 32
 * @example countPlain(8) // { total: 92n, unique: 12n }
 */
export function countPlain(n: number): { total: bigint; unique: bigint } {
  checkSize(n, MAX_COUNT_N);
  const total = countAll(n);
  return { total, unique: uniqueFrom(n, total) };
}

/**
 * The symmetry classes for `n` by orbit size: size 2 (unchanged by a quarter turn), size 4
 * (unchanged by a half turn only), size 8 (no symmetry). For n = 1 the one class has size 1 and
 * appears in none of the three.
 * @throws NQueensError when n is not an integer from 1 to 32
 * @example countOrbits(8) // { size8: 11n, size4: 1n, size2: 0n }
 */
export function countOrbits(n: number): OrbitCounts {
  checkSize(n, MAX_COUNT_N);
  if (n === 1) return { size8: 0n, size4: 0n, size2: 0n };
  const total = countAll(n);
  const half = BigInt(countFixed(n, 2));
  const quarter = BigInt(countFixed(n, 4));
  return { size8: (total - half) / 8n, size4: (half - quarter) / 4n, size2: quarter / 2n };
}

// ---------------------------------------------------------------------------------------------

function uniqueFrom(n: number, total: bigint): bigint {
  if (n === 1) return 1n;
  return (total + BigInt(countFixed(n, 2)) + 2n * BigInt(countFixed(n, 4))) / 8n;
}

function countAll(n: number): bigint {
  if (n === 1) return 1n;
  const all = n === 32 ? -1 : (1 << n) - 1;
  let total = 0n;
  // First queen in column c < n/2 counts twice (its mirror image starts in n-1-c); the middle
  // column of an odd board once.
  for (let c = 0; c < (n + 1) >> 1; c++) {
    const bit = 1 << c;
    const below = countBelow(all, n - 1, bit, bit << 1, bit >>> 1);
    total += 2 * c + 1 === n ? below : 2n * below;
  }
  return total;
}

/**
 * Hot loop: the number of ways to fill `rows` more rows (rows >= 1) below a row whose attacks are
 * `cols`, `left` and `right` (already shifted onto the next row). Explicit stack in typed arrays;
 * the last row adds its number of free squares. Counts are kept in a double and moved into a
 * bigint before they could pass 2^53. Masks are int32; `>>>` stops the sign bit from spreading.
 */
function countBelow(all: number, rows: number, cols: number, left: number, right: number): bigint {
  if (rows === 1) return BigInt(popcount(all & ~(cols | left | right)));
  const cs = new Int32Array(rows);
  const ls = new Int32Array(rows);
  const rs = new Int32Array(rows);
  const avail = new Int32Array(rows);
  cs[0] = cols;
  ls[0] = left;
  rs[0] = right;
  avail[0] = all & ~(cols | left | right);
  const last = rows - 1;
  let total = 0n;
  let count = 0;
  let k = 0;
  while (k >= 0) {
    const a = avail[k]!;
    if (a === 0) {
      k--;
      continue;
    }
    const bit = a & -a;
    avail[k] = a ^ bit;
    const c = cs[k]! | bit;
    const l = (ls[k]! | bit) << 1;
    const r = (rs[k]! | bit) >>> 1;
    const next = all & ~(c | l | r);
    if (k + 1 === last) {
      if (next !== 0) {
        count += popcount(next);
        if (count > 2 ** 52) {
          total += BigInt(count);
          count = 0;
        }
      }
      continue;
    }
    if (next === 0) continue;
    k++;
    cs[k] = c;
    ls[k] = l;
    rs[k] = r;
    avail[k] = next;
  }
  return total + BigInt(count);
}

/** The solutions a half turn (`turns` = 2) or a quarter turn (4) maps onto themselves. */
function countFixed(n: number, turns: 2 | 4): number {
  return countRotationFixed(n, new Int32Array(n).fill(-1), turns === 4);
}
