/**
 * **The join kernel's memory**, declared once: the regions of one kernel's WebAssembly memory
 * (join/kernel.ts `JoinKernel`, whose module join/kernel-wasm.ts gets their addresses as
 * constants), in the order they lie, each with its size as a function of the kernel's shape and
 * its alignment. `placeRegions` works out their addresses (the only place that does), and
 * `placeLists` those of the key lists that follow them and grow with the keys a list has room for.
 * memory.test.ts checks, for every n the join counts, that the regions are disjoint, aligned and
 * inside the memory the kernel allocates, and that what the kernel writes into each fits.
 *
 * With h = floor(n / 2); g the most entries a group of the quadrant table has and E the entries
 * the kernel holds (join/quadrants.ts `QUADRANT_BOUNDS[h]`: the whole table's, or four rowsets'
 * when it is in pieces; both 0 without tables); S = align16(4g + 64), one scratch area; cap the
 * keys a list has room for; w the bytes of an entry's diagonals (`entryBytes`: 3 for the whole
 * table, whose 2h - 1 <= 21 bits fit, so that n = 20's table takes 45 MB instead of 60; 4 in
 * pieces, which the readable `fillRows` writes as u32):
 *
 * | region       | bytes             | align | holds                                              |
 * | ------------ | ----------------- | ----- | -------------------------------------------------- |
 * | qstart       | 4 (4^h + 1), or 0 | 8     | the quadrant table's group starts (u32)            |
 * | qd           | wE + 16, or 0     | 16    | its entries' diagonals (w bytes each)              |
 * | qa           | wE + 16, or 0     | 16    | the entries' anti-diagonals (w bytes each)         |
 * | counts       | 512               | 16    | each key bit's count in A's sample, then B's       |
 * | shares       | 512               | 16    | each key bit's share of its split key (u64)        |
 * | part         | 1024              | 16    | the partition's state (`choose`: roles, scores)    |
 * | tab          | 8 x 2048          | 64    | the byte tables that split a key (256 u64 a byte)  |
 * | slices       | 6 x 8 x 16        | 16    | a block's bit slices (128 bits by chunk and bit)   |
 * | tabs         | 6 x 4096          | 64    | a block's four-Russians tables (256 rows a chunk)  |
 * | clsA, clsB   | max(4096, 2^h)    | 1     | an item's class bytes by north-west column set     |
 * | clsNone      | max(4096, 2^h)    | 1     | zeros: no classes (odd n's kind-1 items)           |
 * | comboScratch | 2 x 4096          | 2     | two lists of the column sets of one class (u16)    |
 * | hist, ga, gb | 4 (2^16 + 1)      | 4     | the pair count's group sizes, A's, B's starts      |
 * | pos          | 4 x 2^16          | 4     | the pair count's next position in each group       |
 * | combos       | 2 (h + 1) 2^h     | 2     | the candidate column sets: k-subsets (u16)         |
 * | listTable    | 8 (h + 1)^2       | 4     | each list of column sets' address and length (u32) |
 * | scratchKeys  | 4S                | 16    | the scratch entries' key shares (u64)              |
 * | scratch      | 2S + 64           | 16    | two groups' entries that meet no preset: diagonals |
 * | scratchAnti  | 2S + 64           | 16    | the scratch entries' anti-diagonals                |
 * | listA, listB | 8 (cap + 4) each  | 64, 8 | the half-board keys (u64) a pair count joins       |
 * | sorted       | 16 cap            | 8     | list A's compact keys, sorted by pattern           |
 * | planes       | 6 stride          | 8     | list B's compact keys as byte planes               |
 * | spare        | 64                | 1     | unused (the lists have always reserved it)         |
 *
 * The quadrant table (qstart, qd, qa) comes first: it is what threads can share (`placeWindows`:
 * one shared memory, the table filled once at its start, each thread's own regions and lists in
 * a window of its own after it). A thread's own regions, from counts to scratchAnti, are placed
 * from the start of its window (`placeRegions`; right after the table when the kernel has its
 * memory to itself), and its lists from the next 64 bytes on, for each capacity the kernel grows
 * them to (`placeLists`; stride = align64(cap + 2 x 128), a plane with two blocks of room). The
 * pair count's areas (counts to pos) are sized for its largest case: keys of 64 bits, compact
 * keys of 6 chunks, 2^16 patterns.
 */
import { QUADRANT_BOUNDS } from "./quadrants.js";

/** 128-lane blocks: up to this many B keys share one set of lookup tables (the bulk count). */
export const BLOCK = 128;

/** Keys a list has room for past its capacity: `gen` may write up to three past its last. */
const LIST_SLACK = 4;

/** A WebAssembly memory page, in bytes. */
export const PAGE = 65536;

const align = (x: number, a: number) => Math.ceil(x / a) * a;

/** The rowsets one item joins: north and south rows of its west and of its east half. */
const ROWSETS_PER_ITEM = 4;

/**
 * The bytes of an entry's diagonals (and of its anti-diagonals) in the kernel's table: 3 for the
 * whole table (h <= 11: 2h - 1 <= 21 bits; the kernel reads them as u32 and masks the fourth
 * byte, the next entry's), 4 in pieces (h = 12, 13: up to 25 bits) or without tables.
 */
