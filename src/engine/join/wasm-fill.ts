/**
 * The join kernel's quadrant fill (join/kernel-wasm.ts, the hot loops' module): `fillRow` builds
 * the whole quadrant table a rowset at a time. The readable version: join/quadrants.ts
 * `fillQuadrants`, which the tests compare with this.
 */
import { type FuncSpec, i32s } from "../wasm-asm.js";
import type { KernelLayout } from "./layout.js";

/**
 * Text that turns the entry index on the stack into its offset in `qd` or `qa`: times the
 * entry's bytes `w` (join/memory.ts).
 */
export const entryOffset = (w: 3 | 4) => (w === 4 ? "i32.const 2 i32.shl" : "i32.const 3 i32.mul");

/** The other way: text that turns a byte offset in `qd` or `qa` on the stack into entries. */
export const entryIndex = (w: 3 | 4) =>
  w === 4 ? "i32.const 2 i32.shr_u" : "i32.const 3 i32.div_u";

/**
 * Text after a u32 load of an entry: with 3-byte entries, the fourth byte (the next entry's)
 * masked off.
 */
export const entryMask = (w: 3 | 4) => (w === 3 ? "i32.const 0xffffff i32.and" : "");

/**
 * `fillRow`: the groups of one rowset of the whole quadrant table (join/quadrants.ts
 * `fillQuadrants`, the readable version, which the tests compare with this), its entries from
 * entry `$e` on; returns the next free entry. Every group (rows, cols) with as many columns as
 * rows is the parent groups (rows less its last row r, cols less one column c) whose entries
 * leave the square (r, c) free, each with that queen added. A call per rowset, from JavaScript,
 * so that V8 compiles this optimized after the first few (the loop of h = 10 runs 7.5 million
 * entries: a single call would run it all in the baseline compiler).
 */
function fillRowBody(L: FillLayout): string {
  const { h, qstart, qd, qa, entryBytes: eb } = L;
  // Entries of 3 bytes are read as u32 and masked (the fourth byte is the next entry's), and
  // written as u32 in ascending order (the fourth byte is written again by the next entry).
  const masked = entryMask(eb);
  const times = entryOffset(eb);
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
          i32.load offset=4 ${times} local.set $to
          local.get $from i32.load ${times} local.set $x
          block $done loop $entry
            local.get $x local.get $to i32.ge_u br_if $done
            local.get $x i32.load offset=${qd} ${masked} local.tee $t local.get $d i32.and
            local.get $x i32.load offset=${qa} ${masked} local.tee $u local.get $a i32.and i32.or i32.eqz
            if
              local.get $e ${times} local.tee $w local.get $t local.get $d i32.or
              i32.store offset=${qd}
              local.get $w local.get $u local.get $a i32.or i32.store offset=${qa}
              local.get $e i32.const 1 i32.add local.set $e
            end
            local.get $x i32.const ${eb} i32.add local.set $x
            br $entry
          end end
          local.get $rest local.get $rest i32.const 1 i32.sub i32.and local.tee $rest br_if $queen
        end
      end
      local.get $cols i32.const 1 i32.add local.tee $cols i32.const ${1 << h} i32.lt_u br_if $col
    end
    local.get $e`;
}

/** What `fillRow` is assembled with: the quadrant side and the table's addresses. */
export type FillLayout = Pick<KernelLayout, "h" | "qstart" | "qd" | "qa" | "entryBytes">;

/** `fillRow`. */
export function fillFuncs(L: FillLayout): FuncSpec[] {
  return [
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
  ];
}
