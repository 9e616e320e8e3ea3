/**
 * The hot loop as WebAssembly, assembled here byte by byte (no toolchain needed at build time).
 *
 * Why: the same bitmask search runs much faster as wasm than as optimised JavaScript on Node 20
 * (raw i32 values instead of tagged ones, no deopt checks, i64 counters), and this loop is where
 * nearly all of `nqueens count`'s time goes. The algorithm is `countTaskJs` in kernel.ts, which
 * stays the readable reference (and the model for GPU kernels); the wasm only arranges it
 * differently. Measured on this 2-core machine (user CPU, n = 15..17, medians of 3 to 7 runs):
 * - recursion for every row: 1.0; an explicit stack in linear memory instead of calls: no
 *   faster; a "look-ahead 2" test before each call: 7% faster;
 * - the bottom rows as nested loops (no calls): 2 rows 1.0, 4 rows 0.82, 6 to 20 rows 0.67-0.72,
 *   so 9, which keeps the module under 4 KB (browsers compile that much synchronously on their
 *   main thread); a look-ahead 2 inside those loops made them slower. This is as fast as the same
 *   search compiled by gcc -O3 (timed the same way at n = 16), and faster than baseline.c
 *   (measured: docs/counting.md, "Benchmarks").
 *
 * Linear memory, written by `WasmKernel.count` before each call, for free row d:
 *   i32 at 8*d     : shift[d]      (rows from free row d to free row d+1)
 *   i32 at 8*d + 4 : rowMask[d+1]  (preset attacks on the next free row)
 *
 * Functions (i32 masks; counts i64 inside, returned as f64, exact below 2^53):
 *   rec(p, ld, rd, avail, free) -> i64   p = 8*d; avail = open columns; free = the non-empty
 *     set of squares of row d. With at most UNROLLED_ROWS free rows below, the rest of the search
 *     runs as nested loops, one per row, counting the last row's open squares (one column is
 *     left there, so a non-empty set is exactly one solution). Above that, for each square of
 *     `free` it computes the next row's free set and calls itself only when that set is
 *     non-empty and the row after it keeps an open square too ("look-ahead 2").
 *   count(depth, ld, rd, col, full, mask0) -> f64, or -1 when the count passes 2^53
 */
import { append, section, sleb, uleb, utf8, vec } from "./wasm-encoding.js";

// ---- a tiny WebAssembly assembler ---------------------------------------------------------
const I32 = 0x7f;
const I64 = 0x7e;
const F64 = 0x7c;
const EMPTY = 0x40;

const OP = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  end: 0x0b,
  brIf: 0x0d,
  ret: 0x0f,
  call: 0x10,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  globalGet: 0x23,
  globalSet: 0x24,
  i32Load: 0x28,
  i32Const: 0x41,
  f64Const: 0x44,
  i32Eqz: 0x45,
  i32Eq: 0x46,
  i32Ne: 0x47,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32And: 0x71,
  i32Or: 0x72,
  i32Xor: 0x73,
  i32Shl: 0x74,
  i32ShrU: 0x76,
  i64Const: 0x42,
  i64GtU: 0x56,
  i64Add: 0x7c,
  i64ExtendI32U: 0xad,
  f64ConvertI64U: 0xba,
} as const;

const get = (i: number) => [OP.localGet, ...uleb(i)];
const set = (i: number) => [OP.localSet, ...uleb(i)];
const tee = (i: number) => [OP.localTee, ...uleb(i)];
const i32 = (v: number) => [OP.i32Const, ...sleb(v | 0)]; // as an i32: 0xffffffff is -1
const load = (offset: number) => [OP.i32Load, 2, ...uleb(offset)];
const f64 = (v: number) => [OP.f64Const, ...new Uint8Array(new Float64Array([v]).buffer)];
const G_LAST = 0;
const gLast = [OP.globalGet, G_LAST];

