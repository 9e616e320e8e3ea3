/**
 * **The join's hot loops**, assembled as WebAssembly (join/asm.ts) for one board size at a time,
 * with the table addresses and widths baked in as constants:
 *
 * - `genW` / `genE`: the join of quadrant entries into half-boards. For each column set cw of the
 *   north-west quadrant (a list of candidates), the entries with rows `rn` and columns cw are paired
 *   with the south-west entries with rows `rs` and the remaining columns; pairs that attack each
 *   other, or a preset queen, are dropped. Each half-board is written as a 64-bit key: the
 *   diagonals and anti-diagonals that a queen of the other half could share (the "window",
 *   `wb` bits each; the rest can never meet the other half), and 3 class bits (join/solve.ts).
 *   `genE` writes the key of the mirror image (an east half-board is a west one mirrored, which
 *   swaps diagonals and anti-diagonals). `kx` is OR'd into every key: the bits of a preset queen
 *   that belongs to this half (the middle row's, odd n), which the other half must not meet.
 * - `stats`: how often each key bit is set (on a sample), to choose the partition bits.
 * - `fillRow`: the whole quadrant table, a rowset at a time (join/quadrants.ts).
 * - `classes`, `only`: the class bytes of a list of column sets, and the sets of one class
 *   (join/solve.ts).
 * - `bytes`: the byte tables of a partition, from each key bit's share (join/partition.ts).
 * - `classify`, `prefix`, `scatterA`, `scatterB`: group the keys by their partition bits (a
 *   pattern of k bits) and squeeze the other bits into a compact key of up to 48 bits; the A
 *   side sorted by pattern, the B side as byte planes.
 * - `count4|5|6`: **the bulk pair count**. For each block of up to 128 B keys with pattern q,
 *   their compact keys are transposed into bit slices (`i8x16.bitmask`), and the slices combined
 *   into lookup tables, one per 8 bits of key, of the OR of the slices of each subset of those
 *   bits ("four Russians"); then each A key whose pattern is disjoint from q (the submasks of
 *   ~q: the partition skips the rest) looks up 4, 5 or 6 table rows and ORs them: the 128 bits
 *   say which of the block's keys it meets. `i8x16.popcnt` counts them. 128 pairs cost ~20
 *   instructions, and the partition skips about 5/6 of the blocks (n = 20).
 * - `direct`: the plain pair loop, for short lists.
 * - `choose` and `pairs`: a whole pair count in one call (short lists by `direct`; else the
 *   sample's bit counts, the partition, grouping and the bulk count), as join/partition.ts and
 *   join/kernel.ts describe it.
 * - `middleOf`: a whole kind-1 item of odd n in one call, as join/solve.ts `solveMiddleSlowly`
 *   does it in steps.
 * - `evenItem` and `evenOf`: a whole even-like item in one call (its classes, half-boards and
 *   pairs, less the pairs of weight 1), as join/solve.ts `solveEvenSlowly` does it in steps.
 *   They spare n = 16's 3,300 items the JavaScript between the steps, which V8 would otherwise
 *   compile, optimized, on a thread of its own while the count runs.
 *
 * The readable version of all this is join/reference.ts (the tests compare the two), and of the
 * one-call functions the JavaScript that calls the steps one by one.
 */
import { assemble, type FuncSpec } from "./asm.js";
import type { KernelLayout } from "./layout.js";
import { BLOCK } from "./memory.js";

/**
 * Text of the four-at-a-time entry test: `$m` gets one bit per entry at `$q` (of the four whose
 * diagonals start there, anti-diagonals `delta` bytes on) that meets neither `dMask` nor `aMask`;
 * with `end`, the bits past the list's end `$j1` cleared (uses `$t`). Without it, the entries
 * past the end must fail the test (the scratch lists end with SENTINEL entries).
 */
function disjointFour(dMask: string, aMask: string, delta: number, end: boolean): string {
  const test = `
    local.get ${dMask} local.get $q v128.load v128.and
    local.get ${aMask} local.get $q v128.load offset=${delta} v128.and v128.or
    v128.zero i32x4.eq i32x4.bitmask local.set $m`;
  if (!end) return test;
  return `${test}
    local.get $j1 local.get $q i32.sub local.tee $t i32.const 16 i32.lt_u
    if
      local.get $m i32.const -1 local.get $t i32.const 2 i32.shr_u i32.shl i32.const -1 i32.xor
      i32.and local.set $m
    end`;
}

/**
 * A diagonal bit no quadrant entry has (they have 2h - 1 <= 25): three scratch entries past each
 * list hold it as their diagonals, and so does every entry the inner loop of the join tests
 * against them, so that the entries past a list's end fail the test without a check of the end.
 */
const SENTINEL = "0x80000000";

/**
 * The entries of a quadrant group from `$q` to `$j1` that meet no preset (`$f1`, `$f2`: splatted
 * masks), into a scratch area at `dst` (their test values; the second array `delta` further) with
 * their key shares at `keys` + 2 * (offset in the area), and three SENTINEL entries after them;
 * leaves the end of the copies in `$y`. `shift` moves north-west entries into the south-west's
 * coordinates (the pair test needs both there).
 */
function prepass(delta: number, dst: number, keys: number, shift: number, share: string): string {
  return `
    i32.const ${dst} local.set $y
    loop $pre
      ${disjointFour("$f1", "$f2", delta, true)}
      block $kept loop $keep
        local.get $m i32.eqz br_if $kept
        local.get $q local.get $m i32.ctz i32.const 2 i32.shl i32.add local.tee $t i32.load local.set $yd
        local.get $t i32.load offset=${delta} local.set $ya
        local.get $y local.get $yd ${shift ? `i32.const ${shift} i32.shr_u` : ""} i32.store
        local.get $y local.get $ya ${shift ? `i32.const ${shift} i32.shr_u` : ""} i32.store offset=${delta}
        local.get $y i32.const ${dst} i32.sub i32.const 1 i32.shl ${share} i64.store offset=${keys}
        local.get $y i32.const 4 i32.add local.set $y
        local.get $m local.get $m i32.const 1 i32.sub i32.and local.set $m
        br $keep
      end end
      local.get $q i32.const 16 i32.add local.tee $q local.get $j1 i32.lt_u br_if $pre
    end
    local.get $y i32.const ${SENTINEL} i32.store
    local.get $y i32.const ${SENTINEL} i32.store offset=4
    local.get $y i32.const ${SENTINEL} i32.store offset=8`;
}

/**
 * Writes the keys of the four candidates at `$kq` whose bits are set in `$m` to `$o`, without a
 * branch: each lane's key is stored at `$o`, and `$o` moves on only when the lane's bit is set.
 * A quarter or less of the candidates survive, in no predictable pattern, and a branch per key
 * cost more than the stores; up to three keys past the last are written (lists have room for them:
 * LIST_SLACK in join/memory.ts).
 */
function emitFour(): string {
  let text = "";
  for (let lane = 0; lane < 4; lane++) {
    const bit = lane === 0 ? "local.get $m" : `local.get $m i32.const ${lane} i32.shr_u`;
    text += `
      local.get $o local.get $kq i64.load offset=${8 * lane} local.get $kn i64.or i64.store
      local.get $o ${bit} i32.const 1 i32.and i32.const 3 i32.shl i32.add local.set $o`;
  }
  return text;
}

