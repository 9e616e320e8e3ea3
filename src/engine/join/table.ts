/**
 * The whole quadrant table (join/quadrants.ts) in a kernel's memory: `fillTable` fills it by the
 * kernel's `fillRow`, a rowset at a time, and `shareTable` fills it once, at the start of a
 * shared memory, for every counting thread of a count (join/count-join.ts): each thread's kernel
 * (join/kernel.ts) then lays its own regions and lists out in a window of that memory
 * (join/memory.ts `placeWindows`), so that a second thread adds its scratch and lists, not a
 * second table (n = 20: 45 MB, n = 22: 401 MB).
 */
import { MAX_TABLES_N } from "../../limits.js";
import { fillInstance, newMemory, type WasmMemory } from "./kernel-wasm.js";
import { PAGE, placeRegions, placeWindows, tableEnd, type Window } from "./memory.js";

/** The addresses `fillTable` writes: the group starts and the entries' two arrays. */
interface TableAt {
  readonly h: number;
  readonly entryBytes: 3 | 4;
  readonly qstart: number;
  readonly qd: number;
  readonly qa: number;
}

/**
 * Fills the whole quadrant table at `at` in the memory `u32` views, a rowset at a time by the
 * kernel's `fillRow` (as join/quadrants.ts `fillQuadrants` does, which the tests compare with
 * this).
 * @throws Error when the entries are not `entries` (a bug)
 */
export function fillTable(
  u32: Uint32Array,
  at: TableAt,
  fillRow: (rows: number, e: number) => number,
  entries: number,
): void {
  const { h, qstart, qd, qa } = at;
  // Rowset 0: the empty placement, in group (0, 0).
  u32.fill(1, qstart / 4 + 1, qstart / 4 + (1 << h));
  u32[qstart / 4] = 0;
  u32[qd / 4] = 0;
  u32[qa / 4] = 0;
  let e = 1;
  for (let rows = 1; rows < 1 << h; rows++) e = fillRow(rows, e);
  u32[qstart / 4 + 4 ** h] = e;
  if (e !== entries) throw new Error(`quadrant table of h = ${h}: ${e} entries, not ${entries}`);
}

/**
 * A quadrant table filled once in a shared memory, for `windows.length` threads; each takes the
 * next window (`next`, advanced with Atomics.add) for its own regions and lists.
 */
export interface SharedTable {
  readonly n: number;
  readonly memory: WasmMemory;
  readonly windows: readonly Window[];
  readonly next: Int32Array;
}

/** A kernel's part of a shared table: the memory, and its own window of it. */
export interface TableShare {
  readonly memory: WasmMemory;
  readonly window: Window;
}

/**
 * The whole quadrant table of n, filled in a new shared memory with a window for each of
 * `threads` kernels; undefined where the table is built in pieces (n > MAX_TABLES_N, a thread's
 * own) or the windows would not fit.
 */
export function shareTable(n: number, threads: number): SharedTable | undefined {
  if (n < 4 || n > MAX_TABLES_N) return undefined;
  const shape = { h: Math.floor(n / 2), tables: true, pieces: false };
  const windows = placeWindows(shape, threads);
  if (windows.length === 0) return undefined;
  const pages = Math.ceil(tableEnd(shape) / PAGE);
  const memory = newMemory(pages, true);
  const placement = placeRegions(shape, windows[0].start);
  const at = { ...placement.at, h: shape.h, entryBytes: placement.entryBytes };
  fillTable(
    new Uint32Array(memory.buffer),
    at,
    fillInstance(at, memory, pages).fillRow,
    placement.entries,
  );
  return { n, memory, windows, next: new Int32Array(new SharedArrayBuffer(4)) };
}

/** The next window of a shared table, for the kernel of the thread that asks. */
export function takeWindow(table: SharedTable): TableShare | undefined {
  const window = table.windows[Atomics.add(table.next, 0, 1)];
  return window === undefined ? undefined : { memory: table.memory, window };
}