// ---- the kernel ---------------------------------------------------------------------------
// rec's locals: parameters 0 p, 1 ld, 2 rd, 3 avail (open columns), 4 free; then
const TOTAL = 5; // i64
const LEAVES = 6;
// the general level: this row's queen, shift and the next row's preset, the child's masks,
// and the shift and preset of the row after it (look-ahead 2)
const BIT = 7;
const S = 8;
const M = 9;
const NLD = 10;
const NRD = 11;
const NAVAIL = 12;
const NFREE = 13;
const S2 = 14;
const M2 = 15;
// the unrolled bottom levels, 7 locals each: bit, s, m, nld, nrd, navail, nfree
const INLINE_BASE = 16;
const L = (level: number, k: number) => INLINE_BASE + 7 * (level - 1) + k;

/** Takes the lowest bit of local `f` into local `b` and clears it from `f`. */
const takeBit = (f: number, b: number) => [
  ...i32(0),
  ...get(f),
  OP.i32Sub,
  ...get(f),
  OP.i32And,
  ...tee(b),
  ...get(f),
  OP.i32Xor,
  ...set(f),
];

/**
 * The unrolled bottom of the search, as nested loops, appended to `out`: at inline level i (1 =
 * this node's row), for each square of local f, with masks in locals ld/rd/avail; `rows` levels
 * remain below this node, so at level i = rows the children are the last free row and are counted
 * into LEAVES. Written into one array rather than returned and spread into the caller's: the
 * nesting copied each level's bytes once per level above it, most of the kernel's assembly time
 * at every start (a tenth of `nqueens count 8`'s CPU: docs/notes/2026-12-07-startup-and-memory.md).
 */
function inline(
  out: number[],
  rows: number,
  i: number,
  f: number,
  ld: number,
  rd: number,
  avail: number,
): void {
  const [bit, s, m, nld, nrd, navail, nfree] = [0, 1, 2, 3, 4, 5, 6].map((k) => L(i, k));
  append(out, [OP.loop, EMPTY, ...takeBit(f, bit)]);
  if (i === rows) {
    append(out, [
      ...get(LEAVES),
      ...get(avail),
      ...get(bit),
      OP.i32Xor,
      ...get(ld),
      ...get(bit),
      OP.i32Or,
      ...get(s),
      OP.i32Shl,
      ...get(rd),
      ...get(bit),
      OP.i32Or,
      ...get(s),
      OP.i32ShrU,
      OP.i32Or,
      ...get(m),
      OP.i32Or,
      ...i32(-1),
      OP.i32Xor,
      OP.i32And,
      ...i32(0),
      OP.i32Ne,
      OP.i32Add,
      ...set(LEAVES),
    ]);
  } else {
    append(out, [
      ...get(ld),
      ...get(bit),
      OP.i32Or,
      ...get(s),
      OP.i32Shl,
      ...tee(nld),
      ...get(rd),
      ...get(bit),
      OP.i32Or,
      ...get(s),
      OP.i32ShrU,
      ...tee(nrd),
      OP.i32Or,
      ...get(m),
      OP.i32Or,
      ...i32(-1),
      OP.i32Xor,
      ...get(avail),
      ...get(bit),
      OP.i32Xor,
      ...tee(navail),
      OP.i32And,
      ...tee(nfree),
      OP.if,
      EMPTY,
    ]);
    inline(out, rows, i + 1, nfree, nld, nrd, navail);
    out.push(OP.end);
  }
  append(out, [...get(f), OP.brIf, 0, OP.end]);
}

/** For each bit of `free`: compute the child's masks and free set; run `body` if it is open. */
const forEachChild = (body: number[]) => [
  OP.loop,
  EMPTY,
  ...takeBit(4, BIT),
  ...get(1),
  ...get(BIT),
  OP.i32Or,
  ...get(S),
  OP.i32Shl,
  ...tee(NLD),
  ...get(2),
  ...get(BIT),
  OP.i32Or,
  ...get(S),
  OP.i32ShrU,
  ...tee(NRD),
  OP.i32Or,
  ...get(M),
  OP.i32Or,
  ...i32(-1),
  OP.i32Xor,
  ...get(3),
  ...get(BIT),
  OP.i32Xor,
  ...tee(NAVAIL),
  OP.i32And,
  ...tee(NFREE),
  OP.if,
  EMPTY,
  ...body,
  OP.end,
  ...get(4),
  OP.brIf,
  0,
  OP.end,
];

