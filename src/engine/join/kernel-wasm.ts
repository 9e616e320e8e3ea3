/**
 * **The join's hot loops**: the kernel module, assembled as WebAssembly (engine/wasm-asm.ts) for one
 * board size at a time, with the addresses of its memory (join/memory.ts) and its widths baked in
 * as constants (join/layout.ts `KernelLayout`). Its functions come in families, one file each:
 *
 * - join/wasm-gen.ts, `genW` / `genE`: the join of quadrant entries into half-boards. For each
 *   column set cw of the north-west quadrant (a list of candidates), the entries with rows `rn`
 *   and columns cw are paired with the south-west entries with rows `rs` and the remaining
 *   columns; pairs that attack each other, or a preset queen, are dropped. Each half-board is
 *   written as a 64-bit key: the diagonals and anti-diagonals that a queen of the other half could
 *   share (the "window", `wb` bits each; the rest can never meet the other half), and 3 class bits
 *   (join/solve.ts). `genE` writes the key of the mirror image (an east half-board is a west one
 *   mirrored, which swaps diagonals and anti-diagonals). `kx` is OR'd into every key: the bits of
 *   a preset queen that belongs to this half (the middle row's, odd n), which the other half must
 *   not meet.
 * - join/wasm-fill.ts, `fillRow`: the whole quadrant table, a rowset at a time (join/quadrants.ts).
 * - join/wasm-partition.ts: `stats`, how often each key bit is set (on a sample), to choose the
 *   partition bits (`choose`); `bytes`, the byte tables of a partition, from each key bit's share;
 *   `classify`, `prefix`, `scatterA`, `scatterB`: group the keys by their partition bits (a
 *   pattern of k bits) and squeeze the other bits into a compact key of up to 48 bits; the A side
 *   sorted by pattern, the B side as byte planes.
 * - join/wasm-count.ts: `count4|5|6`, **the bulk pair count**. For each block of up to 128 B keys
 *   with pattern q, their compact keys are transposed into bit slices (`i8x16.bitmask`), and the
 *   slices combined into lookup tables, one per 8 bits of key, of the OR of the slices of each
 *   subset of those bits ("four Russians"); then each A key whose pattern is disjoint from q (the
 *   submasks of ~q: the partition skips the rest) looks up 4, 5 or 6 table rows and ORs them: the
 *   128 bits say which of the block's keys it meets. `i8x16.popcnt` counts them. 128 pairs cost
 *   ~20 instructions, and the partition skips about 5/6 of the blocks (n = 20). `direct`: the
 *   plain pair loop, for short lists. `pairs`: a whole pair count in one call (short lists by
 *   `direct`; else the sample's bit counts, the partition, grouping and the bulk count), as
 *   join/partition.ts and join/kernel.ts describe it.
 * - join/wasm-items.ts: `classes`, `only`, the class bytes of a list of column sets and the sets
 *   of one class (join/solve.ts); `middleOf`, a whole kind-1 item of odd n in one call, as
 *   join/solve.ts `solveMiddleSlowly` does it in steps; `evenItem` and `evenOf`, a whole
 *   even-like item in one call (its classes, half-boards and pairs, less the pairs of weight 1),
 *   as join/solve.ts `solveEvenSlowly` does it in steps. They spare n = 16's 3,300 items the
 *   JavaScript between the steps, which V8 would otherwise compile, optimized, on a thread of its
 *   own while the count runs.
 *
 * Why the code is ugly: it is text of WebAssembly, written out by loops (unrolled by chunk, lane
 * and byte), with every address and width a constant, because that is what makes it fast: a
 * count spends nearly all its time here (`count4|5|6` and `genW`/`genE`), and constants, SIMD
 * (128 keys a block, four entries a test) and writes without branches are what it measured
 * faster. Nothing else in the join should look like this.
 *
 * The readable versions, which the tests compare with this: join/reference.ts (half-boards,
 * their keys, the pair count, a whole item), join/partition.ts (the partition), join/quadrants.ts
 * `fillQuadrants` (the table), and join/solve.ts's slow ways (`solveEvenSlowly`,
 * `solveMiddleSlowly`: the steps of the one-call items, one call at a time).
 */
import { assemble, type FuncSpec } from "../wasm-asm.js";
import type { KernelLayout } from "./layout.js";
import { countFuncs } from "./wasm-count.js";
import { type FillLayout, fillFuncs } from "./wasm-fill.js";
import { genFuncs } from "./wasm-gen.js";
import { itemFuncs } from "./wasm-items.js";
import { partitionFuncs } from "./wasm-partition.js";

/**
 * The module's functions in order: their indices, and so the module's bytes, follow it. Those a
 * layout does not need (the counts and scatters for more chunks, `middleOf` for even n) are
 * left out by their families.
 */
