import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_JOIN_N, MAX_TABLES_N } from "../../limits.js";
import { JoinKernel } from "./kernel.js";
import {
  listRoomWithin,
  MAX_PAGES,
  PAGE,
  type Placed,
  placeLists,
  placeRegions,
  placeWindows,
  tableEnd,
} from "./memory.js";
import { maxChunks } from "./partition.js";
import { QUADRANT_BOUNDS } from "./quadrants.js";

/** A kernel's shape as the join counts with it (and as the tests build it: no tables, pieces). */
interface Case {
  readonly n: number;
  readonly h: number;
  readonly tables: boolean;
  readonly pieces: boolean;
  readonly keyBits: number;
  /** Compact-key chunks of its pair counts (the default squeeze, 2). */
  readonly chunks: number;
}

const cases: Case[] = [];
for (let n = 4; n <= MAX_JOIN_N; n++) {
  const h = Math.floor(n / 2);
  const keyBits = 2 * (n % 2 === 0 ? n - 1 : n - 2) + 3;
  const chunks = maxChunks(keyBits, 2);
  const shapes = [
    { tables: true, pieces: n > MAX_TABLES_N },
    { tables: false, pieces: n > MAX_TABLES_N },
    ...(n <= MAX_TABLES_N ? [{ tables: true, pieces: true }] : []),
  ];
  for (const shape of shapes) cases.push({ n, h, keyBits, chunks, ...shape });
}

const binomial = (n: number, k: number): number => (k === 0 ? 1 : (binomial(n - 1, k - 1) * n) / k);

/**
 * The most bytes the kernel writes (or reads) in each region from its start, as its code does
 * (join/kernel-wasm.ts; the constructor for combos and listTable), for a kernel of shape `c`.
 */
const WRITES: readonly [region: string, bytes: (c: Case) => number, what: string][] = [
  ["counts", () => 2 * 4 * 64, "two lists' bit counts (`stats`: u32 by key bit, 64 bits)"],
  ["shares", (c) => Math.max(512, 8 * c.keyBits), "zeroed, then a u64 by key bit (`choose`)"],
  ["part", (c) => 192 + 8 * c.keyBits, "roles and choice, bits and k, then the scores (`choose`)"],
  ["tab", (c) => 2048 * Math.ceil(c.keyBits / 8), "a table of 256 u64 per key byte (`bytes`)"],
  ["slices", (c) => 16 * 8 * c.chunks, "128 bits by chunk and bit (`count`)"],
  ["tabs", (c) => 4096 * c.chunks, "256 rows of 128 bits a chunk (`count`)"],
  ["clsA", (c) => 2 ** c.h, "a byte by north-west column set (`classes`)"],
  ["clsB", (c) => 2 ** c.h, "a byte by north-west column set (`classes`)"],
  ["clsNone", (c) => 2 ** c.h, "read by column set (kind-1 items)"],
  [
    "comboScratch",
    (c) => 4096 + 2 * binomial(c.h, Math.floor(c.h / 2)),
    "two lists of one class, the second 4096 bytes on (`only`)",
  ],
  ["hist", () => 4 * (2 ** 16 + 1), "a u32 by pattern (16 partition bits at most) and the end"],
  ["ga", () => 4 * (2 ** 16 + 1), "a u32 by pattern and the end (`prefix`)"],
  ["gb", () => 4 * (2 ** 16 + 1), "a u32 by pattern and the end (`prefix`)"],
  ["pos", () => 4 * 2 ** 16, "a u32 by pattern (`prefix`, the scatters)"],
  ["combos", (c) => 2 * (2 ** c.h + c.h * 2 ** (c.h - 1)), "all west column sets, or all but one"],
  ["listTable", (c) => 8 * (c.h + 1) * (c.h + 1), "address and length by (missing + 1, k)"],
  ["qstart", (c) => (c.tables ? 4 * (4 ** c.h + 1) : 0), "a u32 by (rows, cols), and the end"],
  ["qd", (c) => entryArray(c), "the entries held, four at a time"],
  ["qa", (c) => entryArray(c), "the entries held, four at a time"],
];