function genBody(L: KernelLayout, swap: boolean): string {
  const mask = `0x${((1n << BigInt(L.wb)) - 1n).toString(16)}`;
  const delta = L.qa - L.qd; // an entry's anti-diagonals sit this far past its diagonals
  // Window bits: D = (NW diagonals | SW diagonals << r0s) & mask, A = NW anti >> r0s | SW anti;
  // key = D | A << wb (east: A | D << wb). Each entry's share is computed once, in the prepass.
  const up = `i64.const ${L.wb} i64.shl`;
  const d = (shift: string) =>
    `local.get $yd i64.extend_i32_u ${shift} i64.const ${mask} i64.and ${swap ? up : ""}`;
  const a = (shift: string) => `local.get $ya ${shift} i64.extend_i32_u ${swap ? "" : up}`;
  const swShare = `${d(`i64.const ${L.r0s} i64.shl`)} ${a("")} i64.or`;
  const nwShare = `${d("")} ${a(`i32.const ${L.r0s} i32.shr_u`)} i64.or`;
  const [s1, s2] = [L.scratch, L.scratch + L.scratchRoom];
  const [k1, k2] = [L.scratchKeys, L.scratchKeys + 2 * L.scratchRoom];
  return `
    local.get $out local.set $o
    i32.const 0 local.set $ci
    block $done loop $combo
      local.get $ci local.get $nc i32.ge_u br_if $done
      local.get $combos local.get $ci i32.const 1 i32.shl i32.add i32.load16_u local.set $cw
      local.get $ci i32.const 1 i32.add local.set $ci
      ;; the groups: north-west rows rn, columns cw; south-west rows rs, the other columns
      local.get $rn i32.const ${L.h} i32.shl local.get $cw i32.or i32.const 2 i32.shl
      i32.const ${L.qstart} i32.add local.tee $p i32.load local.set $i
      local.get $p i32.load offset=4 local.set $i1
      local.get $i local.get $i1 i32.ge_u br_if $combo
      local.get $rs i32.const ${L.h} i32.shl local.get $cols local.get $cw i32.xor i32.or
      i32.const 2 i32.shl i32.const ${L.qstart} i32.add local.tee $p i32.load local.set $j0
      local.get $p i32.load offset=4 local.set $p
      local.get $j0 local.get $p i32.ge_u br_if $combo
      ;; prepasses: each group's entries that meet no preset, with their key shares
      local.get $fnd i32x4.splat local.set $f1
      local.get $fna i32x4.splat local.set $f2
      local.get $i i32.const 2 i32.shl i32.const ${L.qd} i32.add local.set $q
      local.get $i1 i32.const 2 i32.shl i32.const ${L.qd} i32.add local.set $j1
      ${prepass(delta, s1, k1, L.r0s, nwShare)}
      local.get $y local.set $e1
      local.get $e1 i32.const ${s1} i32.le_u br_if $combo
      local.get $fsd i32x4.splat local.set $f1
      local.get $fsa i32x4.splat local.set $f2
      local.get $j0 i32.const 2 i32.shl i32.const ${L.qd} i32.add local.set $q
      local.get $p i32.const 2 i32.shl i32.const ${L.qd} i32.add local.set $j1
      ${prepass(delta, s2, k2, 0, swShare)}
      local.get $y local.set $e2
      local.get $e2 i32.const ${s2} i32.le_u br_if $combo
      local.get $cls local.get $cw i32.add i64.load8_u i64.const ${2 * L.wb} i64.shl local.get $kx i64.or local.set $cl
      ;; the shorter list outside, the longer inside, four at a time
      local.get $e1 i32.const ${s1} i32.sub local.get $e2 i32.const ${s2} i32.sub i32.le_u
      if
        i32.const ${s1} local.set $p local.get $e1 local.set $i1
        i32.const ${s2} local.set $j0 local.get $e2 local.set $j1
        i32.const ${k1} local.set $ko i32.const ${k2} local.set $ki
      else
        i32.const ${s2} local.set $p local.get $e2 local.set $i1
        i32.const ${s1} local.set $j0 local.get $e1 local.set $j1
        i32.const ${k2} local.set $ko i32.const ${k1} local.set $ki
      end
      local.get $p local.set $so
      loop $outer
        local.get $p i32.load i32.const ${SENTINEL} i32.or i32x4.splat local.set $xd
        local.get $p i32.load offset=${delta} i32x4.splat local.set $xa
        local.get $p local.get $so i32.sub i32.const 1 i32.shl local.get $ko i32.add i64.load
        local.get $cl i64.or local.set $kn
        local.get $j0 local.set $q
        local.get $ki local.set $kq
        loop $inner
          ${disjointFour("$xd", "$xa", delta, false)}
          ${emitFour()}
          local.get $kq i32.const 32 i32.add local.set $kq
          local.get $q i32.const 16 i32.add local.tee $q local.get $j1 i32.lt_u br_if $inner
        end
        local.get $p i32.const 4 i32.add local.tee $p local.get $i1 i32.lt_u br_if $outer
      end
      br $combo
    end end
    local.get $o local.get $out i32.sub i32.const 3 i32.shr_u`;
}

const GEN_PARAMS = {
  rn: "i32",
  rs: "i32",
  combos: "i32",
  nc: "i32",
  cols: "i32",
  fnd: "i32",
  fna: "i32",
  fsd: "i32",
  fsa: "i32",
  cls: "i32",
  kx: "i64",
  out: "i32",
} as const;

const GEN_LOCALS = {
  o: "i32",
  ci: "i32",
  cw: "i32",
  p: "i32",
  i: "i32",
  i1: "i32",
  j1: "i32",
  q: "i32",
  dl: "i32",
  al: "i32",
  xd: "v128",
  xa: "v128",
  f1: "v128",
  f2: "v128",
  j0: "i32",
  e1: "i32",
  e2: "i32",
  so: "i32",
  ko: "i32",
  ki: "i32",
  kq: "i32",
  m: "i32",
  t: "i32",
  y: "i32",
  yd: "i32",
  ya: "i32",
  kn: "i64",
  cl: "i64",
} as const;

/** Bytes per sorted A key: 4 u16 offsets, or 6 (padded to 8). */
const aStride = (chunks: number) => (chunks <= 4 ? 8 : 16);

/** Transposes the block at `$blk` (byte planes) into 8 * chunks slices of 128 bits. */
function transposeText(L: KernelLayout, chunks: number): string {
  let text = "";
  for (let j = 0; j < chunks; j++) {
    text += ` local.get $blk i32.const ${j} local.get $stride i32.mul i32.add local.set $pp
      i32.const 0 local.set $t
      loop $tr
        local.get $pp local.get $t i32.const 4 i32.shl i32.add v128.load local.set $v`;
    for (let b = 7; b >= 0; b--) {
      text += ` i32.const ${L.slices + (8 * j + b) * 16} local.get $t i32.const 1 i32.shl i32.add
        local.get $v i8x16.bitmask i32.store16`;
      if (b > 0) text += " local.get $v i32.const 1 i8x16.shl local.set $v";
    }
    text += ` local.get $t i32.const 1 i32.add local.tee $t i32.const 8 i32.lt_u br_if $tr
      end`;
  }
  return text;
}

/**
 * Builds the four-Russians tables (at L.tabs) from the slices: T_c[2^b + v] = T_c[v] | slice(8c+b),
 * four entries per iteration; T_0[0] holds the invalid lanes `$inv`.
 */
function tablesText(L: KernelLayout, chunks: number): string {
  const tabs = L.tabs;
  let text = "";
  for (let c = 0; c < chunks; c++) {
    const base = tabs + 4096 * c;
    text += ` i32.const ${base} ${c === 0 ? "local.get $inv" : "v128.zero"} v128.store`;
    for (let b = 0; b < 8; b++) {
      const row = (v: number) =>
        ` i32.const ${base + 16 * ((1 << b) + v)} i32.const ${base + 16 * v} v128.load local.get $v v128.or v128.store`;
      text += ` i32.const ${L.slices + (8 * c + b) * 16} v128.load local.set $v`;
      if (b < 2) {
        for (let v = 0; v < 1 << b; v++) text += row(v);
        continue;
      }
      text += `
        i32.const ${base} local.set $pp
        loop $tb
          local.get $pp local.get $pp v128.load local.get $v v128.or v128.store offset=${16 << b}
          local.get $pp local.get $pp v128.load offset=16 local.get $v v128.or v128.store offset=${(16 << b) + 16}
          local.get $pp local.get $pp v128.load offset=32 local.get $v v128.or v128.store offset=${(16 << b) + 32}
          local.get $pp local.get $pp v128.load offset=48 local.get $v v128.or v128.store offset=${(16 << b) + 48}
          local.get $pp i32.const 64 i32.add local.tee $pp i32.const ${base + (16 << b)} i32.lt_u br_if $tb
        end`;
    }
  }
  return text;
}

