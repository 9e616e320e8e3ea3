/**
 * `JoinKernel`: one instance of the join's WebAssembly kernels (join/kernel-wasm.ts) for one board
 * size, with its memory (laid out by join/memory.ts): the quadrant table (join/quadrants.ts), the
 * scratch areas and the lists of half-board keys, which grow as needed (`gen`). `pairs` counts
 * the pairs of two lists and `evenOf` a whole even-like item, each in one call of the kernel;
 * `gen`, `pairs` and the kernel's small steps are what join/solve.ts takes the long way with.
 *
 * One kernel per thread, and every call reuses the same scratch memory. Its memory is its own, or
 * a window of a memory whose quadrant table the threads of a count share (join/table.ts
 * `shareTable`): the table is read only, the regions and lists in the window are this kernel's.
 */
import { popcount } from "../../bits.js";
import { MAX_JOIN_N, MAX_TABLES_N } from "../../limits.js";
import { type KernelExports, kernelInstance, newMemory, type WasmMemory } from "./kernel-wasm.js";
import { type KernelLayout, kernelLayout } from "./layout.js";
import { listRoomWithin, MAX_PAGES, PAGE, placeLists, placeRegions } from "./memory.js";
import type { Forbidden, Preset } from "./presets.js";
import { fillRows, QUADRANT_BOUNDS } from "./quadrants.js";
import { SlowGen } from "./slow-gen.js";
import { fillTable, type TableShare } from "./table.js";

/** The B side is cut into groups of about this many keys (so blocks are nearly full). */
const GROUP_TARGET = 128;

/**
 * A bulk pair count blocks (as B: tables built per 128 keys) the longer list, whose length
 * chooses the partition bits (more of them skip more blocks), and visits the blocks with the
 * shorter; but when the shorter has fewer keys than this, a block meets so few visits that its
 * tables cost more than they save, and the shorter list is blocked instead. n = 16: half the
 * blocks for 45% more visits, about a tenth less CPU; n = 18 and 20: the same work within 0.2%
 * (docs/notes/2026-12-07-join-blocked-side.md).
 */
const BLOCK_SHORTER_BELOW = 1024;

/**
 * Lists grow to a call's bound up to this many keys (38 bytes a key with the pair count's
 * scratch: 1.3 GB), which every item to n = 25 stays within (n = 24: 17 million at most); beyond
 * it they grow to what is written (`gen`), in runs of column sets. Growing to the bound needs one
 * call per list, and keeps n <= 25 as it was measured.
 */
const BOUND_ROOM = 2 ** 25;

/**
 * From n = 20 the lists are laid out at once for this many keys (80 MB of address space): pages
 * nothing writes take no memory, and the lists do not move as they grow (each move left the
 * pages written before behind), and an item whose quick bound fits is counted in one call. n = 20:
 * its items ask for up to 300,950 keys and write at most about 100,000 (38 bytes a key); the two
 * windows of a count held 9.7 MB at its end before, its own regions included (not measured apart
 * since). Less where a thread's window of a shared table is smaller.
 */
const SPAN_ROOM = 2 ** 21;

/**
 * Lists' first room: `gen`'s quick bound where that is at most 2^17 keys (n = 16, 17), SPAN_ROOM
 * from n = 20, else 2^16 (n = 18, 19: every item's bound fits it).
 */
function listRoomFor(n: number): number {
  const { rowset, group } = QUADRANT_BOUNDS[Math.floor(n / 2)] ?? { rowset: 0, group: 0 };
  if (rowset * group <= 1 << 17) return Math.max(1 << 16, rowset * group);
  return n >= 20 ? SPAN_ROOM : 1 << 16;
}

