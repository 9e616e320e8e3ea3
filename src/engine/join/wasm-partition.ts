/**
 * The join kernel's partition of a pair count (join/kernel-wasm.ts, the hot loops' module): the
 * bit counts of a sample (`stats`), the choice of the partition bits (`choose`) and its byte
 * tables (`bytes`), and the grouping of both lists by their pattern (`classify`, `prefix`, the
 * scatters), with the other bits squeezed into a compact key: list A sorted by pattern, list B as
 * byte planes. The readable version: join/partition.ts `Partition` and `partitionBits`, which the
 * tests compare with this.
 */
import type { FuncSpec } from "../wasm-asm.js";
import type { KernelLayout } from "./layout.js";

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

/** Text that zeroes `bytes` bytes (a multiple of 16) at the address `at`. */
export function zeroText(at: number, bytes: number): string {
  let text = "";
  for (let o = 0; o < bytes; o += 16) text += ` i32.const ${at} v128.zero v128.store offset=${o}`;
  return text;
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

/** The text that splits the key at `$p` by the byte tables: its pattern and compact key. */
function classifyText(L: KernelLayout): string {
  let classify = "";
  for (let b = 0; b < L.keyBytes; b++) {
    classify += ` local.get $p i32.load8_u offset=${b} i32.const 3 i32.shl
      i64.load offset=${L.tab + 2048 * b} ${b > 0 ? "i64.or" : ""}`;
  }
  return classify;
}

/** Byte j of the compact key (byte 2 + j of the key classify left in place) into plane j. */
function planes(count: number): string {
  let text = " local.get $planes local.get $d i32.add local.set $q";
  for (let j = 0; j < count; j++) {
    if (j > 0) text += " local.get $q local.get $stride i32.add local.set $q";
    text += ` local.get $q local.get $p i32.load8_u offset=${2 + j} i32.store8`;
  }
  return text;
}

/** A scatter's loop over the keys from `$w0`: `$d`, each key's place in its group. */
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

/** `scatterB4` or `scatterB6`: list B's compact keys into byte planes. */
function scatterB(count: number): FuncSpec {
  return {
    name: `scatterB${count}`,
    export: true,
    params: { w0: "i32", n: "i32", pos: "i32", planes: "i32", stride: "i32" },
    locals: { p: "i32", end: "i32", q: "i32", d: "i32" },
    body: `${scatterHead} ${planes(count)} ${scatterTail}`,
  };
}

/**
 * `classify`, `prefix` and the scatters: those for compact keys of 5 and 6 chunks only where the
 * layout's chunks need them.
 */
function groupingFuncs(L: KernelLayout): FuncSpec[] {
  const from = (chunks: number, specs: FuncSpec[]) => (L.chunks >= chunks ? specs : []);
  const classify = classifyText(L);
  return [
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
  ];
}

/** `stats`, `bytes`, `choose` and the grouping of the keys. */
export function partitionFuncs(L: KernelLayout): FuncSpec[] {
  return [
    {
      name: "stats",
      export: true,
      params: { keys: "i32", n: "i32", step: "i32", out: "i32" },
      locals: STATS_LOCALS,
      body: statsBody(),
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
      name: "choose",
      export: true,
      params: { bits: "i32", k: "i32" },
      results: ["i32"],
      locals: { j: "i32", t: "i32", best: "i32", c: "i32", s: "i64", top: "i64", kth: "i64" },
      body: chooseBody(L),
    },
    ...groupingFuncs(L),
  ];
}