/** `$inv`: the lanes of a block past its `$t` keys (all lanes valid when $t >= 128). */
const INVALID = `
  local.get $t i32.const ${BLOCK} i32.ge_u
  if
    v128.zero local.set $inv
  else
    local.get $t i32.const 64 i32.ge_u
    if
      i64.const 0 i64x2.splat
      i64.const -1 local.get $t i32.const 64 i32.sub i64.extend_i32_u i64.shl
      i64x2.replace_lane 1 local.set $inv
    else
      i64.const -1 local.get $t i64.extend_i32_u i64.shl i64x2.splat
      i64.const -1 i64x2.replace_lane 1 local.set $inv
    end
  end`;

/**
 * The OR of the table rows (in the tables at `tabs`) of the A key at `$a`: whole rows (v128), or
 * with `lanes` 64 their low halves (i64).
 */
function rows(chunks: number, tabs: number, lanes: 64 | 128): string {
  const [load, or] = lanes === 128 ? ["v128.load", "v128.or"] : ["i64.load", "i64.or"];
  let text = "";
  for (let c = 0; c < chunks; c++) {
    text += ` local.get $a i32.load16_u offset=${2 * c} ${load} offset=${tabs + 4096 * c}`;
    if (c > 0) text += ` ${or}`;
  }
  return text;
}

/**
 * Visits of the A keys of every group p with p & q = 0 (the submasks of `$comp`) against the
 * block's tables: all 128 lanes, or with `lanes` 64 (a block of up to 64 keys: at n = 20, 41% of
 * the blocks and half the visits) the low 64 only, by scalar loads and one popcount. (Two blocks
 * per visit, sharing the A key's loads, measured 7% more instructions: the larger function
 * compiles worse.)
 */
function visitsText(L: KernelLayout, chunks: number, lanes: 64 | 128): string {
  const stride = aStride(chunks);
  const popcount =
    lanes === 128
      ? "local.tee $v i64x2.extract_lane 0 i64.popcnt local.get $v i64x2.extract_lane 1 i64.popcnt i64.add i64.add"
      : "i64.popcnt i64.add";
  const vis = lanes === 128 ? "$vis" : "$vis64";
  const row = rows(chunks, L.tabs, lanes);
  return `
    local.get $comp local.set $pat
    block $subdone loop $sub
      local.get $ga local.get $pat i32.const 2 i32.shl i32.add local.tee $pp i32.load local.set $lo
      local.get $pp i32.load offset=4 local.set $hi
      block $empty
        local.get $lo local.get $hi i32.ge_u br_if $empty
        local.get ${vis} local.get $hi local.get $lo i32.sub i64.extend_i32_u i64.add local.set ${vis}
        local.get $as local.get $lo i32.const ${Math.log2(stride)} i32.shl i32.add local.set $a
        local.get $as local.get $hi i32.const ${Math.log2(stride)} i32.shl i32.add local.set $aend
        ;; two A keys per iteration, then the odd one
        local.get $aend i32.const ${stride} i32.sub local.set $last
        block $pairs
          local.get $a local.get $last i32.ge_u br_if $pairs
          loop $visit
            local.get $conf ${row} ${popcount}
            local.get $a i32.const ${stride} i32.add local.set $a
            ${row} ${popcount} local.set $conf
            local.get $a i32.const ${stride} i32.add local.tee $a local.get $last i32.lt_u br_if $visit
          end
        end
        local.get $a local.get $aend i32.lt_u
        if
          local.get $conf ${row} ${popcount} local.set $conf
        end
      end
      local.get $pat i32.eqz br_if $subdone
      local.get $pat i32.const 1 i32.sub local.get $comp i32.and local.set $pat
      br $sub
    end end`;
}

function countBody(L: KernelLayout, chunks: number): string {
  return `
    i64.const 0 local.set $conf
    i64.const 0 local.set $vis
    i64.const 0 local.set $vis64
    i32.const 0 local.set $qq
    block $gdone loop $group
      local.get $qq local.get $g i32.ge_u br_if $gdone
      local.get $gb local.get $qq i32.const 2 i32.shl i32.add local.tee $pp i32.load local.set $s
      local.get $pp i32.load offset=4 local.set $e
      local.get $g i32.const 1 i32.sub local.get $qq i32.const -1 i32.xor i32.and local.set $comp
      local.get $qq i32.const 1 i32.add local.set $qq
      ;; a group that no A key can meet is skipped before its blocks' tables are built (at n = 20,
      ;; 7% of the blocks)
      block $some
        local.get $comp local.set $pat
        loop $probe
          local.get $ga local.get $pat i32.const 2 i32.shl i32.add local.tee $pp i32.load offset=4
          local.get $pp i32.load i32.gt_u br_if $some
          local.get $pat i32.eqz br_if $group
          local.get $pat i32.const 1 i32.sub local.get $comp i32.and local.set $pat
          br $probe
        end
      end
      block $bdone loop $block
        local.get $s local.get $e i32.ge_u br_if $bdone
        local.get $e local.get $s i32.sub local.set $t ${INVALID}
        local.get $planes local.get $s i32.add local.set $blk
        ${transposeText(L, chunks)} ${tablesText(L, chunks)}
        local.get $e local.get $s i32.sub i32.const 64 i32.le_u
        if ${visitsText(L, chunks, 64)} else ${visitsText(L, chunks, 128)} end
        local.get $s i32.const ${BLOCK} i32.add local.set $s
        br $block
      end end
      br $group
    end end
    local.get $vis i64.const 7 i64.shl local.get $vis64 i64.const 6 i64.shl i64.add
    local.get $conf i64.sub`;
}

/** A count function for keys of up to 8 * chunks bits. */
function countSpec(L: KernelLayout, chunks: number): FuncSpec {
  const body = countBody(L, chunks);
  return {
    name: `count${chunks}`,
    export: true,
    params: { g: "i32", ga: "i32", gb: "i32", as: "i32", planes: "i32", stride: "i32" },
    results: ["i64"],
    locals: {
      qq: "i32",
      s: "i32",
      e: "i32",
      t: "i32",
      comp: "i32",
      pat: "i32",
      pp: "i32",
      blk: "i32",
      lo: "i32",
      hi: "i32",
      a: "i32",
      aend: "i32",
      last: "i32",
      conf: "i64",
      vis: "i64",
      vis64: "i64",
      v: "v128",
      inv: "v128",
    },
    body,
  };
}

const STATS_LOCALS = {
  p: "i32",
  end: "i32",
  left: "i32",
  x: "v128",
  sel: "v128",
  ...Object.fromEntries(
    [0, 1, 2, 3].flatMap((r) => [
      [`c${r}`, "v128"],
      [`i${r}`, "v128"],
    ]),
  ),
} as const;

/**
 * `stats`: for every `step`-th key, each set bit j adds 1 to the u32 `out[j]`. Sixty-four byte
 * counters in four vectors: `$c<r>` lane L counts bit 16r + L. Each key is splat into a vector,
 * its bytes 2r and 2r + 1 spread over the lanes of `$c<r>` (`$i<r>`: byte 2r in lanes 0..7, 2r + 1
 * in 8..15), ANDed with the lane's bit (`$sel`: 1, 2, .., 128 twice), and where it is set
 * (`i8x16.eq`: -1) the counter goes up by one. The counters are added into `out` every 255 keys,
 * before a byte overflows. (A loop over the set bits, its branch taken in no predictable pattern,
 * took 6% of n = 16's profile; this takes under 1%.)
 */