function entryBytes(shape: { readonly tables: boolean; readonly pieces: boolean }): 3 | 4 {
  return shape.tables && !shape.pieces ? 3 : 4;
}

/** What a kernel's memory is laid out for. */
interface MemoryShape {
  /** Quadrant side: floor(n / 2). */
  readonly h: number;
  /** Whether the kernel joins quadrant tables, and whether it holds them in pieces. */
  readonly tables: boolean;
  readonly pieces: boolean;
}

/** The sizes the regions are worked out from. */
interface Sizes {
  readonly h: number;
  /** Group starts of the quadrant table (words: 4^h + 1, or 0 without tables). */
  readonly starts: number;
  /** Entries held, and the bytes of each one's diagonals (`entryBytes`). */
  readonly entries: number;
  readonly entryBytes: 3 | 4;
  /** Bytes of one scratch area. */
  readonly scratchRoom: number;
}

function sizesOf(shape: MemoryShape): Sizes {
  const { h, tables, pieces } = shape;
  const bounds = QUADRANT_BOUNDS[h];
  const group = tables ? bounds.group : 0;
  const entries = !tables ? 0 : pieces ? ROWSETS_PER_ITEM * bounds.rowset : bounds.entries;
  return {
    h,
    starts: tables ? 4 ** h + 1 : 0,
    entries,
    entryBytes: entryBytes(shape),
    scratchRoom: align(4 * group + 64, 16),
  };
}

/** Class tables are indexed by a north-west column set: 2^h bytes (8 KB at h = 13). */
const classRoom = ({ h }: Sizes) => Math.max(4096, 2 ** h);

/**
 * An array of the table's entries (`qd`, `qa`): w bytes an entry, and 16 past the last, which
 * the kernel's loads of four entries at once may read (and its u32 stores of the last entry
 * write, when w is 3).
 */
const entryArray = (s: Sizes) => (s.entries === 0 ? 0 : s.entryBytes * s.entries + 16);

/** The quadrant table's regions, at the start of the memory (the table above). */
const TABLE_REGIONS = [
  { name: "qstart", align: 8, size: (s: Sizes) => 4 * s.starts },
  { name: "qd", align: 16, size: entryArray },
  { name: "qa", align: 16, size: entryArray },
] as const;

/** A thread's own regions, placed once, in the order they lie (the table above). */
const OWN_REGIONS = [
  { name: "counts", align: 16, size: () => 512 },
  { name: "shares", align: 16, size: () => 512 },
  { name: "part", align: 16, size: () => 1024 },
  { name: "tab", align: 64, size: () => 8 * 2048 },
  { name: "slices", align: 16, size: () => 48 * 16 },
  { name: "tabs", align: 64, size: () => 6 * 4096 },
  { name: "clsA", align: 1, size: classRoom },
  { name: "clsB", align: 1, size: classRoom },
  { name: "clsNone", align: 1, size: classRoom },
  { name: "comboScratch", align: 2, size: () => 2 * 4096 },
  { name: "hist", align: 4, size: () => 4 * (65536 + 1) },
  { name: "ga", align: 4, size: () => 4 * (65536 + 1) },
  { name: "gb", align: 4, size: () => 4 * (65536 + 1) },
  { name: "pos", align: 4, size: () => 4 * 65536 },
  { name: "combos", align: 2, size: ({ h }: Sizes) => 2 * (h + 1) * 2 ** h },
  { name: "listTable", align: 4, size: ({ h }: Sizes) => 8 * (h + 1) * (h + 1) },
  { name: "scratchKeys", align: 16, size: (s: Sizes) => 4 * s.scratchRoom },
  { name: "scratch", align: 16, size: (s: Sizes) => 2 * s.scratchRoom + 64 },
  { name: "scratchAnti", align: 16, size: (s: Sizes) => 2 * s.scratchRoom + 64 },
] as const;

/** A region's name. */
type RegionName = (typeof TABLE_REGIONS)[number]["name"] | (typeof OWN_REGIONS)[number]["name"];

/** The address (bytes) of each region. */
export type Addresses = Readonly<Record<RegionName, number>>;

/** Where one region lies. */
export interface Placed {
  readonly name: string;
  readonly at: number;
  readonly bytes: number;
  readonly align: number;
}

/** A shape's regions as placed: their addresses, and where the lists start. */
export interface Placement {
  readonly at: Addresses;
  readonly regions: readonly Placed[];
  /**
   * Entries the table's arrays have room for (qd, qa), the bytes of each (`entryBytes`), and one
   * scratch area's bytes.
   */
  readonly entries: number;
  readonly entryBytes: 3 | 4;
  readonly scratchRoom: number;
  /** The lists' start (`placeLists`), and the memory the kernel starts with (pages). */
  readonly lists: number;
  readonly pages: number;
}