const ORDER = [
  "genW",
  "genE",
  "stats",
  "classes",
  "only",
  "fillRow",
  "bytes",
  "classify",
  "prefix",
  "scatterA4",
  "scatterA6",
  "scatterB4",
  "scatterB6",
  "count4",
  "count5",
  "count6",
  "choose",
  "evenOf",
  "middleOf",
  "evenItem",
  "pairs",
  "direct",
];

/**
 * The kernel functions for a layout, from their families: those for compact keys of 5 and 6
 * chunks only where its chunks need them (`L.chunks`; n = 16: half the text of the module left
 * out).
 * @throws Error for a function not in ORDER (a bug)
 */
function kernelFuncs(L: KernelLayout): FuncSpec[] {
  const families = [genFuncs, partitionFuncs, itemFuncs, fillFuncs, countFuncs];
  const specs = new Map(families.flatMap((f) => f(L)).map((spec) => [spec.name, spec]));
  for (const name of specs.keys()) {
    if (!ORDER.includes(name)) throw new Error(`kernel function ${name} has no place in ORDER`);
  }
  return ORDER.flatMap((name) => specs.get(name) ?? []);
}

/**
 * An item's count in one call: its west rows, the lists' room and addresses (or -1 for no room).
 */
type ItemCount = (
  r: number,
  cap: number,
  a: number,
  b: number,
  sorted: number,
  planes: number,
  stride: number,
) => bigint;

/** The exports of a kernel module. */
export interface KernelExports {
  genW(...args: [...number[], bigint, number]): number;
  genE(...args: [...number[], bigint, number]): number;
  stats(keys: number, n: number, step: number, out: number): void;
  bytes(count: number): void;
  fillRow(rows: number, e: number): number;
  classes(
    list: number,
    len: number,
    table: number,
    big: number,
    small: number,
    se: number,
    ss: number,
  ): void;
  only(list: number, len: number, target: number, out: number): number;
  classify(keys: number, n: number, hist: number): void;
  prefix(hist: number, g: number, starts: number, pos: number): void;
  scatterA4(w: number, n: number, pos: number, out: number): void;
  /** Left out, as count5 and count6 and scatterB6, where the layout's chunks do not need them. */
  scatterA6?(w: number, n: number, pos: number, out: number): void;
  scatterB4(w: number, n: number, pos: number, planes: number, stride: number): void;
  scatterB6?(w: number, n: number, pos: number, planes: number, stride: number): void;
  count4(g: number, ga: number, gb: number, as: number, planes: number, stride: number): bigint;
  count5?(g: number, ga: number, gb: number, as: number, planes: number, stride: number): bigint;
  count6?(g: number, ga: number, gb: number, as: number, planes: number, stride: number): bigint;
  direct(a: number, na: number, b: number, nb: number): bigint;
  /** Odd n's kernels only. */
  middleOf?(m: number, ...item: Parameters<ItemCount>): bigint;
  evenOf: ItemCount;
  choose(bits: number, k: number): number;
  pairs(
    a: number,
    na: number,
    b: number,
    nb: number,
    bits: number,
    sorted: number,
    planes: number,
    stride: number,
  ): bigint;
}

/** The part of the WebAssembly API used here (lib "dom" is not part of this build). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

interface WasmApi {
  Memory: new (descriptor: { initial: number; maximum: number; shared?: boolean }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/**
 * A new memory of `pages` pages (64 KiB), growable to 4 GiB; `shared`, one that every thread it
 * is posted to can use (join/table.ts: the quadrant table, filled once).
 */
export function newMemory(pages: number, shared = false): WasmMemory {
  return new wasm.Memory({ initial: pages, maximum: 65536, shared });
}

/** Assembles and instantiates a module of `funcs` over `memory` (`pages` pages now). */
function instance(funcs: FuncSpec[], memory: WasmMemory, pages: number, shared: boolean) {
  const bytes = assemble({ initialPages: pages, maximumPages: 65536, shared }, funcs);
  return new wasm.Instance(new wasm.Module(bytes), { env: { memory } }).exports;
}

/** Assembles and instantiates the kernel module for a layout over `memory` (`pages` now). */
export function kernelInstance(
  L: KernelLayout,
  memory: WasmMemory,
  pages: number,
  shared = false,
): KernelExports {
  return instance(kernelFuncs(L), memory, pages, shared) as unknown as KernelExports;
}

/**
 * A module of `fillRow` alone, over a shared memory (`pages` now), to fill the quadrant table
 * that kernels share (join/table.ts) without assembling the rest of the kernel.
 */
export function fillInstance(
  L: FillLayout,
  memory: WasmMemory,
  pages: number,
): Pick<KernelExports, "fillRow"> {
  return instance(fillFuncs(L), memory, pages, true) as unknown as Pick<KernelExports, "fillRow">;
}