function statsBody(): string {
  const bytes = (b: number) => `0x${(BigInt(b) * 0x0101010101010101n).toString(16)}`;
  let text = `
    i64.const 0x8040201008040201 i64x2.splat local.set $sel`;
  for (let r = 0; r < 4; r++) {
    text += ` i64.const ${bytes(2 * r)} i64x2.splat i64.const ${bytes(2 * r + 1)}
      i64x2.replace_lane 1 local.set $i${r}`;
  }
  text += `
    local.get $keys local.get $n i32.const 3 i32.shl i32.add local.set $end
    local.get $keys local.set $p
    local.get $step i32.const 3 i32.shl local.set $step
    block $done loop $chunk
      local.get $p local.get $end i32.ge_u br_if $done
      v128.zero local.set $c0 v128.zero local.set $c1 v128.zero local.set $c2 v128.zero local.set $c3
      i32.const 255 local.set $left
      block $full loop $item
        local.get $p i64.load i64x2.splat local.set $x`;
  for (let r = 0; r < 4; r++) {
    text += `
        local.get $c${r} local.get $x local.get $i${r} i8x16.swizzle local.get $sel v128.and
        local.get $sel i8x16.eq i8x16.sub local.set $c${r}`;
  }
  text += `
        local.get $p local.get $step i32.add local.tee $p local.get $end i32.ge_u br_if $full
        local.get $left i32.const 1 i32.sub local.tee $left br_if $item
      end end`;
  for (let r = 0; r < 4; r++) {
    const wide = [
      "i16x8.extend_low_i8x16_u i32x4.extend_low_i16x8_u",
      "i16x8.extend_low_i8x16_u i32x4.extend_high_i16x8_u",
      "i16x8.extend_high_i8x16_u i32x4.extend_low_i16x8_u",
      "i16x8.extend_high_i8x16_u i32x4.extend_high_i16x8_u",
    ];
    wide.forEach((ops, q) => {
      const offset = 4 * (16 * r + 4 * q);
      text += `
      local.get $out local.get $out v128.load offset=${offset} local.get $c${r} ${ops}
      i32x4.add v128.store offset=${offset}`;
    });
  }
  return `${text}
      br $chunk
    end end`;
}

/**
 * The compact key's bytes (2..9 of the key that classify left in place at `$p`; an A key reads
 * its first 4 or 6) as table offsets for the pair count: u16 lanes of value * 16.
 */
const spreadBytes =
  "local.get $p i64.load offset=2 align=1 i64x2.splat i16x8.extend_low_i8x16_u i32.const 4 i16x8.shl";

/**
 * A loop over the u16 column sets of `$list` (`$len` of them): `$cw` each, `$u` the smaller of
 * it and its complement within h bits.
 */
function columnSetLoop(h: number): [string, string] {
  return [
    `
        local.get $list local.get $len i32.const 1 i32.shl i32.add local.set $end
        block $done loop $next
          local.get $list local.get $end i32.ge_u br_if $done
          local.get $list i32.load16_u local.tee $cw i32.const ${(1 << h) - 1} i32.xor local.tee $u
          local.get $cw local.get $u local.get $cw i32.lt_u select local.set $u`,
    `
          local.get $list i32.const 2 i32.add local.set $list
          br $next
        end end`,
  ];
}

/**
 * `fillRow`: the groups of one rowset of the whole quadrant table (join/quadrants.ts
 * `fillQuadrants`, the readable version, which the tests compare with this), its entries from
 * entry `$e` on; returns the next free entry. Every group (rows, cols) with as many columns as
 * rows is the parent groups (rows less its last row r, cols less one column c) whose entries
 * leave the square (r, c) free, each with that queen added. A call per rowset, from JavaScript,
 * so that V8 compiles this optimized after the first few (the loop of h = 10 runs 7.5 million
 * entries: a single call would run it all in the baseline compiler).
 */
function fillRowBody(L: KernelLayout): string {
  const { h, qstart, qd, qa } = L;
  return `
    local.get $rows i32.const ${h + 2} i32.shl i32.const ${qstart} i32.add local.set $base
    i32.const 31 local.get $rows i32.clz i32.sub local.set $r
    local.get $rows i32.const 1 local.get $r i32.shl i32.xor
    i32.const ${h + 2} i32.shl i32.const ${qstart} i32.add local.set $parent
    local.get $rows i32.popcnt local.set $queens
    i32.const 0 local.set $cols
    loop $col
      local.get $base local.get $cols i32.const 2 i32.shl i32.add local.get $e i32.store
      block $skip
        local.get $cols i32.popcnt local.get $queens i32.ne br_if $skip
        local.get $cols local.set $rest
        loop $queen
          local.get $rest i32.ctz local.set $c
          i32.const 1 local.get $r local.get $c i32.sub i32.const ${h - 1} i32.add i32.shl local.set $d
          i32.const 1 local.get $r local.get $c i32.add i32.shl local.set $a
          local.get $parent local.get $cols i32.const 1 local.get $c i32.shl i32.xor
          i32.const 2 i32.shl i32.add local.tee $from
          i32.load offset=4 i32.const 2 i32.shl local.set $to
          local.get $from i32.load i32.const 2 i32.shl local.set $x
          block $done loop $entry
            local.get $x local.get $to i32.ge_u br_if $done
            local.get $x i32.load offset=${qd} local.tee $t local.get $d i32.and
            local.get $x i32.load offset=${qa} local.tee $u local.get $a i32.and i32.or i32.eqz
            if
              local.get $e i32.const 2 i32.shl local.tee $w local.get $t local.get $d i32.or
              i32.store offset=${qd}
              local.get $w local.get $u local.get $a i32.or i32.store offset=${qa}
              local.get $e i32.const 1 i32.add local.set $e
            end
            local.get $x i32.const 4 i32.add local.set $x
            br $entry
          end end
          local.get $rest local.get $rest i32.const 1 i32.sub i32.and local.tee $rest br_if $queen
        end
      end
      local.get $cols i32.const 1 i32.add local.tee $cols i32.const ${1 << h} i32.lt_u br_if $col
    end
    local.get $e`;
}

/** Text that zeroes `bytes` bytes (a multiple of 16) at the address `at`. */
function zeroText(at: number, bytes: number): string {
  let text = "";
  for (let o = 0; o < bytes; o += 16) text += ` i32.const ${at} v128.zero v128.store offset=${o}`;
  return text;
}

/**
 * Text that loads entry `index` (text that leaves it on the stack) of the table of column-set
 * lists (L.listTable) into the locals `ptr` (byte address) and `len` (uses `$t`).
 */
function listText(L: KernelLayout, index: string, ptr: string, len: string): string {
  return `${index} i32.const 3 i32.shl local.tee $t i32.load offset=${L.listTable}
    local.set ${ptr} local.get $t i32.load offset=${L.listTable + 4} local.set ${len}`;
}

/**
 * `choose(bits, k)`: the partition of a pair count, as join/partition.ts `Partition.choose` (the
 * readable version, which the tests compare with this): the k of `bits` key bits with the
 * highest score (bit counts of list A times list B's), the last call's kept while each of its
 * bits scores at least 4/5 of the k-th best; else the shares of the new one written and the byte
 * tables rebuilt (`bytes`). Returns 1 when it rebuilt them. State at L.part: the roles of the
 * tables in memory (u8 by key bit, 255: compact), the new choice's, their bits and k, scores.
 */
