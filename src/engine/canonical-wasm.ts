/**
 * **The canonical search's hot loop** as WebAssembly: the same recursion as canonical.ts's
 * `Search` (its readable version, which the tests compare this with, node for node), from the
 * same roots (`canonicalRoots`). The module is written below as text (`CANONICAL_FUNCS`, for
 * wasm-asm.ts) and shipped as its bytes (`MODULE`, base64): it has no constant that depends on n,
 * and assembling it at a count's start cost more than the count of n = 12 saves (loading the
 * assembler and running it cold: about 9 ms of CPU). canonical-wasm.test.ts assembles the text
 * and fails, printing the new bytes, when they are not `MODULE`.
 *
 * Why: the small counts (`nqueens count 12`, `13`, `14`) run once in a process that then exits,
 * so the JavaScript search runs mostly before V8 has optimised it (n = 12: 16 ms of CPU cold,
 * 5 ms warm). The module, 772 bytes, compiles in well under a millisecond, and even its first,
 * unoptimised code (V8's baseline compiler, before the optimising one takes over) runs faster than
 * cold JavaScript (docs/notes/2026-12-07-small-counts-wasm.md has the figures).
 *
 * Why it looks like this: the masks are i32 locals, the next row's masks computed on the stack;
 * the row before the last is a loop of its own (no call for the last row, which has one column
 * left), and a leaf calls `leaf` only where it passed every cut. The root's state lives in the
 * module's one page of memory:
 *
 * | address         | holds                                                      |
 * | --------------- | ---------------------------------------------------------- |
 * | 0 + 4r          | off[r], the root's extra exclusions of row r (i32)         |
 * | 128 + 4r        | P[r], the column of row r's queen as placed (i32)          |
 * | 256 + 4c        | Q[c], the inverse permutation at a leaf (i32)              |
 * | 512 ... 532     | all, last, sideRow, sides, ties, b (i32)                   |
 * | 544 + 8 size    | classes found of size 2, 4 and 8 (i64)                     |
 *
 * Functions: `place(r, used, left, right) -> i64` the nodes below (exported); `leaf()` a full
 * placement, counted by its class size when canonical; `classSize() -> i32` 8, 4, 2, or 0 for a
 * placement that is not the least of its images.
 */
import {
  type CanonicalCounts,
  canonicalCounts,
  canonicalRoots,
  checkCanonicalN,
  countCanonical,
} from "./canonical.js";
import type { FuncSpec, MemorySpec } from "./wasm-asm.js";

const OFF = 0;
const COLS = 128;
const ROWS = 256;
const ALL = 512;
const LAST = 516;
const SIDE_ROW = 520;
const SIDES = 524;
const TIES = 528;
const B = 532;
const CLASSES = 544;

/** `load(ADDR)`: an i32 of the root's state. */
const load = (address: number) => `i32.const 0 i32.load offset=${address}`;

/** The next row's free squares, of row r + 1, from the masks with `bit` placed (on the stack). */
const childFree = `
  local.get $all
  local.get $used local.get $bit i32.or
  local.get $left local.get $bit i32.or i32.const 1 i32.shl i32.or
  local.get $right local.get $bit i32.or i32.const 1 i32.shr_u i32.or
  local.get $r i32.const 2 i32.shl i32.load offset=${OFF + 4} i32.or
  i32.const -1 i32.xor i32.and`;

/** Takes the lowest square of $free into $bit, and writes its column as P[r]. */
const takeLowest = `
  local.get $free i32.const 0 local.get $free i32.sub i32.and local.set $bit
  local.get $free local.get $bit i32.xor local.set $free
  local.get $r i32.const 2 i32.shl local.get $bit i32.ctz i32.store offset=${COLS}
  local.get $nodes i64.const 1 i64.add local.set $nodes`;

const place: FuncSpec = {
  name: "place",
  export: true,
  params: { r: "i32", used: "i32", left: "i32", right: "i32" },
  results: ["i64"],
  locals: { free: "i32", bit: "i32", next: "i32", missing: "i32", all: "i32", nodes: "i64" },
  body: `
  ${load(ALL)} local.tee $all
  local.get $used local.get $left i32.or local.get $right i32.or
  local.get $r i32.const 2 i32.shl i32.load offset=${OFF} i32.or
  i32.const -1 i32.xor i32.and local.set $free
  ;; the side row: a side column still empty must be taken here, and not both can be
  block $side
    local.get $r ${load(SIDE_ROW)} i32.ne br_if $side
    ${load(SIDES)} local.get $used i32.const -1 i32.xor i32.and local.tee $missing
    ${load(SIDES)} i32.eq
    if i64.const 0 return end
    local.get $missing i32.eqz br_if $side
    local.get $free local.get $missing i32.and local.set $free
  end
  ;; the row before the last: its children are leaves, found without a call
  local.get $r ${load(LAST)} i32.const 1 i32.sub i32.eq
  if
    block $done loop $each
      local.get $free i32.eqz br_if $done
      ${takeLowest}
      ${childFree} local.tee $next
      if
        local.get $r i32.const 2 i32.shl local.get $next i32.ctz i32.store offset=${COLS + 4}
        local.get $nodes i64.const 1 i64.add local.set $nodes
        call $leaf
      end
      br $each
    end end
    local.get $nodes return
  end
  block $done loop $each
    local.get $free i32.eqz br_if $done
    ${takeLowest}
    local.get $r i32.const 1 i32.add
    local.get $used local.get $bit i32.or
    local.get $left local.get $bit i32.or i32.const 1 i32.shl local.get $all i32.and
    local.get $right local.get $bit i32.or i32.const 1 i32.shr_u
    call $place
    local.get $nodes i64.add local.set $nodes
    br $each
  end end
  local.get $nodes`,
};