/** Bytes of linear memory per free row: its shift and the next row's preset. */
const STRIDE = 8;

/** rec: the bottom `unrolled` levels as nested loops, the levels above as recursive calls. */
const recCode = (unrolled: number) => {
  const code: number[] = [];
  for (let rows = 1; rows <= unrolled; rows++) {
    // p + STRIDE * (rows - 1) == last: `rows` free rows remain below this node's row.
    code.push(...get(0), ...i32(STRIDE * (rows - 1)), OP.i32Add, ...gLast, OP.i32Eq, OP.if, EMPTY);
    for (let i = 1; i <= rows; i++) {
      code.push(...get(0), ...load(STRIDE * (i - 1)), ...set(L(i, 1)));
      code.push(...get(0), ...load(STRIDE * (i - 1) + 4), ...set(L(i, 2)));
    }
    inline(code, rows, 1, 4, 1, 2, 3);
    code.push(...get(LEAVES), OP.i64ExtendI32U, OP.ret, OP.end);
  }
  append(code, [
    ...get(0),
    ...load(0),
    ...set(S),
    ...get(0),
    ...load(4),
    ...set(M),
    ...get(0),
    ...load(STRIDE),
    ...set(S2),
    ...get(0),
    ...load(STRIDE + 4),
    ...set(M2),
    // Recurse into children whose next row also keeps an open square (look-ahead 2).
    ...forEachChild([
      ...get(NLD),
      ...get(S2),
      OP.i32Shl,
      ...get(NRD),
      ...get(S2),
      OP.i32ShrU,
      OP.i32Or,
      ...get(M2),
      OP.i32Or,
      ...i32(-1),
      OP.i32Xor,
      ...get(NAVAIL),
      OP.i32And,
      OP.if,
      EMPTY,
      ...get(TOTAL),
      ...get(0),
      ...i32(STRIDE),
      OP.i32Add,
      ...get(NLD),
      ...get(NRD),
      ...get(NAVAIL),
      ...get(NFREE),
      OP.call,
      0,
      OP.i64Add,
      ...set(TOTAL),
      OP.end,
    ]),
    ...get(TOTAL),
  ]);
  return code;
};

// count's locals: parameters 0 depth, 1 ld, 2 rd, 3 col, 4 full, 5 mask0; then 6 free, 7 avail,
// 8 the count (i64).
const countCode = [
  ...get(0),
  OP.i32Eqz,
  OP.if,
  EMPTY,
  ...f64(1),
  OP.ret,
  OP.end,
  ...get(3),
  ...i32(-1),
  OP.i32Xor,
  ...get(4),
  OP.i32And,
  ...tee(7),
  ...get(1),
  ...get(2),
  OP.i32Or,
  ...get(5),
  OP.i32Or,
  ...i32(-1),
  OP.i32Xor,
  OP.i32And,
  ...tee(6),
  OP.i32Eqz,
  OP.if,
  EMPTY,
  ...f64(0),
  OP.ret,
  OP.end,
  ...get(0),
  ...i32(1),
  OP.i32Eq,
  OP.if,
  EMPTY,
  ...f64(1),
  OP.ret,
  OP.end,
  // last = STRIDE * (depth - 2): the offset of the free row whose children are the last row.
  ...get(0),
  ...i32(2),
  OP.i32Sub,
  ...i32(3),
  OP.i32Shl,
  OP.globalSet,
  G_LAST,
  ...i32(0),
  ...get(1),
  ...get(2),
  ...get(7),
  ...get(6),
  OP.call,
  0,
  // Above 2^53 a double is no longer exact: say so with -1 (n >= 31 only, after years).
  ...tee(8),
  OP.i64Const,
  ...sleb(2n ** 53n),
  OP.i64GtU,
  OP.if,
  EMPTY,
  ...f64(-1),
  OP.ret,
  OP.end,
  ...get(8),
  OP.f64ConvertI64U,
];