function chooseBody(L: KernelLayout): string {
  const old = L.part;
  const next = L.part + 64;
  const bitsAt = L.part + 128;
  const kAt = L.part + 132;
  const score = L.part + 192;
  const zero = zeroText(L.shares, 512);
  let copy = "";
  for (let o = 0; o < 64; o += 16)
    copy += ` i32.const ${old} i32.const ${next} v128.load offset=${o} v128.store offset=${o}`;
  return `
    i32.const 0 local.set $j
    block $scored loop $score
      local.get $j local.get $bits i32.ge_u br_if $scored
      local.get $j i32.const 3 i32.shl
      local.get $j i32.const 2 i32.shl i32.load offset=${L.counts} i64.extend_i32_u
      local.get $j i32.const 2 i32.shl i32.load offset=${L.counts + 256} i64.extend_i32_u
      i64.mul i64.store offset=${score}
      local.get $j i32.const 255 i32.store8 offset=${next}
      local.get $j i32.const 1 i32.add local.set $j
      br $score
    end end
    ;; The k best, one at a time (ties: the lower bit); scores compared plus one, so 0 is below all.
    i64.const 0 local.set $kth
    i32.const 0 local.set $t
    block $picked loop $pick
      local.get $t local.get $k i32.ge_u br_if $picked
      i32.const -1 local.set $best
      i64.const 0 local.set $top
      i32.const 0 local.set $j
      block $scanned loop $scan
        local.get $j local.get $bits i32.ge_u br_if $scanned
        local.get $j i32.load8_u offset=${next} i32.const 255 i32.eq
        if
          local.get $j i32.const 3 i32.shl i64.load offset=${score} i64.const 1 i64.add local.tee $s
          local.get $top i64.gt_u
          if local.get $j local.set $best local.get $s local.set $top end
        end
        local.get $j i32.const 1 i32.add local.set $j
        br $scan
      end end
      local.get $best i32.const 0 i32.ge_s
      if local.get $best local.get $t i32.store8 offset=${next} end
      local.get $top i64.const 1 i64.sub local.set $kth
      local.get $t i32.const 1 i32.add local.set $t
      br $pick
    end end
    ;; The tables in memory stay when they have the same bits and k and each of their partition
    ;; bits scores at least 4/5 of the k-th best.
    i32.const ${bitsAt} i32.load local.get $bits i32.eq
    i32.const ${kAt} i32.load local.get $k i32.eq i32.and
    if
      i32.const 0 local.set $j
      block $rebuild loop $check
        local.get $j local.get $bits i32.ge_u if i32.const 0 return end
        local.get $j i32.load8_u offset=${old} i32.const 255 i32.ne
        local.get $j i32.const 3 i32.shl i64.load offset=${score} i64.const 5 i64.mul
        local.get $kth i64.const 4 i64.mul i64.lt_u i32.and br_if $rebuild
        local.get $j i32.const 1 i32.add local.set $j
        br $check
      end end
    end
    ${copy}
    i32.const ${bitsAt} local.get $bits i32.store
    i32.const ${kAt} local.get $k i32.store
    ;; Key bit j adds 1 << its partition bit, or 1 << (16 + c) for the c-th compact bit.
    ${zero}
    i32.const 16 local.set $c
    i32.const 0 local.set $j
    block $shared loop $share
      local.get $j local.get $bits i32.ge_u br_if $shared
      local.get $j i32.load8_u offset=${old} local.set $t
      local.get $j i32.const 3 i32.shl
      i64.const 1 local.get $c local.get $t local.get $t i32.const 255 i32.eq select i64.extend_i32_u
      i64.shl i64.store offset=${L.shares}
      local.get $c local.get $t i32.const 255 i32.eq i32.add local.set $c
      local.get $j i32.const 1 i32.add local.set $j
      br $share
    end end
    i32.const ${L.keyBytes} call $bytes
    i32.const 1`;
}

/**
 * `pairs(a, na, b, nb, bits, sorted, planes, stride)`: the whole pair count of two lists, as
 * join/kernel.ts `JoinKernel.pairs` describes it (one call from JavaScript instead of ten: at
 * n = 16, 8,600 of them). Short lists pair one by one (`direct`); else list A is the shorter,
 * both lists' bits are counted on a sample (`stats`), the partition chosen (`choose`, with
 * join/partition.ts `partitionBits`' k), both lists grouped and the groups joined.
 */
function pairsBody(L: KernelLayout): string {
  const zero = zeroText(L.counts, 512);
  const step = (n: string) =>
    `local.get ${n} i32.const ${L.sample} i32.div_u local.tee $s i32.const 1 local.get $s select`;
  const count = (args: string) => {
    let text = `local.get $chunks i32.const 4 i32.eq if ${args} call $count4 return end`;
    if (L.chunks >= 5) {
      text += ` local.get $chunks i32.const 5 i32.eq if ${args} call $count5 return end`;
    }
    if (L.chunks >= 6) text += ` ${args} call $count6 return`;
    return `${text} unreachable`;
  };
  // The scatters return nothing: each is called in a block of its own.
  const scatter = (what: string, args: string) =>
    L.chunks >= 5
      ? `local.get $chunks i32.const 4 i32.eq if ${args} call $${what}4 else ${args} call $${what}6 end`
      : `${args} call $${what}4`;
  return `
    local.get $na i32.eqz local.get $nb i32.eqz i32.or if i64.const 0 return end
    local.get $na i64.extend_i32_u local.get $nb i64.extend_i32_u i64.mul i64.const ${L.directPairs} i64.le_u
    local.get $na local.get $nb local.get $na local.get $nb i32.lt_u select i32.const ${L.directSide} i32.le_u
    i32.or
    if local.get $a local.get $na local.get $b local.get $nb call $direct return end
    local.get $na local.get $nb i32.gt_u
    if
      local.get $a local.set $t local.get $b local.set $a local.get $t local.set $b
      local.get $na local.set $t local.get $nb local.set $na local.get $t local.set $nb
    end
    ${zero}
    local.get $a local.get $na ${step("$na")} i32.const ${L.counts} call $stats
    local.get $b local.get $nb ${step("$nb")} i32.const ${L.counts + 256} call $stats
    ;; k: floor(log2(nb / groupTarget)), at least bits - 48, at most 16; squeezed to bits - 32.
    local.get $nb i32.const ${L.groupTarget} i32.div_u local.tee $s
    i32.const 31 local.get $s i32.clz i32.sub i32.const 0 local.get $s select local.set $k
    local.get $bits i32.const 48 i32.sub local.tee $t local.get $k local.get $t local.get $k i32.gt_s
    select local.set $k
    local.get $k i32.const 16 local.get $k i32.const 16 i32.lt_s select local.set $k
    local.get $bits i32.const 32 i32.sub local.set $t
    local.get $bits local.get $k i32.sub i32.const 32 i32.gt_s
    local.get $t local.get $k i32.sub i32.const ${L.squeeze} i32.le_s i32.and
    local.get $t i32.const 16 i32.le_s i32.and
    if local.get $t local.set $k end
    local.get $bits local.get $k call $choose drop
    local.get $bits local.get $k i32.sub i32.const 7 i32.add i32.const 3 i32.shr_u local.tee $chunks
    i32.const 4 local.get $chunks i32.const 4 i32.gt_u select local.set $chunks
    i32.const 1 local.get $k i32.shl local.set $g
    local.get $a local.get $na i32.const ${L.hist} call $classify
    i32.const ${L.hist} local.get $g i32.const ${L.ga} i32.const ${L.pos} call $prefix
    ${scatter("scatterA", `local.get $a local.get $na i32.const ${L.pos} local.get $sorted`)}
    local.get $b local.get $nb i32.const ${L.hist} call $classify
    i32.const ${L.hist} local.get $g i32.const ${L.gb} i32.const ${L.pos} call $prefix
    ${scatter("scatterB", `local.get $b local.get $nb i32.const ${L.pos} local.get $planes local.get $stride`)}
    ${count(`local.get $g i32.const ${L.ga} i32.const ${L.gb} local.get $sorted local.get $planes local.get $stride`)}`;
}

/**
 * `evenItem`: the count of an even-like item, before its weight, in one call (join/solve.ts
 * `solveEven`, the readable version, which the tests compare with this; it takes this way when
 * the lists surely have room): the class bytes of both sides, all the item's west and east
 * half-boards and their pairs (weighted 2), less the pairs of weight 1 (u, v = M, m and, when
 * they differ, m, M), each from the column sets of that class.
 */