/**
 * The bytes of an entry array the kernel reads: each entry's 3 bytes (the whole table: 2h - 1 <=
 * 21 bits) or 4 (in pieces: up to 25), the last entry's 16 (a load of four entries from it).
 */
function entryArray(c: Case): number {
  const entries = tableEntries(c);
  if (entries === 0) return 0;
  const w = c.pieces ? 4 : 3;
  assert.ok(2 * c.h - 1 <= 8 * w, `h = ${c.h}: diagonals fit an entry`);
  return w * (entries - 1) + 16;
}

/** The entries the kernel holds: the whole table, four rowsets of it in pieces, or none. */
function tableEntries(c: Case): number {
  if (!c.tables) return 0;
  const bounds = QUADRANT_BOUNDS[c.h]!;
  return c.pieces ? 4 * bounds.rowset : bounds.entries;
}

const label = (c: Case) => `n=${c.n} tables=${c.tables} pieces=${c.pieces}`;

/** Checks that `regions` lie in order, disjoint and each at its alignment, from `start`. */
function assertLaidOut(regions: readonly Placed[], start: number, what: string): void {
  let end = start;
  for (const r of regions) {
    assert.ok(r.at >= end, `${what}: ${r.name} at ${r.at} overlaps the region before (${end})`);
    assert.equal(r.at % r.align, 0, `${what}: ${r.name} at ${r.at}, not ${r.align}-aligned`);
    assert.ok(Number.isInteger(r.bytes) && r.bytes >= 0, `${what}: ${r.name}: ${r.bytes} bytes`);
    end = r.at + r.bytes;
  }
}

test("memory: the regions are disjoint and aligned, and inside the first memory, n = 4..27", () => {
  for (const c of cases) {
    const placement = placeRegions(c);
    assertLaidOut(placement.regions, 0, label(c));
    const last = placement.regions.at(-1)!;
    assert.ok(last.at + last.bytes <= placement.lists, label(c));
    assert.equal(placement.lists % 64, 0, label(c));
    assert.ok(placement.lists + PAGE <= placement.pages * PAGE, label(c));
    for (const [name, at] of Object.entries(placement.at)) {
      assert.equal(at, placement.regions.find((r) => r.name === name)?.at, `${label(c)}: ${name}`);
    }
  }
});

test("memory: what the kernel writes fits each region, n = 4..27", () => {
  for (const c of cases) {
    const { regions, at, scratchRoom } = placeRegions(c);
    const bytes = (name: string) => regions.find((r) => r.name === name)!.bytes;
    for (const [name, written, what] of WRITES) {
      assert.ok(written(c) <= bytes(name), `${label(c)}: ${name}, ${what}: ${written(c)} bytes`);
    }
    // `gen`'s scratch areas: a group's entries that meet no preset and three sentinels each,
    // their anti-diagonals in an area as large after them, and their key shares at twice their
    // offset in the two areas.
    const group = c.tables ? QUADRANT_BOUNDS[c.h]!.group : 0;
    assert.ok(4 * group + 12 <= scratchRoom, label(c));
    assert.ok(2 * scratchRoom <= bytes("scratch"), label(c));
    assert.ok(at.scratchAnti >= at.scratch + bytes("scratch"), label(c));
    assert.equal(bytes("scratchAnti"), bytes("scratch"), label(c));
    assert.ok(2 * (2 * scratchRoom - 4) + 8 <= bytes("scratchKeys"), label(c));
  }
});

