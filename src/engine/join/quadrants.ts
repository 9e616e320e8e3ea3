/**
 * Quadrant tables: every way to place non-attacking queens on an h x h board, any number of them,
 * grouped by the rows and the columns they occupy. Each quadrant of the n x n board (rows 0..h-1
 * or the south rows, columns 0..h-1) is such a board, so one table serves the north-west and the
 * south-west quadrants alike; the join (join/wasm-gen.ts) pairs a north-west entry with a
 * south-west one whose columns are the complement, into a west half-board.
 *
 * Layout (u32 words here; the kernel's memory holds the same values, join/memory.ts):
 * - `start[(rows << h) | cols]` .. `start[((rows << h) | cols) + 1]`: the entries with exactly
 *   those rows and columns (4^h + 1 words);
 * - entry e: `dl[e]` its diagonals `r - c + h - 1`, `al[e]` its anti-diagonals `r + c`, as bit
 *   sets in the quadrant's own coordinates (2h - 1 bits); two arrays, so that the kernel loads
 *   four entries' diagonals at once. The kernel's whole table stores each in 3 bytes (2h - 1 <=
 *   21 bits up to h = 11), its pieces in 4.
 *
 * Sizes: h = 10 (n = 20, 21) 7,535,369 entries (45 MB at 6 bytes an entry), h = 11 (n = 22, 23)
 * 66,807,234 (401 MB), h = 12 (n = 24, 25) 633,443,407 (3.8 GB: too near the 4 GB of 32-bit
 * WebAssembly to leave the threads room for their lists; 5 GB at 8 bytes), h = 13 (n = 26, 27)
 * 6,354,135,838 (51 GB at 8 bytes).
 */

import { popcount } from "../../bits.js";

/** The shape of an h x h table: entries per group, their total and the largest group. */
export interface QuadrantShape {
  /** Entries per (rows << h) | cols. */
  readonly counts: Uint32Array;
  readonly entries: number;
  readonly largestGroup: number;
}

function walk(h: number, visit: (rows: number, cols: number, dl: number, al: number) => void) {
  const full = (1 << h) - 1;
  const rec = (i: number, rows: number, cols: number, dl: number, al: number) => {
    if (i === h) {
      visit(rows, cols, dl, al);
      return;
    }
    rec(i + 1, rows, cols, dl, al);
    let free = full & ~cols;
    while (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      const c = 31 - Math.clz32(bit);
      const d = 1 << (i - c + h - 1);
      const a = 1 << (i + c);
      if ((dl & d) === 0 && (al & a) === 0) rec(i + 1, rows | (1 << i), cols | bit, dl | d, al | a);
    }
  };
  rec(0, 0, 0, 0, 0);
}

/**
 * Counts the h x h table's entries (one walk over every placement): the readable reference for
 * `QUADRANT_BOUNDS` (quadrants.test.ts).
 */
export function quadrantShape(h: number): QuadrantShape {
  const counts = new Uint32Array(4 ** h);
  let entries = 0;
  walk(h, (rows, cols) => {
    counts[(rows << h) | cols]++;
    entries++;
  });
  return { counts, entries, largestGroup: counts.reduce((a, b) => Math.max(a, b), 0) };
}

/**
 * Fills `start` (4^h + 1 words), `dl` and `al` (`QUADRANT_BOUNDS[h].entries` words each) with the
 * h x h table. Each rowset's placements are its parent's (the rowset without its last row), each
 * with one more queen in that row: so the rowsets are built in ascending order, and a group
 * (rows, cols) is the parent groups (rows less its last row, cols less one column c) whose
 * placements leave the square of column c free. No walk, and no sort into groups: twice as fast
 * as a walk that sizes the table and another that fills it (h = 10: 0.35 s against 0.72).
 * @example fillQuadrants(2, start, dl, al) // 5 entries: no queen, or one
 * @throws Error when `dl` does not have the table's size (a bug)
 */
export function fillQuadrants(
  h: number,
  start: Uint32Array,
  dl: Uint32Array,
  al: Uint32Array,
): void {
  const groups = 1 << h;
  // Rowset 0: the empty placement, in group (0, 0).
  start.fill(1, 1, groups);
  start[0] = 0;
  dl[0] = 0;
  al[0] = 0;
  let e = 1;
  for (let rows = 1; rows < groups; rows++) {
    const base = rows << h;
    const r = 31 - Math.clz32(rows);
    const parent = (rows ^ (1 << r)) << h;
    const queens = popcount(rows);
    for (let cols = 0; cols < groups; cols++) {
      start[base + cols] = e;
      if (popcount(cols) !== queens) continue;
      for (let rest = cols; rest !== 0; rest &= rest - 1) {
        const bit = rest & -rest;
        const c = 31 - Math.clz32(bit);
        const d = 1 << (r - c + h - 1);
        const a = 1 << (r + c);
        const from = parent + (cols ^ bit);
        const to = start[from + 1];
        for (let x = start[from]; x < to; x++) {
          if ((dl[x] & d) === 0 && (al[x] & a) === 0) {
            dl[e] = dl[x] | d;
            al[e] = al[x] | a;
            e++;
          }
        }
      }
    }
  }
  start[groups * groups] = e;
  if (e !== dl.length)
    throw new Error(`quadrant table of h = ${h}: ${e} entries, room for ${dl.length}`);
}

