/**
 * The stable split of an N-Queens count into independent sub-problems ("constellations").
 *
 * Every solution has exactly one queen in each of the four border lines: row 0, row n-1,
 * column 0 and column n-1 (a corner queen serves two lines). Those 1 to 4 border queens are the
 * solution's *constellation*. The 8 symmetries of the square map border to border, so the
 * solutions are partitioned by constellation, and the solutions of a constellation C and of any
 * image g(C) are in one-to-one correspondence. The split keeps one record per orbit of
 * constellations, and the count becomes
 *
 *   total  = sum over representatives C of weight(C) * count(C),   weight = |orbit(C)| in {2,4,8}
 *   unique = sum over C of the number of stab(C)-orbits among the solutions of C   (Burnside:
 *            (count + [180 in stab] fixed180 + [90 in stab] 2*fixed90) / |stab(C)|)
 *
 * because no N-Queens solution (n > 1) is fixed by a reflection, only by the rotations.
 * Each sub-problem is then searched once: the inner (n-2)x(n-2) board, with the border rows and
 * columns skipped and the border queens' diagonals preset.
 *
 * ## Record format (mirror it in GPU kernels and queue jobs)
 * A sub-problem is a plain record of small unsigned integers (each fits in 8 bits for n <= 32,
 * except `id`); `toWords` packs it into 3 u32 words:
 *
 * | field    | meaning                                                      | word: bits   |
 * |----------|--------------------------------------------------------------|--------------|
 * | id       | index in `split(n)`, 0-based; stable for a given SPLIT_VERSION | 0: 0..31   |
 * | top      | column of the queen in row 0                                 | 1: 0..7      |
 * | bottom   | column of the queen in row n-1                               | 1: 8..15     |
 * | left     | row of the queen in column 0                                 | 1: 16..23    |
 * | right    | row of the queen in column n-1                               | 1: 24..31    |
 * | weight   | size of the constellation's orbit: 2, 4 or 8 (1 only for n=1)| 2: 0..7      |
 * | rotations| rotations fixing it: 1 (none), 2 (180 only), 4 (90 and 180)  | 2: 8..15     |
 *
 * (n is not stored: every record belongs to one `split(n)`.) The search a record stands for:
 * rows 0, n-1, `left` and `right` hold their queens; the other rows ("free rows", ascending) each
 * get one queen in a column 1..n-2 not in {top, bottom}, not attacked diagonally by the border
 * queens (see `compileSubProblem` in kernel.ts) nor by the queens above. Its result is
 * `{ count, fixed180, fixed90 }`: the number of solutions, and among them those that a 180 and a
 * 90 degree rotation maps onto themselves (only computed when `rotations` > 1, else 0).
 *
 * Which member of an orbit a record holds does not change its counts, but it changes the search
 * time by up to 2x (the search runs from row 1 down): each record holds the orientation that
 * `estimate` finds cheapest. The list for a given n is always the same, in the same order: orbits
 * sorted by the smallest packed form top*32^3 + bottom*32^2 + left*32 + right of their members.
 * Its identity is `splitVersion(n)`, which checkpoints and queue records carry, so that results
 * of a different split are refused.
 *
 * Granularity: one record per orbit gives 730 sub-problems at n=12, 4319 at n=17, 9522 at n=20,
 * 38604 at n=27 and 83190 at n=32 (about n^4/8): thousands from n=14 on, each with setup cost
 * (compiling a few masks) negligible against its search from n=12 on. At n=16 the largest
 * sub-problem is about 1-2% of the work.
 */

import { popcount } from "../../bits.js";
import { checkSize } from "../../errors.js";
import { MAX_SPLIT_N } from "../../limits.js";

/** Bumped when the enumeration or its order changes; part of `splitVersion`. */
export const SPLIT_VERSION = "constellations-1";

/** One independent piece of the count: a representative constellation of border queens. */
export interface SubProblem {
  /** Index in `split(n)`, 0-based. */
  readonly id: number;
  /** Column of the queen in row 0. */
  readonly top: number;
  /** Column of the queen in row n-1. */
  readonly bottom: number;
  /** Row of the queen in column 0. */
  readonly left: number;
  /** Row of the queen in column n-1. */
  readonly right: number;
  /** How many distinct constellations its orbit holds under the 8 symmetries: 2, 4 or 8. */
  readonly weight: number;
  /** How many of the 4 rotations (identity included) map it onto itself: 1, 2 or 4. */
  readonly rotations: number;
}

/**
 * The counts of one sub-problem, exact integers below 2^53 (up to n = 30 by a wide margin; from
 * n = 31 the largest could pass it after years of counting, and the kernel throws rather than round).
 */
export interface SubResult {
  /** Solutions with exactly this constellation on the border. */
  readonly count: number;
  /** Of those, how many a 180 degree rotation maps onto themselves (0 unless rotations > 1). */
  readonly fixed180: number;
  /** Of those, how many a 90 degree rotation maps onto themselves (0 unless rotations = 4). */
  readonly fixed90: number;
}

