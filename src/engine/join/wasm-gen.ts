/**
 * The join kernel's half-board generation (join/kernel-wasm.ts, the hot loops' module): `genW`
 * and `genE` join quadrant entries into half-boards, written as 64-bit keys, four candidates at a
 * time. The readable version: join/reference.ts `halfBoards` and `halfKey`, and join/slow-gen.ts,
 * which the tests compare with this.
 */
import type { FuncSpec } from "../wasm-asm.js";
import type { KernelLayout } from "./layout.js";
import { entryIndex, entryMask, entryOffset } from "./wasm-fill.js";

/** Text that spreads four entries of 3 bytes (a v128 load) into the four u32 lanes. */
const SPREAD3 = "v128.const i8x16 0 1 2 -1 3 4 5 -1 6 7 8 -1 9 10 11 -1 i8x16.swizzle";

/**
 * Text of the four-at-a-time entry test: `$m` gets one bit per entry at `$q` (of the four whose
 * diagonals start there, `w` bytes each, anti-diagonals `delta` bytes on) that meets neither
 * `dMask` nor `aMask`; with `end`, the bits past the list's end `$j1` cleared (uses `$t`).
 * Without it, the entries past the end must fail the test (the scratch lists end with SENTINEL
 * entries).
 */
function disjointFour(dMask: string, aMask: string, delta: number, end: boolean, w: 3 | 4): string {
  const spread = w === 3 ? SPREAD3 : "";
  const test = `
    local.get ${dMask} local.get $q v128.load ${spread} v128.and
    local.get ${aMask} local.get $q v128.load offset=${delta} ${spread} v128.and v128.or
    v128.zero i32x4.eq i32x4.bitmask local.set $m`;
  if (!end) return test;
  return `${test}
    local.get $j1 local.get $q i32.sub local.tee $t i32.const ${4 * w} i32.lt_u
    if
      local.get $m i32.const -1 local.get $t ${entryIndex(w)} i32.shl i32.const -1 i32.xor
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
 * The entries of a quadrant group from `$q` to `$j1` (`w` bytes each, anti-diagonals `delta`
 * bytes past their diagonals) that meet no preset (`$f1`, `$f2`: splatted masks), into a
 * scratch area at `dst` (their test values, 4 bytes each; their anti-diagonals `own` bytes
 * further) with their key shares at `keys` + 2 * (offset in the area), and three SENTINEL
 * entries after them; leaves the end of the copies in `$y`. `shift` moves north-west entries
 * into the south-west's coordinates (the pair test needs both there).
 */
function prepass(
  delta: number,
  own: number,
  dst: number,
  keys: number,
  shift: number,
  share: string,
  w: 3 | 4,
): string {
  const masked = entryMask(w);
  return `
    i32.const ${dst} local.set $y
    loop $pre
      ${disjointFour("$f1", "$f2", delta, true, w)}
      block $kept loop $keep
        local.get $m i32.eqz br_if $kept
        local.get $q local.get $m i32.ctz ${entryOffset(w)} i32.add local.tee $t i32.load ${masked} local.set $yd
        local.get $t i32.load offset=${delta} ${masked} local.set $ya
        local.get $y local.get $yd ${shift ? `i32.const ${shift} i32.shr_u` : ""} i32.store
        local.get $y local.get $ya ${shift ? `i32.const ${shift} i32.shr_u` : ""} i32.store offset=${own}
        local.get $y i32.const ${dst} i32.sub i32.const 1 i32.shl ${share} i64.store offset=${keys}
        local.get $y i32.const 4 i32.add local.set $y
        local.get $m local.get $m i32.const 1 i32.sub i32.and local.set $m
        br $keep
      end end
      local.get $q i32.const ${4 * w} i32.add local.tee $q local.get $j1 i32.lt_u br_if $pre
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

/** The body of `genW`, or with `swap` of `genE` (the keys of the mirror images). */
function genBody(L: KernelLayout, swap: boolean): string {
  const mask = `0x${((1n << BigInt(L.wb)) - 1n).toString(16)}`;
  // An entry's anti-diagonals sit this far past its diagonals: in the table (which threads may
  // share, join/memory.ts), and in the scratch areas (each thread's own).
  const delta = L.qa - L.qd;
  const w = L.entryBytes;
  const own = L.scratchAnti - L.scratch;
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
      local.get $i ${entryOffset(w)} i32.const ${L.qd} i32.add local.set $q
      local.get $i1 ${entryOffset(w)} i32.const ${L.qd} i32.add local.set $j1
      ${prepass(delta, own, s1, k1, L.r0s, nwShare, w)}
      local.get $y local.set $e1
      local.get $e1 i32.const ${s1} i32.le_u br_if $combo
      local.get $fsd i32x4.splat local.set $f1
      local.get $fsa i32x4.splat local.set $f2
      local.get $j0 ${entryOffset(w)} i32.const ${L.qd} i32.add local.set $q
      local.get $p ${entryOffset(w)} i32.const ${L.qd} i32.add local.set $j1
      ${prepass(delta, own, s2, k2, 0, swShare, w)}
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
        local.get $p i32.load offset=${own} i32x4.splat local.set $xa
        local.get $p local.get $so i32.sub i32.const 1 i32.shl local.get $ko i32.add i64.load
        local.get $cl i64.or local.set $kn
        local.get $j0 local.set $q
        local.get $ki local.set $kq
        loop $inner
          ${disjointFour("$xd", "$xa", own, false, 4)}
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

/** `genW`, and `genE` (mirrored keys). */
export function genFuncs(L: KernelLayout): FuncSpec[] {
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
  ];
}
