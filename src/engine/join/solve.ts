/**
 * Solving the items and tasks of the join split (join/split.ts) with a `JoinKernel`.
 *
 * An item is a west rowset R (and for odd n the middle column's queen). Its west half-boards
 * (queens in columns 0..h-1 on the rows R) are generated as keys by joining quadrant entries,
 * its east half-boards (the other rows, columns past the middle) as the keys of their mirror
 * images, and the pairs with disjoint keys are the solutions.
 *
 * The transpose inside an even-like item. Let C be a solution's north colset (the columns of its
 * queens in rows 0..h-1). The transpose swaps R and C, and the mirrors act on both alike, so
 * with ord(X) = the unordered pair {k(X & west), k(mirror(X & east))}, k(Y) = min(Y, ~Y) within
 * h bits, the count of an item is the sum over its pairs of w = 2, 1 or 0 as ord(C) is above,
 * equal to or below ord(R) (lexicographic on (max, min)); summed over all R that counts every
 * solution once. ord(C) = {u, v}: u from the west half (its north-west columns), v from the east
 * half. Three class bits in the keys drop the pairs of weight 0 (both u, v below M = max ord(R);
 * u = M with v below m = min ord(R); and the mirror case); the pairs of weight 1 (u, v = M, m)
 * are counted again on their own: count = 2 S - S1.
 */
import { popcount } from "../../bits.js";
import type { JoinKernel } from "./kernel.js";
import type { Preset } from "./presets.js";
import { flipRows, type JoinItems } from "./split.js";

/** k(Y): the smaller of a column set and its complement within h bits. */
function kappa(h: number, y: number): number {
  const c = ((1 << h) - 1) ^ y;
  return Math.min(c, y);
}

/** Reflects presets left to right (the frame of the mirrored east half). */
function mirror(n: number, presets: readonly Preset[]): Preset[] {
  return presets.map(([r, c]) => [r, n - 1 - c]);
}

/** The quadrant-local rows of a rowset: north (rows 0..h-1) and south (from r0s). */
function local(k: JoinKernel, r: number): [number, number] {
  const low = (1 << k.h) - 1;
  return [r & low, (r >>> k.r0s) & low];
}

/**
 * The column sets of `list` with k(cw) = target, into the scratch list at `at` (u16; kernel
 * function `only`).
 */
function only(
  k: JoinKernel,
  list: { ptr: number; len: number },
  target: number,
  at: number,
): { ptr: number; len: number } {
  return { ptr: at, len: k.exports.only(list.ptr, list.len, target, at) };
}

/** The count of an even-like item (even n, or the centre board of odd n), before its weight. */
function solveEven(k: JoinKernel, r: number): bigint {
  const s = k.layout.avail - r;
  if (k.tuning.pieces) k.useRows(...local(k, r), ...local(k, s));
  return k.evenOf(r) ?? solveEvenSlowly(k, r, s);
}

/**
 * `solveEven` the long way, for lists that may have to grow, as the kernel's `evenOf` does it
 * in one call (the tests compare the two): all pairs of the item's half-boards weighted 2, less
 * those of weight 1. `s`: the east half's rows.
 */
