/**
 * The join kernel's item calls (join/kernel-wasm.ts, the hot loops' module): the class bytes of a
 * list of column sets and the sets of one class (`classes`, `only`), and whole items in one call:
 * `evenOf` (with `evenItem`) an even-like item, `middleOf` a kind-1 item of odd n. The readable
 * version: join/solve.ts, which takes the same steps one call at a time (`solveEvenSlowly`,
 * `solveMiddleSlowly`) and which the tests compare with this.
 */
import { type FuncSpec, i32s } from "../wasm-asm.js";
import type { KernelLayout } from "./layout.js";

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
 * Text that loads entry `index` (text that leaves it on the stack) of the table of column-set
 * lists (L.listTable) into the locals `ptr` (byte address) and `len` (uses `$t`).
 */
function listText(L: KernelLayout, index: string, ptr: string, len: string): string {
  return `${index} i32.const 3 i32.shl local.tee $t i32.load offset=${L.listTable}
    local.set ${ptr} local.get $t i32.load offset=${L.listTable + 4} local.set ${len}`;
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

/** `classes` and `only`. */
function columnSetFuncs(L: KernelLayout): FuncSpec[] {
  const [eachColumnSet, eachColumnSetEnd] = columnSetLoop(L.h);
  return [
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
  ];
}

/** `classes`, `only`, `evenOf`, `evenItem`, and for odd n `middleOf`. */
export function itemFuncs(L: KernelLayout): FuncSpec[] {
  return [
    ...columnSetFuncs(L),
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
  ];
}
