/**
 * The join kernel's pair count (join/kernel-wasm.ts, the hot loops' module): `count4|5|6`, the
 * bulk count of bit-sliced blocks against four-Russians tables; `direct`, the plain pair loop for
 * short lists; and `pairs`, a whole pair count in one call (the sample, the partition of
 * join/wasm-partition.ts, the grouping, the bulk count). The readable version: join/reference.ts
 * `pairsReference` and join/partition.ts, which the tests compare with this.
 */
import { type FuncSpec, i32s } from "../wasm-asm.js";
import type { KernelLayout } from "./layout.js";
import { BLOCK } from "./memory.js";
import { zeroText } from "./wasm-partition.js";

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

/**
 * `pairs(a, na, b, nb, bits, sorted, planes, stride)`: the whole pair count of two lists, as
 * join/kernel.ts `JoinKernel.pairs` describes it (one call from JavaScript instead of ten: at
 * n = 16, 8,600 of them). Short lists pair one by one (`direct`); else list A is the shorter
 * (or the longer, when the shorter has fewer than `blockShorterBelow` keys: join/kernel.ts), both
 * lists' bits are counted on a sample (`stats`), the partition chosen (`choose`, with
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
    local.get $na local.get $nb local.get $na local.get $nb i32.lt_u select local.tee $short
    i32.const ${L.directSide} i32.le_u
    i32.or
    if local.get $a local.get $na local.get $b local.get $nb call $direct return end
    ;; A the shorter list, B the longer (blocked); the other way when the shorter is short
    local.get $na local.get $nb i32.gt_u
    local.get $short i32.const ${L.blockShorterBelow} i32.lt_u i32.xor
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
 * The bulk counts (those for 5 and 6 chunks only where the layout's chunks need them), `pairs`
 * and `direct`.
 */
export function countFuncs(L: KernelLayout): FuncSpec[] {
  const from = (chunks: number, specs: FuncSpec[]) => (L.chunks >= chunks ? specs : []);
  return [
    countSpec(L, 4),
    ...from(5, [countSpec(L, 5)]),
    ...from(6, [countSpec(L, 6)]),
    {
      name: "pairs",
      export: true,
      params: i32s("a", "na", "b", "nb", "bits", "sorted", "planes", "stride"),
      results: ["i64"],
      locals: { t: "i32", s: "i32", k: "i32", g: "i32", chunks: "i32", short: "i32" },
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