function solveEvenSlowly(k: JoinKernel, r: number, s: number): bigint {
  const { n, h } = k;
  const low = (1 << h) - 1;
  const [rn, rs] = local(k, r);
  const [sn, ss] = local(k, s);
  const listW = k.combos(-1, popcount(rn));
  const listE = k.combos(-1, popcount(sn));
  const u0 = kappa(h, rn);
  const v0 = kappa(h, flipRows(n, r) & low);
  const big = Math.max(u0, v0);
  const small = Math.min(u0, v0);
  const [fw, fe] = k.evenFrames;
  // The class bytes (kernel function `classes`): bit 0 for k(cw) below M on both sides; bit 1
  // for u = M on the west and v below m on the east; bit 2 for u below m and v = M.
  k.exports.classes(listW.ptr, listW.len, k.clsA, big, small, 1, 2);
  k.exports.classes(listE.ptr, listE.len, k.clsB, big, small, 2, 1);
  const na = k.gen(false, rn, rs, listW, low, fw, k.clsA, 0);
  const nb = k.gen(true, sn, ss, listE, low, fe, k.clsB, 1);
  const all = k.pairs(k.listA, na, k.listB, nb);
  // The pairs of weight 1: {u, v} = {M, m}.
  const half = (u: number, v: number) => {
    const la = only(k, listW, u, k.comboScratch);
    const lb = only(k, listE, v, k.comboScratch + 4096);
    const a = k.gen(false, rn, rs, la, low, fw, k.clsA, 0);
    if (a === 0) return 0n; // n = 16: a fifth of these calls
    const b = k.gen(true, sn, ss, lb, low, fe, k.clsB, 1);
    return k.pairs(k.listA, a, k.listB, b);
  };
  let once = half(big, small);
  if (big !== small) once += half(small, big);
  return 2n * all - once;
}

/** The count of a kind-1 item (odd n, middle column's queen at row m), before its weight. */
function solveMiddle(k: JoinKernel, m: number, r: number): bigint {
  const s = ((1 << k.n) - 1) & ~(1 << m) & ~r;
  if (k.tuning.pieces) k.useRows(...local(k, r), ...local(k, s));
  return k.middleOf(m, r) ?? solveMiddleSlowly(k, m, r, s);
}

/**
 * `solveMiddle` the long way, for lists that may have to grow, as the kernel's `middleOf` does
 * it in one call (the tests compare the two). `s`: the east half's rows.
 */
function solveMiddleSlowly(k: JoinKernel, m: number, r: number, s: number): bigint {
  const { n, h } = k;
  const low = (1 << h) - 1;
  const base: Preset[] = [[m, h]];
  const [rn, rs] = local(k, r);
  const [sn, ss] = local(k, s);
  // The side whose rows hold row h has the middle row's queen, at a column c (folded west) > m.
  const westHasMiddle = ((r >>> h) & 1) === 1;
  const [hn, hs, on, os] = westHasMiddle ? [rn, rs, sn, ss] : [sn, ss, rn, rs];
  const other = k.combos(-1, popcount(on));
  const otherF = k.forbidden(westHasMiddle ? mirror(n, base) : base);
  const withMiddle = westHasMiddle ? 0 : 1;
  let nh = 0;
  for (let c = m + 1; c < h; c++) {
    const frame: Preset[] = [...(westHasMiddle ? base : mirror(n, base)), [h, c]];
    nh += k.gen(
      !westHasMiddle,
      hn,
      hs,
      k.combos(c, popcount(hn)),
      low & ~(1 << c),
      k.forbidden(frame),
      k.clsNone,
      withMiddle,
      nh,
      [h, c],
    );
  }
  if (nh === 0) return 0n;
  const no = k.gen(westHasMiddle, on, os, other, low, otherF, k.clsNone, westHasMiddle ? 1 : 0);
  return westHasMiddle
    ? k.pairs(k.listA, nh, k.listB, no, 2 * k.wb)
    : k.pairs(k.listA, no, k.listB, nh, 2 * k.wb);
}

/** The weighted count of item i: its share of the total. */
export function solveItem(k: JoinKernel, items: JoinItems, i: number): bigint {
  const w = BigInt(items.weight[i]);
  return items.kind[i] === 0
    ? w * solveEven(k, items.rows[i])
    : w * solveMiddle(k, items.m[i], items.rows[i]);
}

/**
 * The share of counting task t of `tasks` of the total: the sum over its items, t, t + tasks,
 * t + 2 tasks, ... (split.ts `taskItems`).
 */
export function solveTask(k: JoinKernel, items: JoinItems, tasks: number, t: number): bigint {
  let sum = 0n;
  for (let i = t; i < items.length; i += tasks) sum += solveItem(k, items, i);
  return sum;
}