function evenItemBody(L: KernelLayout): string {
  const { clsA, clsB, comboScratch: scratch } = L;
  const low = (1 << L.h) - 1;
  const west = (list: string, len: string, out: string) =>
    `local.get $rn local.get $rs ${list} ${len} i32.const ${low} local.get $wd local.get $wa
    local.get $wsd local.get $wsa i32.const ${clsA} i64.const 0 ${out} call $genW`;
  const east = (list: string, len: string, out: string) =>
    `local.get $sn local.get $ss ${list} ${len} i32.const ${low} local.get $ed local.get $ea
    local.get $esd local.get $esa i32.const ${clsB} i64.const 0 ${out} call $genE`;
  const pairs = `local.get $a local.get $na local.get $b local.get $nb i32.const ${2 * L.wb + 3}
    local.get $sorted local.get $planes local.get $stride call $pairs`;
  const half = (u: string, v: string) => `
    local.get $lw local.get $nw local.get ${u} i32.const ${scratch} call $only local.set $na
    local.get $le local.get $ne local.get ${v} i32.const ${scratch + 4096} call $only local.set $nb
    ${west(`i32.const ${scratch}`, "local.get $na", "local.get $a")} local.tee $na
    if
      ${east(`i32.const ${scratch + 4096}`, "local.get $nb", "local.get $b")} local.set $nb
      local.get $all ${pairs} i64.sub local.set $all
    end`;
  return `
    local.get $lw local.get $nw i32.const ${clsA} local.get $big local.get $small i32.const 1
    i32.const 2 call $classes
    local.get $le local.get $ne i32.const ${clsB} local.get $big local.get $small i32.const 2
    i32.const 1 call $classes
    ${west("local.get $lw", "local.get $nw", "local.get $a")} local.set $na
    ${east("local.get $le", "local.get $ne", "local.get $b")} local.set $nb
    ${pairs} i64.const 1 i64.shl local.set $all
    ${half("$big", "$small")}
    local.get $big local.get $small i32.ne
    if ${half("$small", "$big")} end
    local.get $all`;
}

/**
 * `evenOf(r, cap, a, b, sorted, planes, stride)`: the count of the even-like item of west rows
 * `r` before its weight, as join/solve.ts `solveEven` computes it: its quadrant-local rows, the
 * bounds M and m of its classes (u = k(rn), v = k of the north-west rows of its mirror image),
 * its lists of column sets, then `evenItem`. Returns -1 instead when a side's list might pass
 * `cap` keys (every entry of its north rows with the largest group), for the long way.
 */
function evenOfBody(L: KernelLayout): string {
  const low = (1 << L.h) - 1;
  const n = L.r0s + L.h; // the board's side: h + h (even) or h + 1 + h (odd)
  const quick = (rows: string) => `
    local.get ${rows} i32.const ${L.h + 2} i32.shl local.tee $t
    i32.load offset=${L.qstart + 4 * (1 << L.h)} local.get $t i32.load offset=${L.qstart} i32.sub
    i64.extend_i32_u i64.const ${L.group} i64.mul local.get $cap i64.extend_i32_u i64.gt_u`;
  const kappa = (x: string, out: string) =>
    `local.tee ${x} i32.const ${low} i32.xor local.tee ${out} local.get ${x} local.get ${out}
    local.get ${x} i32.lt_u select local.set ${out}`;
  let flip = "i32.const 0";
  for (let i = 0; i < L.h; i++) {
    flip += ` local.get $r i32.const ${n - 1 - i} i32.shr_u i32.const 1 i32.and i32.const ${i} i32.shl i32.or`;
  }
  const list = (rows: string, ptr: string, len: string) =>
    listText(L, `local.get ${rows} i32.popcnt`, ptr, len);
  let frames = "";
  for (const f of L.evenFrames) frames += ` i32.const ${f}`;
  return `
    local.get $r i32.const ${low} i32.and local.set $rn
    local.get $r i32.const ${L.r0s} i32.shr_u i32.const ${low} i32.and local.set $rs
    i32.const ${L.avail} local.get $r i32.sub local.tee $s i32.const ${low} i32.and local.set $sn
    local.get $s i32.const ${L.r0s} i32.shr_u i32.const ${low} i32.and local.set $ss
    ${quick("$rn")} ${quick("$sn")} i32.or
    if i64.const -1 return end
    local.get $rn ${kappa("$x", "$u")}
    ${flip} ${kappa("$x", "$v")}
    ${list("$rn", "$lw", "$nw")}
    ${list("$sn", "$le", "$ne")}
    local.get $rn local.get $rs local.get $sn local.get $ss
    local.get $lw local.get $nw local.get $le local.get $ne
    local.get $u local.get $v local.get $u local.get $v i32.gt_u select
    local.get $u local.get $v local.get $u local.get $v i32.lt_u select
    ${frames}
    local.get $a local.get $b local.get $sorted local.get $planes local.get $stride
    call $evenItem`;
}

/**
 * `middleOf(m, r, cap, a, b, sorted, planes, stride)`: the count of a kind-1 item of odd n (the
 * middle column's queen at row m, west rows `r`) before its weight, as join/solve.ts
 * `solveMiddle` computes it: the half whose rows hold the middle row h gets the middle row's
 * queen at each column c from m + 1 to h - 1 (folded west), its half-boards for every c one
 * after the other in one list (each with that queen's bits, `kx`), the other half's in the
 * other list, then their pairs. Returns -1 instead when a gen's exact bound (pairs of quadrant
 * entries) would pass `cap` keys, for the long way. Both halves' frames hold the middle
 * column's queen (m, h), its own mirror image.
 */