test("memory: the lists follow the regions, disjoint, aligned and inside the grown memory", () => {
  for (const c of cases) {
    const { lists } = placeRegions(c);
    for (const cap of [4, 1000, 2 ** 16, 2 ** 25]) {
      const placed = placeLists(lists, cap);
      const what = `${label(c)} cap=${cap}`;
      assertLaidOut(placed.regions, lists, what);
      assert.equal(placed.listA, lists, what);
      const last = placed.regions.at(-1)!;
      assert.ok(last.at + last.bytes <= placed.pages * PAGE, what);
      assert.ok(placed.pages <= 65536, `${what}: past 4 GiB`);
      // Lists A and B: cap keys and the three `gen` may write past them; A's sorted compact
      // keys (16 bytes each at most); B's six byte planes, each its keys and two blocks.
      const bytes = (name: string) => placed.regions.find((r) => r.name === name)!.bytes;
      assert.ok(8 * (cap + 3) <= bytes("listA") && 8 * (cap + 3) <= bytes("listB"), what);
      assert.ok(16 * cap <= bytes("sorted"), what);
      assert.ok(placed.stride >= cap + 2 * 128 && 6 * placed.stride <= bytes("planes"), what);
    }
  }
});

test("memory: the most keys lists have room for between two addresses", () => {
  // [start, end, keys wanted]: a thread's window of 1 GiB and of 64 pages, 4 GiB, too little.
  const cases: [number, number, number][] = [
    [PAGE, 16384 * PAGE, 2 ** 21],
    [3 * PAGE + 640, 64 * PAGE, 2 ** 21],
    [0, MAX_PAGES * PAGE, 2 ** 25],
    [10 * PAGE, 10 * PAGE + 512, 2 ** 16],
    [PAGE, 200 * PAGE, 1000],
  ];
  for (const [start, end, want] of cases) {
    const cap = listRoomWithin(start, end, want);
    const what = `start=${start} end=${end} want=${want}: ${cap}`;
    assert.ok(cap >= 0 && cap <= want, what);
    if (cap > 0) assert.ok(placeLists(start, cap).pages * PAGE <= end, what);
    // Where less than wanted: within 2% of the most that fits.
    if (cap < want)
      assert.ok(placeLists(start, Math.ceil(cap * 1.02) + 64).pages * PAGE > end, what);
  }
  assert.equal(listRoomWithin(PAGE, 200 * PAGE, 1000), 1000);
  assert.equal(listRoomWithin(10 * PAGE, 10 * PAGE + 512, 2 ** 16), 0);
});

test("memory: a kernel lies where the declaration places it, n = 4..18", () => {
  for (let n = 4; n <= 18; n++) {
    const k = new JoinKernel(n);
    const placement = placeRegions({ h: k.h, tables: true, pieces: false });
    for (const [name, at] of Object.entries(placement.at)) {
      assert.equal(k.layout[name as keyof typeof placement.at], at, `n=${n}: ${name}`);
    }
    const lists = placeLists(placement.lists, k.tuning.listRoom);
    assert.deepEqual([k.listA, k.listB], [lists.listA, lists.listB], `n=${n}`);
    assert.ok(k.memory.buffer.byteLength >= lists.pages * PAGE, `n=${n}`);
  }
});

test("memory: threads' windows of a shared table lie after it, disjoint, inside 4 GiB, n = 4..23", () => {
  for (let n = 4; n <= MAX_TABLES_N; n++) {
    const shape = { h: Math.floor(n / 2), tables: true, pieces: false };
    for (const threads of [1, 2, 3, 16, 256]) {
      const windows = placeWindows(shape, threads);
      const what = `n=${n} threads=${threads}`;
      // Past what 4 GiB shares out (n = 23, 256 threads): none, each thread has its own table.
      if (windows.length === 0) {
        assert.ok(n >= 22 && threads === 256, what);
        continue;
      }
      assert.equal(windows.length, threads, what);
      let end = tableEnd(shape);
      for (const w of windows) {
        assert.ok(w.start >= end && w.start % PAGE === 0 && w.end % PAGE === 0, what);
        const placement = placeRegions(shape, w.start);
        assertLaidOut(placement.regions.slice(3), w.start, what);
        // The table's addresses are the same for every window: the threads share them.
        assert.deepEqual(placement.regions.slice(0, 3), placeRegions(shape).regions.slice(0, 3));
        assert.ok(placement.pages * PAGE < w.end, what);
        end = w.end;
      }
      assert.ok(end <= MAX_PAGES * PAGE, what);
    }
  }
});
