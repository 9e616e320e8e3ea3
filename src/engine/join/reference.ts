/**
 * The readable version of the join, in plain JavaScript, for the tests to compare the kernels
 * against, and the generator of half-boards of a kernel without quadrant tables (`tables: false`).
 *
 * `itemCountReference` counts an item of join/split.ts straight from the definitions: every west
 * half-board (one queen per west column, on the item's rows, by backtracking), every east one
 * (on the actual east columns, no mirroring), every pair checked queen by queen, and each pair
 * weighted as join/solve.ts explains (the transpose's weight from the pair's north colset, or the
 * middle row's queen folded beyond m) instead of class bits. `halfKeys` computes the 64-bit keys
 * of half-boards as the kernel's `genW`/`genE` write them, from the queens.
 */
import { flipRows, type JoinItems, joinItems } from "./split.js";

/** A queen as (row, column). */
export type Queen = readonly [number, number];

const attacks = ([r1, c1]: Queen, [r2, c2]: Queen) =>
  r1 === r2 || c1 === c2 || Math.abs(r1 - r2) === Math.abs(c1 - c2);

/**
 * Every placement of one queen in each of `cols`, using each row of the bit set `rows` once, no
 * two attacking each other or a queen of `fixed`.
 */
export function halfBoards(
  rows: number,
  cols: readonly number[],
  fixed: readonly Queen[],
): Queen[][] {
  const out: Queen[][] = [];
  const placed: Queen[] = [];
  const rec = (i: number, left: number) => {
    if (i === cols.length) {
      if (left === 0) out.push([...placed]);
      return;
    }
    for (let r = 0; left >>> r !== 0; r++) {
      if (((left >>> r) & 1) === 0) continue;
      const q: Queen = [r, cols[i]];
      if (fixed.some((f) => attacks(f, q)) || placed.some((p) => attacks(p, q))) continue;
      placed.push(q);
      rec(i + 1, left - 2 ** r);
      placed.pop();
    }
  };
  rec(0, rows);
  return out;
}

/** min(Y, ~Y) within h bits. */
const kappa = (h: number, y: number) => Math.min(y, ((1 << h) - 1) ^ y);

/** The columns of the queens in rows 0..h-1, as a bit set. */
const northCols = (h: number, qs: readonly Queen[]) =>
  qs.reduce((s, [r, c]) => (r < h ? s | (1 << c) : s), 0);

/**
 * The weighted count of item i of n (its share of the total), from the definitions.
 * @example itemCountReference(8, joinItems(8), 0)
 */
export function itemCountReference(n: number, items: JoinItems, i: number): bigint {
  const h = Math.floor(n / 2);
  const odd = n % 2;
  const west = Array.from({ length: h }, (_, c) => c);
  const east = Array.from({ length: h }, (_, c) => h + odd + c);
  const r = items.rows[i];
  const weight = BigInt(items.weight[i]);
  const fold = (c: number) => Math.min(c, n - 1 - c);
  let total = 0n;
  if (items.kind[i] === 0) {
    const fixed: Queen[] = odd ? [[h, h]] : [];
    const avail = 2 ** n - 1 - (odd ? 2 ** h : 0);
    const low = (1 << h) - 1;
    const ord = (lo: number, hi: number) => [Math.max(lo, hi), Math.min(lo, hi)];
    const [big, small] = ord(kappa(h, r & low), kappa(h, flipRows(n, r) & low));
    const ws = halfBoards(r, west, fixed);
    const es = halfBoards(avail - r, east, fixed);
    for (const w of ws) {
      for (const e of es) {
        if (w.some((p) => e.some((q) => attacks(p, q)))) continue;
        // The north colset C of the solution, ord(C) against ord(R).
        const cw = northCols(h, w);
        const ce = northCols(
          h,
          e.map(([row, c]) => [row, n - 1 - c]),
        );
        const [u, v] = ord(kappa(h, cw), kappa(h, ce));
        total += u > big || (u === big && v > small) ? 2n : u === big && v === small ? 1n : 0n;
      }
    }
  } else {
    const m = items.m[i];
    const fixed: Queen[] = [[m, h]];
    const ws = halfBoards(r, west, fixed);
    const es = halfBoards(2 ** n - 1 - 2 ** m - r, east, fixed);
    for (const w of ws) {
      for (const e of es) {
        if (w.some((p) => e.some((q) => attacks(p, q)))) continue;
        const middle = [...w, ...e].find(([row]) => row === h);
        if (middle !== undefined && fold(middle[1]) > m) total += 1n;
      }
    }
  }
  return weight * total;
}

/** The whole count of n by the reference (small n only: it checks every pair). */
export function countReference(n: number): bigint {
  if (n === 1) return 1n;
  const items = joinItems(n);
  let total = 0n;
  for (let i = 0; i < items.length; i++) total += itemCountReference(n, items, i);
  return total;
}

/**
 * The key of a half-board as the kernel writes it: its window diagonals (`wb` bits) and
 * anti-diagonals, swapped for an east half given in its mirrored frame (`east`), and `classBits`
 * above them. Queens are in the frame of a west half (columns 0..h-1).
 */
export function halfKey(n: number, qs: readonly Queen[], east: boolean, classBits: number): bigint {
  const h = Math.floor(n / 2);
  const wb = n % 2 === 0 ? n - 1 : n - 2;
  const r0s = n % 2 === 0 ? h : h + 1;
  let d = 0n;
  let a = 0n;
  for (const [r, c] of qs) {
    const x = r - c + h - 1;
    const y = r + c - r0s;
    if (x >= 0 && x < wb) d |= 1n << BigInt(x);
    if (y >= 0 && y < wb) a |= 1n << BigInt(y);
  }
  const key = east ? a | (d << BigInt(wb)) : d | (a << BigInt(wb));
  return key | (BigInt(classBits) << BigInt(2 * wb));
}

/** The number of pairs of keys with no bit in common, one by one. */
export function pairsReference(a: readonly bigint[], b: readonly bigint[]): bigint {
  let total = 0n;
  for (const x of a) for (const y of b) if ((x & y) === 0n) total++;
  return total;
}