/**
 * The constellation (top, bottom, left, right) moved by symmetry g (0 identity, 1-3 rotations by
 * 90/180/270 degrees, 4-7 mirrors), packed as top*32^3 + bottom*32^2 + left*32 + right.
 */
function image(g: number, n: number, top: number, bottom: number, left: number, right: number) {
  const m = n - 1;
  // Where each border queen lands: (row, col) of the images of (0,top), (m,bottom), (left,0), (right,m).
  let t = 0;
  let b = 0;
  let l = 0;
  let r = 0;
  for (let i = 0; i < 4; i++) {
    const row = i === 0 ? 0 : i === 1 ? m : i === 2 ? left : right;
    const col = i === 0 ? top : i === 1 ? bottom : i === 2 ? 0 : m;
    let r2: number;
    let c2: number;
    switch (g) {
      case 0:
        r2 = row;
        c2 = col;
        break;
      case 1:
        r2 = col;
        c2 = m - row;
        break;
      case 2:
        r2 = m - row;
        c2 = m - col;
        break;
      case 3:
        r2 = m - col;
        c2 = row;
        break;
      case 4:
        r2 = row;
        c2 = m - col;
        break;
      case 5:
        r2 = m - row;
        c2 = col;
        break;
      case 6:
        r2 = col;
        c2 = row;
        break;
      default:
        r2 = m - col;
        c2 = m - row;
    }
    if (r2 === 0) t = c2;
    if (r2 === m) b = c2;
    if (c2 === 0) l = r2;
    if (c2 === m) r = r2;
  }
  return ((t * 32 + b) * 32 + l) * 32 + r;
}

/** Whether queens (r1, c1) and (r2, c2) attack each other (the same square does not). */
function attack(r1: number, c1: number, r2: number, c2: number): boolean {
  if (r1 === r2 && c1 === c2) return false;
  const dr = r1 > r2 ? r1 - r2 : r2 - r1;
  const dc = c1 > c2 ? c1 - c2 : c2 - c1;
  return dr === 0 || dc === 0 || dr === dc;
}

/**
 * Whether the queen in row n-1 (column `bottom`) completes a valid constellation with the others,
 * which the outer loops of `split` have checked against each other already: a corner queen serves
 * two lines, so the two lines must then name the same square, and no two queens attack. Only the
 * checks that involve `bottom` (the innermost loop's, run some 10,000 times at n = 12 on a cold
 * start: docs/notes/2026-12-07-startup-and-memory.md).
 */
function bottomFits(n: number, top: number, bottom: number, left: number, right: number): boolean {
  const m = n - 1;
  if ((left === m) !== (bottom === 0) || (right === m) !== (bottom === m)) return false;
  return !(attack(0, top, m, bottom) || attack(m, bottom, left, 0) || attack(m, bottom, right, m));
}

/**
 * A cheap estimate of how large the search of one orientation is: the product of the free
 * squares in its first 7 free rows, counting only the border queens' attacks. The search runs
 * from row 1 downwards, and the 8 orientations of one constellation differ in search size by up to
 * 2x; picking the smallest estimate comes within about 9% of the best orientation (measured at
 * n = 14 and 15 against full searches), at no measurable cost.
 */
function estimate(n: number, packed: number): number {
  const right = packed & 31;
  const left = (packed >>> 5) & 31;
  const bottom = (packed >>> 10) & 31;
  const top = (packed >>> 15) & 31;
  const m = n - 1;
  const inner = ((1 << (n - 2)) - 1) << 1;
  const cols = (1 << top) | (1 << bottom);
  let product = 1;
  let rows = 0;
  for (let r = 1; r < m && rows < 7; r++) {
    if (r === left || r === right) continue;
    // Diagonals of (0, top), (m, bottom), (left, 0), (right, m) in row r (shifts past 31 bits
    // or below 0 fall off the board's inner mask anyway).
    const a = m - r;
    const attacked =
      cols |
      (1 << (top + r)) |
      (top >= r ? 1 << (top - r) : 0) |
      (bottom + a < 32 ? 1 << (bottom + a) : 0) |
      (bottom >= a ? 1 << (bottom - a) : 0) |
      (Math.abs(r - left) < 32 ? 1 << Math.abs(r - left) : 0) |
      (m >= Math.abs(r - right) ? 1 << (m - Math.abs(r - right)) : 0);
    product *= popcount(inner & ~attacked);
    rows++;
  }
  return product;
}

/**
 * The `estimate` of a sub-problem's search (its own orientation): a relative size, only good
 * for ordering work so that the large pieces go first and the last ones finish close together.
 * @example split(16).map((sp) => estimatedCost(16, sp)) // products of free squares, e.g. 172800
 */
export function estimatedCost(n: number, sp: SubProblem): number {
  return estimate(n, ((sp.top * 32 + sp.bottom) * 32 + sp.left) * 32 + sp.right);
}