/**
 * For each h (index): the table's entries, the most entries one rowset has (every group with the
 * same rows together) and the largest group: what a whole table (`fillQuadrants`) and a table
 * built in pieces (`fillRows`) must make room for. Found by a walk over every placement, as
 * `quadrantShape` makes (quadrants.test.ts checks them to h = 10; h = 11, 12 and 13, 67 million,
 * 633 million and 6,354 million placements, by the same walk in C).
 */
export const QUADRANT_BOUNDS: readonly {
  readonly entries: number;
  readonly rowset: number;
  readonly group: number;
}[] = [
  { entries: 1, rowset: 1, group: 1 },
  { entries: 2, rowset: 1, group: 1 },
  { entries: 5, rowset: 2, group: 1 },
  { entries: 18, rowset: 4, group: 2 },
  { entries: 87, rowset: 10, group: 2 },
  { entries: 462, rowset: 26, group: 10 },
  { entries: 2635, rowset: 92, group: 10 },
  { entries: 16870, rowset: 296, group: 40 },
  { entries: 118969, rowset: 1174, group: 92 },
  { entries: 915442, rowset: 5366, group: 352 },
  { entries: 7535369, rowset: 26548, group: 946 },
  { entries: 66807234, rowset: 143140, group: 3571 },
  { entries: 633443407, rowset: 788698, group: 15003 },
  { entries: 6354135838, rowset: 4684690, group: 77432 },
];

/** The placements of one rowset, as a walk leaves them: columns, diagonals, anti-diagonals. */
let found = { cols: new Uint16Array(0), dl: new Uint32Array(0), al: new Uint32Array(0) };

/**
 * Every placement with exactly the rows `rows` (one queen in each), into `found` in the order of
 * `walk`; returns how many. One walk, its leaves kept, then sorted into groups by `fillRows`:
 * a piece is built for every item from n = 24 on, so this and the sort are about a quarter of
 * such a count's profile (a tenth at n = 22 in pieces).
 */
function walkRows(h: number, rows: number): number {
  const most = QUADRANT_BOUNDS[h].rowset;
  if (found.cols.length < most) {
    found = { cols: new Uint16Array(most), dl: new Uint32Array(most), al: new Uint32Array(most) };
  }
  const { cols: fc, dl: fd, al: fa } = found;
  const full = (1 << h) - 1;
  const order: number[] = [];
  for (let i = 0; i < h; i++) if ((rows >>> i) & 1) order.push(i);
  const depth = order.length;
  let k = 0;
  const rec = (j: number, cols: number, dl: number, al: number) => {
    if (j === depth) {
      fc[k] = cols;
      fd[k] = dl;
      fa[k] = al;
      k++;
      return;
    }
    const i = order[j];
    let free = full & ~cols;
    while (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      const c = 31 - Math.clz32(bit);
      const d = 1 << (i - c + h - 1);
      const a = 1 << (i + c);
      if ((dl & d) === 0 && (al & a) === 0) rec(j + 1, cols | bit, dl | d, al | a);
    }
  };
  rec(0, 0, 0, 0);
  return k;
}

/**
 * One piece of the h x h table: the groups of the rowset `rows`, written from entry `at` of `dl`
 * and `al`, and their bounds into `start` (the whole 4^h + 1 words, as `fillQuadrants` lays them
 * out). The piece's last bound is also the first of the next rowset's: pieces written in
 * ascending order of rows, one after the other, agree on it. Returns the entry after the piece.
 * @throws Error when the piece passes entry `room`, or a rowset or a group `QUADRANT_BOUNDS` (a bug)
 */
export function fillRows(
  h: number,
  rows: number,
  start: Uint32Array,
  dl: Uint32Array,
  al: Uint32Array,
  at: number,
  room: number,
): number {
  const groups = 1 << h;
  const base = rows << h;
  const many = walkRows(h, rows);
  const { cols, dl: fd, al: fa } = found;
  const counts = new Uint32Array(groups);
  for (let e = 0; e < many; e++) counts[cols[e]]++;
  let end = at;
  let largest = 0;
  for (let c = 0; c < groups; c++) {
    start[base + c] = end;
    end += counts[c];
    largest = Math.max(largest, counts[c]);
  }
  start[base + groups] = end;
  const bound = QUADRANT_BOUNDS[h];
  if (end > room || many > bound.rowset || largest > bound.group) {
    throw new Error(`quadrant rows ${rows} of h = ${h}: ${end - at} entries past the room`);
  }
  const cursor = start.slice(base, base + groups);
  for (let e = 0; e < many; e++) {
    const to = cursor[cols[e]]++;
    dl[to] = fd[e];
    al[to] = fa[e];
  }
  return end;
}