/** `P[x]`: an i32 of the placement. */
const col = (index: string) => `${index} i32.const 2 i32.shl i32.load offset=${COLS}`;

const leaf: FuncSpec = {
  name: "leaf",
  params: {},
  locals: { size: "i32", last: "i32", hi: "i32", b: "i32", v: "i32" },
  body: `
  i32.const 8 local.set $size
  block $counted
    ${load(TIES)} i32.eqz br_if $counted
    ${load(LAST)} local.tee $last ${load(B)} local.tee $b i32.sub local.set $hi
    ;; another edge queen at the least distance b: the bottom row's, or a side column's
    block $tie
      local.get $b local.get $hi i32.eq br_if $tie
      ${col("local.get $last")} local.tee $v local.get $b i32.eq br_if $tie
      local.get $v local.get $hi i32.eq br_if $tie
      ${col("local.get $b")} local.tee $v i32.eqz br_if $tie
      local.get $v local.get $last i32.eq br_if $tie
      ${col("local.get $hi")} local.tee $v i32.eqz br_if $tie
      local.get $v local.get $last i32.eq br_if $tie
      br $counted
    end
    call $classSize local.tee $size i32.eqz
    if return end
  end
  local.get $size i32.const 3 i32.shl
  local.get $size i32.const 3 i32.shl i64.load offset=${CLASSES} i64.const 1 i64.add
  i64.store offset=${CLASSES}`,
};

const classSize: FuncSpec = {
  name: "classSize",
  params: {},
  results: ["i32"],
  locals: {
    r: "i32",
    n: "i32",
    last: "i32",
    k: "i32",
    a: "i32",
    x: "i32",
    v: "i32",
    p: "i32",
    fixed: "i32",
  },
  body: `
  ${load(LAST)} local.tee $last i32.const 1 i32.add local.set $n
  ;; Q, the inverse of P
  block $done loop $each
    local.get $r local.get $n i32.eq br_if $done
    ${col("local.get $r")} i32.const 2 i32.shl local.get $r i32.store offset=${ROWS}
    local.get $r i32.const 1 i32.add local.set $r
    br $each
  end end
  ;; image k = 1..7: P or Q (bit 4), read backwards (bit 2), columns mirrored (bit 1)
  i32.const 1 local.set $fixed
  i32.const 1 local.set $k
  block $images loop $image
    local.get $k i32.const 8 i32.eq br_if $images
    i32.const ${ROWS} i32.const ${COLS} local.get $k i32.const 4 i32.and select local.set $a
    i32.const 0 local.set $x
    block $same block $differ loop $read
      local.get $x local.get $n i32.eq br_if $same
      local.get $a
      local.get $last local.get $x i32.sub local.get $x local.get $k i32.const 2 i32.and select
      i32.const 2 i32.shl i32.add i32.load local.set $v
      local.get $last local.get $v i32.sub local.get $v local.get $k i32.const 1 i32.and select
      local.tee $v ${col("local.get $x")} local.tee $p i32.ne br_if $differ
      local.get $x i32.const 1 i32.add local.set $x
      br $read
    end end
      ;; the first entry that differs: an image that reads less means P is not canonical
      local.get $v local.get $p i32.lt_s
      if i32.const 0 return end
      local.get $k i32.const 1 i32.add local.set $k
      br $image
    end
    ;; an image equal to P: a symmetry of the placement
    local.get $fixed i32.const 1 i32.add local.set $fixed
    local.get $k i32.const 1 i32.add local.set $k
    br $image
  end end
  i32.const 8 local.get $fixed i32.div_u`,
};

/** The module's functions, in order, as text, and its memory: one page. */
export const CANONICAL_FUNCS: readonly FuncSpec[] = [place, leaf, classSize];
export const CANONICAL_MEMORY: MemorySpec = { initialPages: 1, maximumPages: 1 };