const cache = new Map<number, readonly SubProblem[]>();

/**
 * The sub-problems of an n x n count, in their stable order: by the smallest packed form
 * (top, bottom, left, right) of each orbit. Each record holds the orientation of its orbit that
 * `estimate` finds cheapest to search. The one check of n on a constellation count's way:
 * `countFast` and `countFastSync` leave it to this.
 * @throws NQueensError when n is not an integer in 1..32
 * @example split(8).length // 78
 */
export function split(n: number): readonly SubProblem[] {
  checkSize(n, MAX_SPLIT_N);
  const hit = cache.get(n);
  if (hit) return hit;
  const found: { key: number; best: number; weight: number; rotations: number }[] = [];
  const images = new Array<number>(8);
  const m = n - 1;
  // Loops nested so that most invalid tuples are cut early; a canonical tuple has the smallest
  // packed form of its orbit, so top <= m - top (the mirror image would be smaller).
  for (let top = 0; n > 1 && 2 * top <= m; top++) {
    for (let left = 0; left < n; left++) {
      if ((left === 0) !== (top === 0) || attack(0, top, left, 0)) continue;
      for (let right = 0; right < n; right++) {
        if ((right === 0) !== (top === m) || attack(0, top, right, m) || attack(left, 0, right, m))
          continue;
        for (let bottom = 0; bottom < n; bottom++) {
          if (!bottomFits(n, top, bottom, left, right)) continue;
          const own = ((top * 32 + bottom) * 32 + left) * 32 + right;
          let smallest = true;
          for (let g = 1; g < 8 && smallest; g++) {
            images[g] = image(g, n, top, bottom, left, right);
            smallest = images[g] >= own;
          }
          if (!smallest) continue; // another member of the orbit represents it
          images[0] = own;
          let weight = 0;
          let rotations = 0;
          let best = own;
          let bestCost = estimate(n, own);
          for (let g = 0; g < 8; g++) {
            if (images.indexOf(images[g]) === g) weight++;
            if (g < 4 && images[g] === own) rotations++;
            const cost = estimate(n, images[g]);
            if (cost < bestCost || (cost === bestCost && images[g] < best)) {
              best = images[g];
              bestCost = cost;
            }
          }
          found.push({ key: own, best, weight, rotations });
        }
      }
    }
  }
  found.sort((a, b) => a.key - b.key);
  const list: SubProblem[] = found.map((f, id) => ({
    id,
    top: (f.best >>> 15) & 31,
    bottom: (f.best >>> 10) & 31,
    left: (f.best >>> 5) & 31,
    right: f.best & 31,
    weight: f.weight,
    rotations: f.rotations,
  }));
  if (n === 1) {
    list.push({ id: 0, top: 0, bottom: 0, left: 0, right: 0, weight: 1, rotations: 4 });
  }
  const frozen = Object.freeze(list.map((sp) => Object.freeze(sp)));
  cache.set(n, frozen);
  return frozen;
}

/** Packs a sub-problem into 3 u32 words (see the record format above). */
export function toWords(sp: SubProblem): [number, number, number] {
  return [
    sp.id >>> 0,
    (sp.top | (sp.bottom << 8) | (sp.left << 16) | (sp.right << 24)) >>> 0,
    (sp.weight | (sp.rotations << 8)) >>> 0,
  ];
}

/** Unpacks `toWords`. */
export function fromWords(w0: number, w1: number, w2: number): SubProblem {
  return {
    id: w0 >>> 0,
    top: w1 & 255,
    bottom: (w1 >>> 8) & 255,
    left: (w1 >>> 16) & 255,
    right: w1 >>> 24,
    weight: w2 & 255,
    rotations: (w2 >>> 8) & 255,
  };
}

/** The whole split of n packed 3 words per record, in id order (for GPU buffers and queues). */
export function splitWords(n: number): Uint32Array {
  const list = split(n);
  const out = new Uint32Array(list.length * 3);
  list.forEach((sp, i) => {
    out.set(toWords(sp), i * 3);
  });
  return out;
}

/** `splitVersion` per n, hashed once (it reads the whole split). */
const versions = new Map<number, string>();

/**
 * Names the split of n: the algorithm version and a 32-bit FNV-1a hash of every record, so that a
 * checkpoint written by another split (or another n) can be told apart.
 * @example splitVersion(17) // "constellations-1/17/3f0c91a2" (hash illustrative)
 */
export function splitVersion(n: number): string {
  const known = versions.get(n);
  if (known !== undefined) return known;
  let h = 0x811c9dc5;
  for (const word of splitWords(n)) {
    for (let s = 0; s < 32; s += 8) {
      h ^= (word >>> s) & 255;
      h = Math.imul(h, 0x01000193);
    }
  }
  const version = `${SPLIT_VERSION}/${n}/${(h >>> 0).toString(16).padStart(8, "0")}`;
  versions.set(n, version);
  return version;
}