const fn = (locals: [number, number][], code: number[]) => {
  const body = [...vec(locals.map(([count, type]) => [...uleb(count), type])), ...code, OP.end];
  return [...uleb(body.length), ...body];
};

/** Free rows at the bottom of the search run as nested loops instead of calls (see above). */
const UNROLLED_ROWS = 9;

/** The module's bytes, with the bottom `unrolled` levels as loops. */
const assembleKernel = (unrolled = UNROLLED_ROWS) =>
  new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(
      1, // types
      vec([
        [0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), ...vec([[I64]])],
        [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32]]), ...vec([[F64]])],
      ]),
    ),
    ...section(3, vec([[0], [1]])), // functions: rec, count
    ...section(5, vec([[0x00, 1]])), // one page of memory
    ...section(
      6, // globals: last
      vec([[I32, 1, ...i32(0), OP.end]]),
    ),
    ...section(
      7, // exports
      vec([
        [...utf8("count"), 0x00, 1],
        [...utf8("memory"), 0x02, 0],
      ]),
    ),
    ...section(
      10, // code
      vec([
        fn(
          [
            [1, I64],
            [INLINE_BASE - LEAVES + 7 * unrolled, I32],
          ],
          recCode(unrolled),
        ),
        fn(
          [
            [2, I32],
            [1, I64],
          ],
          countCode,
        ),
      ]),
    ),
  ]);

/** Minimal shape of a compiled task that the wasm kernel reads (see kernel.ts `KernelTask`). */
export interface WasmTaskView {
  readonly depth: number;
  readonly full: number;
  readonly rowMask: Int32Array;
  readonly shift: Int32Array;
  readonly ld: number;
  readonly rd: number;
  readonly col: number;
}

/** The part of the WebAssembly API used here (lib "dom" is not part of this build). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (
    module: object,
    imports: object,
  ) => {
    exports: Record<string, unknown>;
  };
}

const wasmApi = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

/** One instance of the kernel (one per thread). */
export class WasmKernel {
  readonly #count: (...args: number[]) => number;
  readonly #memory: Int32Array;

  constructor(unrolled = UNROLLED_ROWS) {
    if (wasmApi === undefined) throw new Error("WebAssembly is not available");
    const instance = new wasmApi.Instance(new wasmApi.Module(assembleKernel(unrolled)), {});
    this.#count = instance.exports.count as (...args: number[]) => number;
    this.#memory = new Int32Array((instance.exports.memory as { buffer: ArrayBuffer }).buffer);
  }

  /**
   * Counts the completions of a compiled task.
   * @throws Error when the count passes 2^53 (no longer exact as a number; only conceivable for
   *   n >= 31, after years of counting one sub-problem)
   */
  count(task: WasmTaskView): number {
    const mem = this.#memory;
    const depth = task.depth;
    for (let d = 0; d + 1 < depth; d++) {
      mem[2 * d] = task.shift[d];
      mem[2 * d + 1] = task.rowMask[d + 1];
    }
    const count = this.#count(depth, task.ld, task.rd, task.col, task.full, task.rowMask[0]);
    if (count < 0) throw new Error("a sub-problem's count passed 2^53");
    return count;
  }
}

let shared: WasmKernel | null | undefined;

/** The thread's kernel instance, or null where WebAssembly is unavailable. */
export function wasmKernel(): WasmKernel | null {
  if (shared === undefined) {
    try {
      shared = wasmApi === undefined ? null : new WasmKernel();
    } catch {
      shared = null;
    }
  }
  return shared;
}