/** `assemble(CANONICAL_MEMORY, CANONICAL_FUNCS)`, base64 (checked by the tests). */
const MODULE =
  "AGFzbQEAAAABEANgBH9/f38BfmAAAGAAAX8CEAEDZW52Bm1lbW9yeQIBAQEDBAMAAQIHCQEFcGxhY2UAAArEBQO8AgYBfwF/AX8BfwF/AX5BACgCgAQiCCABIAJyIANyIABBAnQoAgByQX9zcSEEAkAgAEEAKAKIBEcNAEEAKAKMBCABQX9zcSIHQQAoAowERgRAQgAPCyAHRQ0AIAQgB3EhBAsgAEEAKAKEBEEBa0YEQAJAA0AgBEUNASAEQQAgBGtxIQUgBCAFcyEEIABBAnQgBWg2AoABIAlCAXwhCSAIIAEgBXIgAiAFckEBdHIgAyAFckEBdnIgAEECdCgCBHJBf3NxIgYEQCAAQQJ0IAZoNgKEASAJQgF8IQkQAQsMAAsLIAkPCwJAA0AgBEUNASAEQQAgBGtxIQUgBCAFcyEEIABBAnQgBWg2AoABIAlCAXwhCSAAQQFqIAEgBXIgAiAFckEBdCAIcSADIAVyQQF2EAAgCXwhCQwACwsgCQuaAQUBfwF/AX8BfwF/QQghAAJAQQAoApAERQ0AQQAoAoQEIgFBACgClAQiA2shAgJAIAMgAkYNACABQQJ0KAKAASIEIANGDQAgBCACRg0AIANBAnQoAoABIgRFDQAgBCABRg0AIAJBAnQoAoABIgRFDQAgBCABRg0ADAELEAIiAEUEQA8LCyAAQQN0IABBA3QpA6AEQgF8NwOgBAvnAQkBfwF/AX8BfwF/AX8BfwF/AX9BACgChAQiAkEBaiEBAkADQCAAIAFGDQEgAEECdCgCgAFBAnQgADYCgAIgAEEBaiEADAALC0EBIQhBASEDAkADQCADQQhGDQFBgAJBgAEgA0EEcRshBEEAIQUCQAJAA0AgBSABRg0CIAQgAiAFayAFIANBAnEbQQJ0aigCACEGIAIgBmsgBiADQQFxGyIGIAVBAnQoAoABIgdHDQEgBUEBaiEFDAALCyAGIAdIBEBBAA8LIANBAWohAwwBCyAIQQFqIQggA0EBaiEDDAALC0EIIAhuCw==";

/** The module's bytes. */
export function canonicalModule(): Uint8Array {
  return Uint8Array.from(atob(MODULE), (c) => c.charCodeAt(0));
}

/** The part of the WebAssembly API used here (lib "dom" is not part of this build). */
interface WasmApi {
  Memory: new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

/** The module's instance over its page: built on the first count, kept for the process. */
interface Searcher {
  readonly place: (r: number, used: number, left: number, right: number) => bigint;
  readonly i32: Int32Array;
  readonly i64: BigInt64Array;
}

let searcher: Searcher | undefined;

function searcherNow(): Searcher {
  if (searcher !== undefined) return searcher;
  const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
  const { initialPages: initial, maximumPages: maximum } = CANONICAL_MEMORY;
  const memory = new wasm.Memory({ initial, maximum });
  const exports = new wasm.Instance(new wasm.Module(canonicalModule()), { env: { memory } })
    .exports;
  searcher = {
    place: exports.place as Searcher["place"],
    i32: new Int32Array(memory.buffer),
    i64: new BigInt64Array(memory.buffer),
  };
  return searcher;
}

/**
 * `countCanonical` (canonical.ts) run as WebAssembly: the same counts and nodes, faster.
 * @throws RangeError for an n it cannot count (1 to 31)
 * @example countCanonicalWasm(8) // { total: 92n, unique: 12n, nodes: 513, ... }
 */
export function countCanonicalWasm(n: number): CanonicalCounts {
  checkCanonicalN(n);
  // Below 4 the first call is at the last row or the one before, where `place` never starts.
  if (n < 4) return countCanonical(n);
  const { place: search, i32, i64 } = searcherNow();
  i32.fill(0);
  i32[ALL / 4] = (2 ** n - 1) | 0;
  i32[LAST / 4] = n - 1;
  i32[SIDES / 4] = 1 | (1 << (n - 1));
  let nodes = 0;
  for (const root of canonicalRoots(n)) {
    i32.set(root.off, OFF / 4);
    i32[SIDE_ROW / 4] = root.sideRow;
    i32[TIES / 4] = root.ties ? 1 : 0;
    i32[B / 4] = root.b;
    i32[COLS / 4] = root.b;
    nodes += Number(search(1, root.used, root.left, root.right));
  }
  const classes = (size: number) => Number(i64[(CLASSES + 8 * size) / 8]);
  return canonicalCounts(classes(2), classes(4), classes(8), nodes);
}