/** Tuning of the pair count (defaults measured on this project's 2-core machine). */
export interface KernelTuning {
  /** B keys per group the partition aims at. @default GROUP_TARGET */
  readonly groupTarget?: number;
  /** Extra partition bits allowed to fit the compact key into 4 chunks (32 bits). @default 2 */
  readonly squeeze?: number;
  /**
   * A pair count whose shorter list has fewer keys than this blocks that list, not the longer.
   * @default BLOCK_SHORTER_BELOW
   */
  readonly blockShorterBelow?: number;
  /**
   * Join quadrant tables (false: generate half-boards by backtracking in JavaScript, slowly).
   * @default true
   */
  readonly tables?: boolean;
  /**
   * Build the quadrant table in pieces: for each item only the rowsets it joins (`useRows`,
   * quadrants.ts `fillRows`), instead of the whole table at the start. Always so from n = 24,
   * whose whole table (3.8 GB at 3 bytes a diagonal set) leaves no room for the lists in the 4 GB
   * of 32-bit WebAssembly; a piece is at most `QUADRANT_BOUNDS[h].rowset` entries (6 MB at
   * h = 12), and an item joins at most four.
   * @default n > MAX_TABLES_N
   */
  readonly pieces?: boolean;
  /**
   * Keys each list has room for at the start (they grow as needed).
   * @default listRoomFor(n), or what a shared table's window holds where that is less
   */
  readonly listRoom?: number;
  /** Lists grow to a `gen` call's bound up to this many keys (`gen`). @default BOUND_ROOM */
  readonly boundRoom?: number;
}

/**
 * Thrown by a kernel on a shared table (join/table.ts) whose lists would pass the end of its
 * window: join/tasks.ts `JoinSolver` then takes a kernel with a memory of its own and counts the
 * task again.
 */
export class WindowFull extends RangeError {
  override readonly name = "WindowFull";
}

export class JoinKernel {
  readonly n: number;
  readonly tuning: Required<KernelTuning>;
  readonly h: number;
  /** Window width, and the key width with the 3 class bits. */
  readonly wb: number;
  readonly keyBits: number;
  readonly r0s: number;
  /** The forbidden masks of an even-like item's west and east halves (join/solve.ts). */
  readonly evenFrames: readonly [Forbidden, Forbidden];
  readonly layout: KernelLayout;
  readonly memory: WasmMemory;
  readonly exports: KernelExports;
  u8!: Uint8Array;
  u16!: Uint16Array;
  u32!: Uint32Array;
  /** Class tables (u8 by north-west column set) for the A and B sides. */
  readonly clsA: number;
  readonly clsB: number;
  /** A zeroed class table (no classes). */
  readonly clsNone: number;
  /** Scratch list of candidate column sets (u16). */
  readonly comboScratch: number;
  readonly #lists: number;
  /** Where the lists must end: the window's end on a shared table, else 4 GiB. */
  readonly #end: number;
  /** Whether the memory (and its quadrant table) is shared with other threads' kernels. */
  readonly shared: boolean;
  #cap = 0;
  /** List addresses (valid until the next `ensure`). */
  listA = 0;
  listB = 0;
  #sorted = 0;
  #planes = 0;
  #stride = 0;
  /** With the table in pieces: their room (entries), and the rowsets in it ("r1,r2,..."). */
  readonly #pieceRoom: number;
  #rowsLoaded = "";
  /** Keys lists A and B hold (as their last `gen` left them), kept when the lists grow. */
  readonly #held = [0, 0];
  /** Half-boards without tables (`tuning.tables` false). */
  readonly #slow = new SlowGen(this);