function middleOfBody(L: KernelLayout): string {
  const { h, r0s, wb, qstart } = L;
  const n = r0s + h;
  const low = (1 << h) - 1;
  // bit(x): 1 << x where 0 <= x <= 2h - 2, else 0 (the forbidden masks' range).
  const bit = (x: string) =>
    `${x} local.set $x i32.const 1 local.get $x i32.shl i32.const 0 local.get $x
    i32.const ${2 * h - 2} i32.le_u select`;
  // The forbidden bits of a queen at (row, col) (kernel.ts `forbidden`), OR'd into the masks.
  const frame = (row: string, col: string, into: string[]) => {
    const d = `${row} ${col} i32.sub i32.const ${n - 1} i32.add`;
    const a = `${row} ${col} i32.add`;
    return `
      local.get ${into[0]} ${bit(`${d} i32.const ${n - h} i32.sub`)} i32.or local.set ${into[0]}
      local.get ${into[1]} ${bit(a)} i32.or local.set ${into[1]}
      local.get ${into[2]} ${bit(`${d} i32.const ${r0s + n - h} i32.sub`)} i32.or local.set ${into[2]}
      local.get ${into[3]} ${bit(`${a} i32.const ${r0s} i32.sub`)} i32.or local.set ${into[3]}`;
  };
  // The exact bound of a gen (kernel.ts `bound`): over the list at $lp ($ln sets), the entries
  // of rows (north, cw) times those of (south, cols ^ cw).
  const bound = (north: string, south: string, cols: string) => `
    i64.const 0 local.set $bound
    local.get $lp local.set $i
    local.get $lp local.get $ln i32.const 1 i32.shl i32.add local.set $end
    block $bounded loop $sum
      local.get $i local.get $end i32.ge_u br_if $bounded
      local.get $i i32.load16_u local.set $cw
      local.get ${north} i32.const ${h} i32.shl local.get $cw i32.or i32.const 2 i32.shl local.tee $t
      i32.load offset=${qstart + 4} local.get $t i32.load offset=${qstart} i32.sub i64.extend_i32_u
      local.get ${south} i32.const ${h} i32.shl ${cols} local.get $cw i32.xor i32.or i32.const 2
      i32.shl local.tee $t
      i32.load offset=${qstart + 4} local.get $t i32.load offset=${qstart} i32.sub i64.extend_i32_u
      i64.mul local.get $bound i64.add local.set $bound
      local.get $i i32.const 2 i32.add local.set $i
      br $sum
    end end`;
  const lists = (missing: string, size: string) =>
    listText(L, `${missing} i32.const ${h + 1} i32.mul ${size} i32.add`, "$lp", "$ln");
  const genMiddle = (fn: string) => `
    local.get $hn local.get $hs local.get $lp local.get $ln local.get $cols
    local.get $fnd local.get $fna local.get $fsd local.get $fsa i32.const ${L.clsNone}
    local.get $kx local.get $mid local.get $nh i32.const 3 i32.shl i32.add call $${fn}`;
  const genOther = (fn: string) => `
    local.get $on local.get $os local.get $lp local.get $ln i32.const ${low}
    local.get $bfnd local.get $bfna local.get $bfsd local.get $bfsa i32.const ${L.clsNone}
    i64.const 0 local.get $oth call $${fn}`;
  const pairs = (na: string, nb: string) => `
    local.get $a ${na} local.get $b ${nb} i32.const ${2 * wb} local.get $sorted local.get $planes
    local.get $stride call $pairs`;
  const base = ["$bfnd", "$bfna", "$bfsd", "$bfsa"];
  const masks = ["$fnd", "$fna", "$fsd", "$fsa"];
  // A queen's key bit (kernel.ts `keyOf`): 1 << x where 0 <= x < wb, else 0.
  const keyBit = (x: string) =>
    `i64.const 1 ${x} local.tee $x i64.extend_i32_u i64.shl i64.const 0 local.get $x
    i32.const ${wb} i32.lt_u select`;
  return `
    i32.const ${2 ** n - 1} i32.const 1 local.get $m i32.shl i32.sub local.get $r i32.sub local.set $s
    local.get $r i32.const ${low} i32.and local.set $rn
    local.get $r i32.const ${r0s} i32.shr_u i32.const ${low} i32.and local.set $rs
    local.get $s i32.const ${low} i32.and local.set $sn
    local.get $s i32.const ${r0s} i32.shr_u i32.const ${low} i32.and local.set $ss
    local.get $r i32.const ${h} i32.shr_u i32.const 1 i32.and local.set $wm
    local.get $rn local.get $sn local.get $wm select local.set $hn
    local.get $rs local.get $ss local.get $wm select local.set $hs
    local.get $sn local.get $rn local.get $wm select local.set $on
    local.get $ss local.get $rs local.get $wm select local.set $os
    local.get $a local.get $b local.get $wm select local.set $mid
    local.get $b local.get $a local.get $wm select local.set $oth
    ${frame("local.get $m", `i32.const ${h}`, base)}
    local.get $m i32.const 1 i32.add local.set $c
    block $placed loop $middle
      local.get $c i32.const ${h} i32.ge_u br_if $placed
      ${lists("local.get $c i32.const 1 i32.add", "local.get $hn i32.popcnt")}
      i32.const ${low} i32.const 1 local.get $c i32.shl i32.xor local.set $cols
      local.get $bfnd local.set $fnd local.get $bfna local.set $fna
      local.get $bfsd local.set $fsd local.get $bfsa local.set $fsa
      ${frame(`i32.const ${h}`, "local.get $c", masks)}
      ${keyBit(`i32.const ${2 * h - 1} local.get $c i32.sub`)} local.set $dbit
      ${keyBit(`local.get $c i32.const ${h - r0s} i32.add`)} local.set $abit
      local.get $dbit local.get $abit i64.const ${wb} i64.shl i64.or
      local.get $abit local.get $dbit i64.const ${wb} i64.shl i64.or
      local.get $wm select local.set $kx
      ${bound("$hn", "$hs", "local.get $cols")}
      local.get $nh i64.extend_i32_u local.get $bound i64.add local.get $cap i64.extend_i32_u i64.gt_u
      if i64.const -1 return end
      local.get $wm
      if ${genMiddle("genW")} local.set $t else ${genMiddle("genE")} local.set $t end
      local.get $nh local.get $t i32.add local.set $nh
      local.get $c i32.const 1 i32.add local.set $c
      br $middle
    end end
    local.get $nh i32.eqz if i64.const 0 return end
    ${lists("i32.const 0", "local.get $on i32.popcnt")}
    ${bound("$on", "$os", `i32.const ${low}`)}
    local.get $bound local.get $cap i64.extend_i32_u i64.gt_u
    if i64.const -1 return end
    local.get $wm
    if ${genOther("genE")} local.set $no else ${genOther("genW")} local.set $no end
    local.get $wm
    if ${pairs("local.get $nh", "local.get $no")} return end
    ${pairs("local.get $no", "local.get $nh")}`;
}

/** `middleOf`, for odd n's kernels. */
function middleOfSpec(L: KernelLayout): FuncSpec {
  return {
    name: "middleOf",
    export: true,
    params: i32s("m", "r", "cap", "a", "b", "sorted", "planes", "stride"),
    results: ["i64"],
    locals: {
      ...i32s("s", "rn", "rs", "sn", "ss", "wm", "hn", "hs", "on", "os", "mid", "oth", "c"),
      ...i32s("cols", "lp", "ln", "nh", "no", "i", "end", "cw", "t", "x"),
      ...i32s("bfnd", "bfna", "bfsd", "bfsa", "fnd", "fna", "fsd", "fsa"),
      dbit: "i64",
      abit: "i64",
      kx: "i64",
      bound: "i64",
    },
    body: middleOfBody(L),
  };
}

/** Names, each an i32: a function's parameters or locals. */
function i32s(...names: string[]): Record<string, "i32"> {
  return Object.fromEntries(names.map((name) => [name, "i32"]));
}

/**
 * The kernel functions for a layout: those for compact keys of 5 and 6 chunks only where its
 * chunks need them (`L.chunks`; n = 16: half the text of the module left out).
 */