/** Places regions one after the other from `start`, each at its alignment. */
function place<S>(
  regions: readonly { name: string; align: number; size: (s: S) => number }[],
  sizes: S,
  start: number,
): Placed[] {
  let p = start;
  return regions.map(({ name, align: a, size }) => {
    const at = align(p, a);
    const bytes = size(sizes);
    p = at + bytes;
    return { name, at, bytes, align: a };
  });
}

/** Where the last of `regions` ends. */
function end(regions: readonly Placed[]): number {
  const last = regions[regions.length - 1];
  return last.at + last.bytes;
}

/** Where the quadrant table ends: a thread's own regions can start from here (bytes). */
export function tableEnd(shape: MemoryShape): number {
  return end(place(TABLE_REGIONS, sizesOf(shape), 0));
}

/**
 * The addresses of the regions of a kernel of this shape (the table above): the quadrant table
 * from 0, the kernel's own regions from `own` (a page-aligned window of a shared memory,
 * `placeWindows`), or right after the table.
 */
export function placeRegions(shape: MemoryShape, own?: number): Placement {
  const sizes = sizesOf(shape);
  const table = place(TABLE_REGIONS, sizes, 0);
  const regions = [...table, ...place(OWN_REGIONS, sizes, own ?? align(end(table), 64))];
  const at = Object.fromEntries(regions.map((r) => [r.name, r.at])) as Addresses;
  const lists = align(end(regions), 64);
  return {
    at,
    regions,
    entries: sizes.entries,
    entryBytes: sizes.entryBytes,
    scratchRoom: sizes.scratchRoom,
    lists,
    // A page past the lists' start, at least (JoinKernel's first `ensure` grows it).
    pages: Math.ceil((lists + PAGE) / PAGE),
  };
}

/** The most pages a 32-bit WebAssembly memory has: 4 GiB. */
export const MAX_PAGES = 65536;

/**
 * Windows a thread's own regions and lists may take in a shared memory, at most (1 GiB): more
 * is address space only (pages nothing touches take no memory), but it is committed when the
 * memory grows over it, so it stays moderate; a kernel whose lists outgrow its window takes a
 * memory of its own (join/kernel.ts `WindowFull`).
 */
const MAX_WINDOW_PAGES = 16384;

/** One thread's window of a shared memory: its own regions and lists lie in [start, end). */
export interface Window {
  readonly start: number;
  readonly end: number;
}

/**
 * The windows of `threads` kernels that share one memory and its quadrant table: after the
 * table, page-aligned, each of the same size (the address space left, shared out, at most
 * MAX_WINDOW_PAGES), in thread order. Empty when a window would not hold a thread's own regions
 * and first lists (no sharing then).
 */
export function placeWindows(shape: MemoryShape, threads: number): Window[] {
  const first = Math.ceil(tableEnd(shape) / PAGE);
  const pages = Math.min(MAX_WINDOW_PAGES, Math.floor((MAX_PAGES - first) / threads));
  const need = placeRegions(shape, 0).pages + 1;
  if (threads < 1 || pages < need) return [];
  return Array.from({ length: threads }, (_, i) => ({
    start: (first + i * pages) * PAGE,
    end: (first + (i + 1) * pages) * PAGE,
  }));
}

/** The lists' regions, for `cap` keys a list (the table above). */
const LIST_REGIONS = [
  { name: "listA", align: 64, size: (cap: number) => 8 * (cap + LIST_SLACK) },
  { name: "listB", align: 8, size: (cap: number) => 8 * (cap + LIST_SLACK) },
  { name: "sorted", align: 8, size: (cap: number) => 16 * cap },
  { name: "planes", align: 8, size: (cap: number) => 6 * planeStride(cap) },
  { name: "spare", align: 1, size: () => 16 * LIST_SLACK },
] as const;

/** Bytes of one byte plane of list B: its keys, and two blocks of room. */
const planeStride = (cap: number) => align(cap + 2 * BLOCK, 64);

/** Where the lists lie, for `cap` keys each. */
interface Lists {
  readonly listA: number;
  readonly listB: number;
  readonly sorted: number;
  readonly planes: number;
  readonly stride: number;
  readonly regions: readonly Placed[];
  /** The memory they need (pages). */
  readonly pages: number;
}

/**
 * The most keys a list may have room for (`placeLists` from `start`) with the lists ending by
 * `end` (bytes), up to `want`.
 */
export function listRoomWithin(start: number, end: number, want: number): number {
  // About 38 bytes a key (the table above), then less by steps of 1/128 until they fit.
  let cap = Math.min(want, Math.floor((end - start) / 38));
  while (cap > 0 && placeLists(start, cap).pages * PAGE > end) cap -= Math.ceil(cap / 128);
  return Math.max(cap, 0);
}

/** The addresses of the lists from `start` (`Placement.lists`), for `cap` keys each. */
export function placeLists(start: number, cap: number): Lists {
  const regions = place(LIST_REGIONS, cap, start);
  const [listA, listB, sorted, planes] = regions.map((r) => r.at);
  return {
    listA,
    listB,
    sorted,
    planes,
    stride: planeStride(cap),
    regions,
    pages: Math.ceil(end(regions) / PAGE),
  };
}