  /**
   * `share`: the quadrant table in a shared memory and this kernel's window of it (join/table.ts
   * `shareTable`, for the whole table of the same n; ignored without tables or in pieces).
   */
  constructor(n: number, tuning: KernelTuning = {}, share?: TableShare) {
    if (!Number.isInteger(n) || n < 4 || n > MAX_JOIN_N) {
      throw new RangeError(`the join kernel takes n in 4..${MAX_JOIN_N}: ${n}`);
    }
    this.n = n;
    this.tuning = {
      groupTarget: GROUP_TARGET,
      squeeze: 2,
      blockShorterBelow: BLOCK_SHORTER_BELOW,
      tables: true,
      pieces: n > MAX_TABLES_N,
      listRoom: 0,
      boundRoom: BOUND_ROOM,
      ...tuning,
    };
    if (n > MAX_TABLES_N) this.tuning = { ...this.tuning, pieces: true };
    const { groupTarget, squeeze, blockShorterBelow } = this.tuning;
    if (
      !Number.isInteger(groupTarget) ||
      groupTarget < 1 ||
      !Number.isInteger(squeeze) ||
      !Number.isInteger(blockShorterBelow) ||
      blockShorterBelow < 0
    ) {
      throw new RangeError(
        `the join kernel's groupTarget, squeeze and blockShorterBelow are integers, groupTarget > 0, blockShorterBelow >= 0`,
      );
    }
    const { tables, pieces } = this.tuning;
    const h = Math.floor(n / 2);
    this.h = h;
    this.wb = n % 2 === 0 ? n - 1 : n - 2;
    this.keyBits = 2 * this.wb + 3;
    this.r0s = n % 2 === 0 ? h : h + 1;
    // Even-like items: odd n's centre queen is placed first (its mirror image is itself).
    const centre = this.forbidden(n % 2 === 0 ? [] : [[h, h]]);
    this.evenFrames = [centre, centre];
    this.shared = share !== undefined && tables && !pieces;
    const window = this.shared ? share?.window : undefined;
    const placement = placeRegions({ h, tables, pieces }, window?.start);
    const layout = kernelLayout(this, placement);
    this.layout = layout;
    this.clsA = layout.clsA;
    this.clsB = layout.clsB;
    this.clsNone = layout.clsNone;
    this.comboScratch = layout.comboScratch;
    this.#pieceRoom = placement.entries;
    this.#lists = placement.lists;
    const { combos, listTable } = layout;
    this.#end = window?.end ?? MAX_PAGES * PAGE;
    if (tuning.listRoom === undefined) {
      // The first room, or what the window holds where that is less (at least 2^16 keys: a
      // window without room for them is full at once, and the kernel takes a memory of its own).
      const want = listRoomFor(n);
      const room = Math.max(listRoomWithin(this.#lists, this.#end, want), Math.min(want, 1 << 16));
      this.tuning = { ...this.tuning, listRoom: room };
    }
    // A memory of its own starts with the first lists' room too: growing a WebAssembly memory
    // makes V8 collect all garbage (a full mark-compact, 5 to 7 ms at n = 16).
    this.memory =
      share !== undefined && this.shared
        ? share.memory
        : newMemory(Math.max(placement.pages, placeLists(this.#lists, this.tuning.listRoom).pages));
    this.#grow(placement.pages * PAGE);
    const pages = this.memory.buffer.byteLength / PAGE;
    this.exports = kernelInstance(this.layout, this.memory, pages, this.shared);
    if (tables && !pieces && !this.shared) {
      fillTable(this.u32, { ...layout, h }, this.exports.fillRow, placement.entries);
    }
    // Candidate column sets: the k-subsets of the west columns, all or all but one, ascending;
    // for each `missing`, the lists of k = 0..h one after the other.
    let at = combos / 2;
    for (let missing = -1; missing < h; missing++) {
      const skip = missing < 0 ? 0 : 1 << missing;
      const next = new Int32Array(h + 2);
      for (let cw = 0; cw < 1 << h; cw++) if ((cw & skip) === 0) next[popcount(cw) + 1]++;
      next[0] = at;
      for (let k = 0; k <= h; k++) {
        const slot = listTable / 4 + 2 * ((missing + 1) * (h + 1) + k);
        this.u32.set([2 * next[k], next[k + 1]], slot);
        next[k + 1] += next[k];
      }
      for (let cw = 0; cw < 1 << h; cw++)
        if ((cw & skip) === 0) this.u16[next[popcount(cw)]++] = cw;
      at = next[h];
    }
    this.ensure(this.tuning.listRoom);
  }

  #views(): void {
    const buffer = this.memory.buffer;
    this.u8 = new Uint8Array(buffer);
    this.u16 = new Uint16Array(buffer);
    this.u32 = new Uint32Array(buffer);
  }

  /**
   * Grows the memory to at least `bytes`, and the views with it. A shared memory may be grown by
   * another thread at the same time: it grows until it is large enough, whoever grew it.
   */
  #grow(bytes: number): void {
    for (let have = this.memory.buffer.byteLength; have < bytes; ) {
      try {
        this.memory.grow(Math.ceil((bytes - have) / PAGE));
      } catch (e) {
        if (this.memory.buffer.byteLength === have) throw e;
      }
      have = this.memory.buffer.byteLength;
    }
    if (this.u8 === undefined || this.u8.length < bytes) this.#views();
  }

  /**
   * Makes the groups of the rowsets `rows` (quadrant-local bits) joinable: with the table in
   * pieces, writes those rowsets' pieces, in ascending order, over the last item's (the whole
   * table holds them all already). An item's `gen` and `bound` read only its own rowsets: call
   * this first with all of them.
   */
  useRows(...rows: number[]): void {
    if (!this.tuning.tables || !this.tuning.pieces) return;
    const sorted = [...new Set(rows)].sort((a, b) => a - b);
    const key = sorted.join(",");
    if (key === this.#rowsLoaded) return;
    this.#rowsLoaded = "";
    const { h, layout } = this;
    const room = this.#pieceRoom;
    const start = this.u32.subarray(layout.qstart / 4, layout.qstart / 4 + 4 ** h + 1);
    const dl = this.u32.subarray(layout.qd / 4, layout.qd / 4 + room);
    const al = this.u32.subarray(layout.qa / 4, layout.qa / 4 + room);
    let at = 0;
    for (const r of sorted) at = fillRows(h, r, start, dl, al, at, room);
    this.#rowsLoaded = key;
  }

  /** The k-subsets of the west columns but `missing` (-1: none), as a u16 list. */
  combos(missing: number, k: number): { ptr: number; len: number } {
    const { h } = this;
    if (k < 0 || k > h) return { ptr: this.comboScratch, len: 0 };
    const slot = this.layout.listTable / 4 + 2 * ((missing + 1) * (h + 1) + k);
    return { ptr: this.u32[slot], len: this.u32[slot + 1] };
  }

  /**
   * Makes room for lists of `cap` keys each (A and B). List A stays where it is; list B moves up,
   * and the keys it holds (`#held`) move with it.
   */
  ensure(cap: number): void {
    if (cap <= this.#cap) return;
    cap = Math.max(cap, Math.ceil(this.#cap * 1.5));
    const lists = placeLists(this.#lists, cap);
    const full = `the join kernel's lists of ${cap} keys pass the end of its memory`;
    if (lists.pages * PAGE > this.#end) throw new WindowFull(full);
    try {
      this.#grow(lists.pages * PAGE);
    } catch (e) {
      // A shared memory that cannot grow (no room left by the other threads' growth): a memory
      // of its own may still (join/tasks.ts).
      if (!this.shared) throw e;
      throw new WindowFull(full);
    }
    const oldB = this.listB;
    this.#cap = cap;
    this.listA = lists.listA;
    this.listB = lists.listB;
    this.#sorted = lists.sorted;
    this.#planes = lists.planes;
    this.#stride = lists.stride;
    const held = this.#held[1];
    if (held > 0 && oldB !== this.listB) this.u8.copyWithin(this.listB, oldB, oldB + 8 * held);
  }

  /** An upper bound on the half-boards one `gen` call writes (pairs of quadrant entries). */
  bound(rn: number, rs: number, combos: { ptr: number; len: number }, cols: number): number {
    if (!this.tuning.tables) return this.#slow.halves(rn, rs, cols).length;
    let total = 0;
    for (let i = 0; i < combos.len; i++) {
      total += this.#comboBound(rn, rs, this.u16[combos.ptr / 2 + i], cols);
    }
    return total;
  }

  /** The bound of one north-west column set: its group's entries times its partner group's. */
  #comboBound(rn: number, rs: number, cw: number, cols: number): number {
    const { h, u32 } = this;
    const start = this.layout.qstart / 4;
    const a = start + ((rn << h) | cw);
    const b = start + ((rs << h) | (cols ^ cw));
    return (u32[a + 1] - u32[a]) * (u32[b + 1] - u32[b]);
  }

  /** The forbidden masks of preset queens (board coordinates of this frame). */
  forbidden(presets: readonly Preset[]): Forbidden {
    const { n, h, r0s } = this;
    const offN = n - h;
    const offS = r0s + n - h;
    const bit = (x: number) => (x >= 0 && x <= 2 * h - 2 ? 1 << x : 0);
    let fnd = 0;
    let fna = 0;
    let fsd = 0;
    let fsa = 0;
    for (const [r, c] of presets) {
      const d = r - c + n - 1;
      const a = r + c;
      fnd |= bit(d - offN);
      fna |= bit(a);
      fsd |= bit(d - offS);
      fsa |= bit(a - r0s);
    }
    return { fnd, fna, fsd, fsa };
  }

  /**
   * Writes the keys of the half-boards with north rows `rn` and south rows `rs` (quadrant-local
   * bits), on the west columns `cols`, into list `side` (0: A, 1: B) after the `at` keys it
   * holds; `east` writes mirrored keys. `own` is a preset queen of this half, whose diagonals go
   * into every key. Returns how many.
   *
   * The lists grow to the bound (pairs of quadrant entries) up to BOUND_ROOM keys; past it
   * (n = 26's items would ask for up to 111 million keys, 4.2 GB, where 15-25% of that is
   * written), the column sets are taken in runs whose bounds fit the room left, and the lists
   * grow only when a single column set's bound does not.
   */
  gen(
    east: boolean,
    rn: number,
    rs: number,
    combos: { ptr: number; len: number },
    cols: number,
    f: Forbidden,
    cls: number,
    side: 0 | 1,
    at = 0,
    own: Preset | undefined = undefined,
  ): number {
    const kx = own === undefined ? 0n : this.keyOf(east, own);
    this.#held[side] = at;
    if (!this.tuning.tables) {
      this.ensure(at + this.bound(rn, rs, combos, cols));
      const out = this.#list(side) + 8 * at;
      return this.#hold(side, at, this.#slow.gen(east, rn, rs, combos, cols, f, cls, kx, out));
    }
    const fn = east ? this.exports.genE : this.exports.genW;
    const { fnd, fna, fsd, fsa } = f;
    const run = (from: number, to: number, written: number) => {
      const out = this.#list(side) + 8 * (at + written);
      return fn(rn, rs, combos.ptr + 2 * from, to - from, cols, fnd, fna, fsd, fsa, cls, kx, out);
    };
    if (at + this.#quick(rn) <= this.#cap) return this.#hold(side, at, run(0, combos.len, 0));
    const bound = at + this.bound(rn, rs, combos, cols);
    if (bound <= this.#cap || bound <= this.tuning.boundRoom) {
      this.ensure(bound);
      return this.#hold(side, at, run(0, combos.len, 0));
    }
    let written = 0;
    for (let i = 0; i < combos.len; ) {
      const room = this.#cap - at - written;
      let j = i;
      for (let b = 0; j < combos.len; j++) {
        b += this.#comboBound(rn, rs, this.u16[combos.ptr / 2 + j], cols);
        if (b > room) break;
      }
      if (j === i) {
        this.#held[side] = at + written;
        this.ensure(at + written + this.#comboBound(rn, rs, this.u16[combos.ptr / 2 + i], cols));
        continue;
      }
      written += run(i, j, written);
      i = j;
    }
    return this.#hold(side, at, written);
  }

  /**
   * A bound on the half-boards of north rows `rn` without a loop over the column sets: every
   * entry of rowset rn, each with the largest group there is (n = 16: it fits every call).
   */
  #quick(rn: number): number {
    const first = this.layout.qstart / 4 + (rn << this.h);
    return (this.u32[first + (1 << this.h)] - this.u32[first]) * this.layout.group;
  }

  /**
   * The count of the even-like item of west rows `r` before its weight (join/solve.ts), in one
   * call of the kernel's `evenOf`, when both sides' lists surely fit; else undefined, and
   * solve.ts takes the long way (with `gen` growing the lists). With the table in pieces, the
   * item's rows must be loaded first (`useRows`).
   */
  evenOf(r: number): bigint | undefined {
    if (!this.tuning.tables) return undefined;
    const { listA, listB } = this;
    const { evenOf } = this.exports;
    return this.#whole(
      evenOf(r, this.#cap, listA, listB, this.#sorted, this.#planes, this.#stride),
    );
  }

  /**
   * The count of the kind-1 item (odd n: the middle column's queen at row m, west rows `r`)
   * before its weight (join/solve.ts), in one call of the kernel's `middleOf`, when every list
   * surely fits; else undefined, and solve.ts takes the long way. With the table in pieces, the
   * item's rows must be loaded first (`useRows`).
   */
  middleOf(m: number, r: number): bigint | undefined {
    const middleOf = this.exports.middleOf;
    if (!this.tuning.tables || middleOf === undefined) return undefined;
    const { listA, listB } = this;
    return this.#whole(
      middleOf(m, r, this.#cap, listA, listB, this.#sorted, this.#planes, this.#stride),
    );
  }

  /** A one-call item's count, or undefined for its -1 (no room: the long way). */
  #whole(count: bigint): bigint | undefined {
    if (count < 0n) return undefined;
    // The lists are used up, as by `pairs`.
    this.#held.fill(0);
    return count;
  }

  /** Records that list `side` holds `at + written` keys; returns `written`. */
  #hold(side: 0 | 1, at: number, written: number): number {
    this.#held[side] = at + written;
    return written;
  }

  /** The address of list `side` (0: A, 1: B). */
  #list(side: 0 | 1): number {
    return side === 0 ? this.listA : this.listB;
  }

  /** The key bits of one queen of a half (its window diagonals; mirrored keys for `east`). */
  keyOf(east: boolean, [r, c]: Preset): bigint {
    const { n, h, wb, r0s } = this;
    const d = r - c + n - 1 - (n - h);
    const a = r + c - r0s;
    const dBit = d >= 0 && d < wb ? 1n << BigInt(d) : 0n;
    const aBit = a >= 0 && a < wb ? 1n << BigInt(a) : 0n;
    return east ? aBit | (dBit << BigInt(wb)) : dBit | (aBit << BigInt(wb));
  }

  /**
   * Counts the pairs (a, b), a among the `na` keys at `a`, b among the `nb` at `b`, with no bit
   * in common; keys have at most `bits` bits. The lists are used up (overwritten). One call of
   * the kernel's `pairs`: short lists are paired one by one; else the partition (join/
   * partition.ts) splits both lists into groups by the bits set most often, and the bulk count
   * joins the groups whose patterns are disjoint.
   * @throws RangeError for keys wider than this kernel's (its module has no count for them)
   */
  pairs(a: number, na: number, b: number, nb: number, bits = this.keyBits): bigint {
    if (bits > this.keyBits) {
      throw new RangeError(`keys of ${bits} bits: this kernel's have at most ${this.keyBits}`);
    }
    // The lists are used up: a later growth (`ensure`) has no keys of list B to move.
    this.#held.fill(0);
    const { pairs } = this.exports;
    return pairs(a, na, b, nb, bits, this.#sorted, this.#planes, this.#stride);
  }
}