function kernelFuncs(L: KernelLayout): FuncSpec[] {
  const from = (chunks: number, specs: FuncSpec[]) => (L.chunks >= chunks ? specs : []);
  const [eachColumnSet, eachColumnSetEnd] = columnSetLoop(L.h);
  let classify = "";
  for (let b = 0; b < L.keyBytes; b++) {
    classify += ` local.get $p i32.load8_u offset=${b} i32.const 3 i32.shl
      i64.load offset=${L.tab + 2048 * b} ${b > 0 ? "i64.or" : ""}`;
  }
  // Byte j of the compact key (byte 2 + j of the key classify left in place) into plane j.
  const planes = (count: number) => {
    let text = " local.get $planes local.get $d i32.add local.set $q";
    for (let j = 0; j < count; j++) {
      if (j > 0) text += " local.get $q local.get $stride i32.add local.set $q";
      text += ` local.get $q local.get $p i32.load8_u offset=${2 + j} i32.store8`;
    }
    return text;
  };
  const scatterHead = `
    local.get $w0 local.get $n i32.const 3 i32.shl i32.add local.set $end
    local.get $w0 local.set $p
    block $done local.get $n i32.eqz br_if $done loop $item
      local.get $pos local.get $p i32.load16_u i32.const 2 i32.shl i32.add
      local.tee $q i32.load local.set $d
      local.get $q local.get $d i32.const 1 i32.add i32.store`;
  const scatterTail = `
      local.get $p i32.const 8 i32.add local.tee $p local.get $end i32.lt_u br_if $item
    end end`;
  const scatterB = (count: number): FuncSpec => ({
    name: `scatterB${count}`,
    export: true,
    params: { w0: "i32", n: "i32", pos: "i32", planes: "i32", stride: "i32" },
    locals: { p: "i32", end: "i32", q: "i32", d: "i32" },
    body: `${scatterHead} ${planes(count)} ${scatterTail}`,
  });
  return [
    {
      name: "genW",
      export: true,
      params: GEN_PARAMS,
      results: ["i32"],
      locals: GEN_LOCALS,
      body: genBody(L, false),
    },
    {
      name: "genE",
      export: true,
      params: GEN_PARAMS,
      results: ["i32"],
      locals: GEN_LOCALS,
      body: genBody(L, true),
    },
    {
      name: "stats",
      export: true,
      params: { keys: "i32", n: "i32", step: "i32", out: "i32" },
      locals: STATS_LOCALS,
      body: statsBody(),
    },
    {
      // The class byte of each column set of a list (join/solve.ts): with u = k(cw), the
      // smaller of cw and its complement, bit 0 for u < big, bit $se for u = big, bit $ss for
      // u < small.
      name: "classes",
      export: true,
      params: {
        list: "i32",
        len: "i32",
        table: "i32",
        big: "i32",
        small: "i32",
        se: "i32",
        ss: "i32",
      },
      locals: { end: "i32", cw: "i32", u: "i32" },
      body: `${eachColumnSet}
          local.get $table local.get $cw i32.add
          local.get $u local.get $big i32.lt_u
          local.get $u local.get $big i32.eq local.get $se i32.shl i32.or
          local.get $u local.get $small i32.lt_u local.get $ss i32.shl i32.or
          i32.store8
        ${eachColumnSetEnd}`,
    },
    {
      // The column sets of a list with k(cw) = target, copied to $out (u16); returns how many.
      name: "only",
      export: true,
      params: { list: "i32", len: "i32", target: "i32", out: "i32" },
      results: ["i32"],
      locals: { end: "i32", cw: "i32", u: "i32", k: "i32" },
      body: `
        i32.const 0 local.set $k ${eachColumnSet}
          local.get $out local.get $k i32.const 1 i32.shl i32.add local.get $cw i32.store16
          local.get $k local.get $u local.get $target i32.eq i32.add local.set $k
        ${eachColumnSetEnd}
        local.get $k`,
    },
    {
      name: "fillRow",
      export: true,
      params: { rows: "i32", e: "i32" },
      results: ["i32"],
      locals: i32s(
        "base",
        "r",
        "parent",
        "queens",
        "cols",
        "rest",
        "c",
        "d",
        "a",
        "from",
        "to",
        "x",
        "t",
        "u",
        "w",
      ),
      body: fillRowBody(L),
    },
    {
      // Table y, value v: the share of v's lowest bit OR'd onto the entry of v less that bit.
      name: "bytes",
      export: true,
      params: { count: "i32" },
      locals: { base: "i32", s: "i32", v: "i32" },
      body: `
        i32.const ${L.tab} local.set $base
        i32.const ${L.shares} local.set $s
        loop $byte
          local.get $base i64.const 0 i64.store
          i32.const 1 local.set $v
          loop $value
            local.get $base local.get $v i32.const 3 i32.shl i32.add
            local.get $base local.get $v local.get $v i32.const 1 i32.sub i32.and i32.const 3 i32.shl
            i32.add i64.load
            local.get $s local.get $v i32.ctz i32.const 3 i32.shl i32.add i64.load
            i64.or i64.store
            local.get $v i32.const 1 i32.add local.tee $v i32.const 256 i32.lt_u br_if $value
          end
          local.get $base i32.const 2048 i32.add local.set $base
          local.get $s i32.const 64 i32.add local.set $s
          local.get $count i32.const 1 i32.sub local.tee $count br_if $byte
        end`,
    },
    {
      name: "classify",
      export: true,
      params: { keys: "i32", n: "i32", hist: "i32" },
      locals: { p: "i32", end: "i32", q: "i32", w: "i64" },
      body: `
        local.get $keys local.get $n i32.const 3 i32.shl i32.add local.set $end
        local.get $keys local.set $p
        block $done local.get $n i32.eqz br_if $done loop $item
          local.get $p ${classify} local.tee $w i64.store
          local.get $hist local.get $w i32.wrap_i64 i32.const 0xffff i32.and i32.const 2 i32.shl i32.add
          local.tee $q local.get $q i32.load i32.const 1 i32.add i32.store
          local.get $p i32.const 8 i32.add local.tee $p local.get $end i32.lt_u br_if $item
        end end`,
    },
    {
      name: "prefix",
      export: true,
      params: { hist: "i32", g: "i32", starts: "i32", pos: "i32" },
      locals: { i: "i32", sum: "i32", c: "i32" },
      body: `
        i32.const 0 local.set $i i32.const 0 local.set $sum
        loop $next
          local.get $hist local.get $i i32.const 2 i32.shl i32.add local.tee $c i32.load
          local.get $c i32.const 0 i32.store
          local.get $starts local.get $i i32.const 2 i32.shl i32.add local.get $sum i32.store
          local.get $pos local.get $i i32.const 2 i32.shl i32.add local.get $sum i32.store
          local.get $sum i32.add local.set $sum
          local.get $i i32.const 1 i32.add local.tee $i local.get $g i32.lt_u br_if $next
        end
        local.get $starts local.get $g i32.const 2 i32.shl i32.add local.get $sum i32.store`,
    },
    {
      name: "scatterA4",
      export: true,
      params: { w0: "i32", n: "i32", pos: "i32", out: "i32" },
      locals: { p: "i32", end: "i32", q: "i32", d: "i32" },
      body: `${scatterHead}
        local.get $out local.get $d i32.const 3 i32.shl i32.add
        ${spreadBytes} i64x2.extract_lane 0 i64.store
        ${scatterTail}`,
    },
    ...from(5, [
      {
        name: "scatterA6",
        export: true,
        params: { w0: "i32", n: "i32", pos: "i32", out: "i32" },
        locals: { p: "i32", end: "i32", q: "i32", d: "i32" },
        body: `${scatterHead}
        local.get $out local.get $d i32.const 4 i32.shl i32.add
        ${spreadBytes} v128.store
        ${scatterTail}`,
      },
    ]),
    scatterB(4),
    ...from(5, [scatterB(6)]),
    countSpec(L, 4),
    ...from(5, [countSpec(L, 5)]),
    ...from(6, [countSpec(L, 6)]),
    {
      name: "choose",
      export: true,
      params: { bits: "i32", k: "i32" },
      results: ["i32"],
      locals: { j: "i32", t: "i32", best: "i32", c: "i32", s: "i64", top: "i64", kth: "i64" },
      body: chooseBody(L),
    },
    {
      name: "evenOf",
      export: true,
      params: i32s("r", "cap", "a", "b", "sorted", "planes", "stride"),
      results: ["i64"],
      locals: i32s("s", "rn", "rs", "sn", "ss", "x", "u", "v", "t", "lw", "nw", "le", "ne"),
      body: evenOfBody(L),
    },
    ...(L.r0s > L.h ? [middleOfSpec(L)] : []),
    {
      name: "evenItem",
      params: i32s(
        "rn",
        "rs",
        "sn",
        "ss",
        "lw",
        "nw",
        "le",
        "ne",
        "big",
        "small",
        "wd",
        "wa",
        "wsd",
        "wsa",
        "ed",
        "ea",
        "esd",
        "esa",
        "a",
        "b",
        "sorted",
        "planes",
        "stride",
      ),
      results: ["i64"],
      locals: { na: "i32", nb: "i32", all: "i64" },
      body: evenItemBody(L),
    },
    {
      name: "pairs",
      export: true,
      params: i32s("a", "na", "b", "nb", "bits", "sorted", "planes", "stride"),
      results: ["i64"],
      locals: { t: "i32", s: "i32", k: "i32", g: "i32", chunks: "i32" },
      body: pairsBody(L),
    },
    {
      name: "direct",
      export: true,
      params: { a: "i32", na: "i32", b: "i32", nb: "i32" },
      results: ["i64"],
      locals: { aend: "i32", p: "i32", bend: "i32", x: "i64", sum: "i64" },
      body: `
        i64.const 0 local.set $sum
        local.get $a local.get $na i32.const 3 i32.shl i32.add local.set $aend
        local.get $b local.get $nb i32.const 3 i32.shl i32.add local.set $bend
        block $done loop $outer
          local.get $a local.get $aend i32.ge_u br_if $done
          local.get $a i64.load local.set $x
          local.get $b local.set $p
          block $inner_done loop $inner
            local.get $p local.get $bend i32.ge_u br_if $inner_done
            local.get $sum local.get $p i64.load local.get $x i64.and i64.eqz i64.extend_i32_u i64.add
            local.set $sum
            local.get $p i32.const 8 i32.add local.set $p
            br $inner
          end end
          local.get $a i32.const 8 i32.add local.set $a
          br $outer
        end end
        local.get $sum`,
    },
  ];
}

/** An item's count in one call: its west rows, the lists' room and addresses (or -1 for no room). */
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

/** A new memory of `pages` pages (64 KiB), growable to 4 GiB. */
export function newMemory(pages: number): WasmMemory {
  return new wasm.Memory({ initial: pages, maximum: 65536 });
}

/** Assembles and instantiates the kernel module for a layout over `memory`. */
export function kernelInstance(L: KernelLayout, memory: WasmMemory, pages: number): KernelExports {
  const bytes = assemble({ initialPages: pages, maximumPages: 65536 }, kernelFuncs(L));
  const instance = new wasm.Instance(new wasm.Module(bytes), { env: { memory } });
  return instance.exports as unknown as KernelExports;
}
