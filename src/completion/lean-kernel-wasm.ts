/**
 * **The lean search's hot loop as WebAssembly**: lean-search.ts's `run`, `propagate` and
 * `leastColumn`, the same search (the same nodes, choices and completion), assembled
 * (engine/wasm-asm.ts) for one m at a time with the addresses and widths baked in as constants.
 * The whole state lives in the module's memory (one 64 KiB page per search): the per-level row
 * masks, doneR, doneC, the branching line, isCol and the untried squares, the rows known to be
 * forced, the queen of each row, the level and whether it is fresh; so a run can pause after a
 * budget of nodes and go on later, as the JavaScript class does.
 *
 * Why it is written this way: a node of the lean search is a few dozen integer operations a
 * row (shifts, ands, count-trailing-zeros, popcount) over at most 33 x 32 masks; as
 * WebAssembly they compile to those machine instructions, without JavaScript's typed-array
 * bounds checks and small-integer checks (the class's steps one for one: 1.7 times less CPU a
 * node; with the liberties below: 2.3 to 2.8 times, docs/notes/2026-12-07-lean-kernel.md). The
 * text is flat on purpose; the readable version is lean-search.ts `LeanSearch`, which the tests
 * compare with this node for node (lean-kernel-wasm.test.ts). Two liberties, neither of which
 * changes the search:
 *
 * - forced rows are found while rows are updated (the child's rows as they are built, the rows a
 *   placement takes squares from) and kept in a mask `pend`, placed one after another, instead
 *   of found by passes over all the rows (3.3 passes a node, 34 rows read, on 22/9); the
 *   counting pass runs once nothing is forced. The order of forced placements does not change
 *   where they end: a placement only takes squares away, so a square once forced stays forced
 *   or its line is left empty (a conflict either way), and every order reaches the same
 *   placements, or a conflict; the branching line is chosen from that same state;
 * - a child whose rows are built stops at its first empty row (its rows are never read), and a
 *   child or a placement that leaves an open column without an open square is a conflict at
 *   once (the class finds it in its next counting pass: no placement can give the column a
 *   square back, nor take it, so the fixpoint has it too).
 */
import { assemble, type FuncSpec, i32s } from "../engine/browser.js";
import { LeanSearch, type LeanStatus } from "./lean-search.js";

/** Byte addresses in the module's memory, for one m. */
interface Layout {
  readonly m: number;
  /** The mask of the m columns (-1 for m = 32). */
  readonly full: number;
  /** Per level (m + 1 of them), an i32 each. */
  readonly doneR: number;
  readonly doneC: number;
  readonly line: number;
  readonly isCol: number;
  readonly cand: number;
  /** Rows known to have one open square (or none), to be placed by `propagate`. */
  readonly pend: number;
  /** The column of each row's queen, m i32. */
  readonly queenOf: number;
  /** The rows of level L from `st + 4 m L`, m i32 a level. */
  readonly st: number;
}

/** The header: the level, whether it is fresh, the nodes and the tree bytes of the last call. */
const LEVEL = 0;
const FRESH = 4;
const DONE = 8;
const WROTE = 12;

/**
 * Where a recording kernel writes the tree's branch lines of one call (at most 4 bytes a node,
 * {@link CHUNK} nodes a call: 16 KiB, above the state's 5.2 KiB and below the page's end).
 */
const TREE = 16384;

function layoutOf(m: number): Layout {
  const levels = 4 * 33;
  return {
    m,
    full: m === 32 ? -1 : (1 << m) - 1,
    doneR: 64,
    doneC: 64 + levels,
    line: 64 + 2 * levels,
    isCol: 64 + 3 * levels,
    cand: 64 + 4 * levels,
    pend: 64 + 5 * levels,
    queenOf: 64 + 6 * levels,
    st: 64 + 6 * levels + 128,
  };
}

/** `$x = st row $i of level base $o` (byte address). */
const loadRow = (i: string, x: string) =>
  `local.get ${i} i32.const 2 i32.shl local.get $o i32.add i32.load local.set ${x}`;

/** `$d = |$d|`. */
const ABS_D =
  "i32.const 0 local.get $d i32.sub local.get $d local.get $d i32.const 0 i32.lt_s select local.set $d";

/** `$rest &= $rest - 1`. */
const NEXT = "local.get $rest local.get $rest i32.const 1 i32.sub i32.and local.set $rest";

/**
 * `place(o, i, x, dR, dC, pend)`: a queen on row i, column mask x, takes its column and
 * diagonals from each row not in dR (the level at byte address o); returns `pend` with the rows
 * left with one open square added, or -1 when a row is left with none or a column not in dC
 * with none (-1 is never a real answer: row i is not in it).
 */
function placeSpec(): FuncSpec {
  return {
    name: "place",
    params: i32s("o", "i", "x", "dR", "dC", "pend"),
    results: ["i32"],
    locals: i32s("rest", "d", "a", "k", "y", "seen"),
    body: `
      local.get $dR i32.const -1 i32.xor local.set $rest
      block $end loop $row
        local.get $rest i32.eqz br_if $end
        local.get $rest i32.ctz local.tee $k local.get $i i32.sub local.set $d
        ${ABS_D}
        local.get $k i32.const 2 i32.shl local.get $o i32.add local.tee $a
        local.get $a i32.load
        local.get $x local.get $x local.get $d i32.shl i32.or local.get $x local.get $d i32.shr_u i32.or
        i32.const -1 i32.xor i32.and local.tee $y i32.store
        local.get $y i32.eqz if i32.const -1 return end
        local.get $y local.get $y i32.const 1 i32.sub i32.and i32.eqz local.get $k i32.shl
        local.get $pend i32.or local.set $pend
        local.get $seen local.get $y i32.or local.set $seen
        ${NEXT}
        br $row
      end end
      local.get $dC local.get $seen i32.or i32.const -1 i32.ne if i32.const -1 return end
      local.get $pend`,
  };
}

/** `leastColumn(o, openR, openC, than)`: as lean-search.ts, by five bit-sliced counters. */
function leastColumnSpec(): FuncSpec {
  return {
    name: "leastColumn",
    params: i32s("o", "openR", "openC", "than"),
    results: ["i32"],
    locals: i32s("rest", "x", "c0", "c1", "c2", "c3", "c4", "carry", "next", "j", "k", "best"),
    body: `
      local.get $openR local.set $rest
      loop $row
        local.get $rest i32.ctz i32.const 2 i32.shl local.get $o i32.add i32.load local.set $x
        local.get $c0 local.get $x i32.and local.set $carry
        local.get $c0 local.get $x i32.xor local.set $c0
        local.get $c1 local.get $carry i32.and local.set $next
        local.get $c1 local.get $carry i32.xor local.set $c1
        local.get $c2 local.get $next i32.and local.set $carry
        local.get $c2 local.get $next i32.xor local.set $c2
        local.get $c3 local.get $carry i32.and local.set $next
        local.get $c3 local.get $carry i32.xor local.set $c3
        local.get $c4 local.get $next i32.or local.set $c4
        local.get $rest local.get $rest i32.const 1 i32.sub i32.and local.tee $rest br_if $row
      end
      i32.const -1 local.set $best
      local.get $openC local.set $rest
      block $end loop $col
        local.get $rest i32.eqz br_if $end
        local.get $rest i32.ctz local.set $j
        local.get $c0 local.get $j i32.shr_u i32.const 1 i32.and
        local.get $c1 local.get $j i32.shr_u i32.const 1 i32.and i32.const 1 i32.shl i32.or
        local.get $c2 local.get $j i32.shr_u i32.const 1 i32.and i32.const 2 i32.shl i32.or
        local.get $c3 local.get $j i32.shr_u i32.const 1 i32.and i32.const 3 i32.shl i32.or
        local.get $c4 local.get $j i32.shr_u i32.const 1 i32.and i32.const 4 i32.shl i32.or
        local.tee $k local.get $than i32.lt_u if
          local.get $k local.set $than
          local.get $j local.set $best
        end
        local.get $rest local.get $rest i32.const 1 i32.sub i32.and local.set $rest
        br $col
      end end
      local.get $best`,
  };
}

/**
 * The pass over the open rows once none is forced (each has two open squares or more): the
 * columns seen once, twice, three times, and the row with the fewest squares (the first).
 */
function countPass(): string {
  return `
      i32.const -1 local.set $best
      i32.const 99 local.set $bestK
      i32.const 0 local.set $s1 i32.const 0 local.set $s2 i32.const 0 local.set $s3
      local.get $openR local.set $rest
      loop $row
        local.get $rest i32.ctz local.set $i
        ${loadRow("$i", "$x")}
        local.get $s3 local.get $s2 local.get $x i32.and i32.or local.set $s3
        local.get $s2 local.get $s1 local.get $x i32.and i32.or local.set $s2
        local.get $s1 local.get $x i32.or local.set $s1
        local.get $x i32.popcnt local.tee $k local.get $bestK i32.lt_u if
          local.get $k local.set $bestK
          local.get $i local.set $best
        end
        local.get $rest local.get $rest i32.const 1 i32.sub i32.and local.tee $rest br_if $row
      end`;
}

/** The choice of the branching line once nothing is forced: a row, or a column. */
function chooseLine(P: Layout): string {
  return `
      local.get $l4 local.get $dR i32.store offset=${P.doneR}
      local.get $l4 local.get $dC i32.store offset=${P.doneC}
      i32.const -1 local.set $col
      local.get $openC local.get $s2 i32.and local.get $s3 i32.const -1 i32.xor i32.and local.set $x
      block $chosen
        local.get $bestK i32.const 2 i32.gt_u local.get $x i32.const 0 i32.ne i32.and if
          local.get $x i32.ctz local.set $col
          br $chosen
        end
        local.get $bestK i32.const 3 i32.gt_u if
          local.get $o local.get $openR local.get $openC local.get $bestK call $leastColumn
          local.set $col
        end
      end
      local.get $col i32.const 0 i32.lt_s if
        local.get $l4 i32.const 0 i32.store offset=${P.isCol}
        local.get $l4 local.get $best i32.store offset=${P.line}
        ${loadRow("$best", "$x")}
        local.get $l4 local.get $x i32.store offset=${P.cand}
        i32.const 2 return
      end
      i32.const 0 local.set $x
      local.get $openR local.set $rest
      loop $row
        local.get $rest i32.ctz local.set $i
        ${loadRow("$i", "$k")}
        local.get $k local.get $col i32.shr_u i32.const 1 i32.and if
          local.get $x i32.const 1 local.get $i i32.shl i32.or local.set $x
        end
        local.get $rest local.get $rest i32.const 1 i32.sub i32.and local.tee $rest br_if $row
      end
      local.get $l4 i32.const 1 i32.store offset=${P.isCol}
      local.get $l4 local.get $col i32.store offset=${P.line}
      local.get $l4 local.get $x i32.store offset=${P.cand}
      i32.const 2`;
}

/** `propagate(L)`: 0 a conflict, 1 solved, 2 a branching line chosen (lean-search.ts). */
function propagateSpec(P: Layout): FuncSpec {
  const notFull = P.m === 32 ? "" : `i32.const ${~P.full} i32.or`;
  return {
    name: "propagate",
    params: i32s("L"),
    results: ["i32"],
    locals: i32s(
      ...["o", "l4", "dR", "dC", "openR", "openC", "best", "bestK", "s1", "s2", "s3"],
      ...["pend", "rest", "i", "x", "k", "col"],
    ),
    body: `
      local.get $L i32.const ${4 * P.m} i32.mul i32.const ${P.st} i32.add local.set $o
      local.get $L i32.const 2 i32.shl local.tee $l4 i32.load offset=${P.doneR} local.set $dR
      local.get $l4 i32.load offset=${P.doneC} local.set $dC
      local.get $l4 i32.load offset=${P.pend} local.set $pend
      loop $pass
        ;; The rows known to be forced, one at a time; each placement may force more.
        block $settled loop $forced
          local.get $pend i32.eqz br_if $settled
          local.get $pend i32.ctz local.set $i
          local.get $pend local.get $pend i32.const 1 i32.sub i32.and local.set $pend
          ${loadRow("$i", "$x")}
          local.get $x i32.eqz if i32.const 0 return end
          local.get $dR i32.const 1 local.get $i i32.shl i32.or local.set $dR
          local.get $dC local.get $x i32.or local.set $dC
          local.get $i i32.const 2 i32.shl local.get $x i32.ctz i32.store offset=${P.queenOf}
          local.get $o local.get $i local.get $x local.get $dR ${notFull} local.get $dC ${notFull} local.get $pend call $place
          local.tee $pend i32.const -1 i32.eq if i32.const 0 return end
          br $forced
        end end
        local.get $dR i32.const -1 i32.xor i32.const ${P.full} i32.and local.tee $openR
        i32.eqz if
          local.get $l4 local.get $dR i32.store offset=${P.doneR}
          local.get $l4 local.get $dC i32.store offset=${P.doneC}
          i32.const 1 return
        end
        ${countPass()}
        local.get $dC i32.const -1 i32.xor i32.const ${P.full} i32.and local.tee $openC
        local.get $s1 i32.const -1 i32.xor i32.and if i32.const 0 return end
        local.get $openC local.get $s1 i32.and local.get $s2 i32.const -1 i32.xor i32.and local.tee $x
        if
          ;; A column open in one row only: the least such column, in the least open row.
          local.get $x i32.const 0 local.get $x i32.sub i32.and local.set $x
          local.get $openR local.set $rest
          loop $find
            local.get $rest i32.ctz local.set $i
            ${loadRow("$i", "$k")}
            local.get $rest local.get $rest i32.const 1 i32.sub i32.and local.set $rest
            local.get $k local.get $x i32.and i32.eqz br_if $find
          end
          local.get $dR i32.const 1 local.get $i i32.shl i32.or local.set $dR
          local.get $dC local.get $x i32.or local.set $dC
          local.get $i i32.const 2 i32.shl local.get $x i32.ctz i32.store offset=${P.queenOf}
          local.get $o local.get $i local.get $x local.get $dR ${notFull} local.get $dC ${notFull} i32.const 0 call $place
          local.tee $pend i32.const -1 i32.eq if i32.const 0 return end
          br $pass
        end
        ${chooseLine(P)}
        return
      end
      unreachable`,
  };
}

/** A step down from level L: the next untried square of its line, the child's rows built. */
function childStep(P: Layout): string {
  const notFull = P.m === 32 ? "" : `i32.const ${~P.full} i32.or`;
  return `
        local.get $l4 local.get $c local.get $c i32.const 1 i32.sub i32.and i32.store offset=${P.cand}
        local.get $c i32.ctz local.set $i
        local.get $l4 i32.load offset=${P.line} local.set $j
        local.get $l4 i32.load offset=${P.isCol} i32.eqz if
          local.get $i local.get $j local.set $i local.set $j
        end
        i32.const 1 local.get $j i32.shl local.set $b
        local.get $l4 i32.const 4 i32.add
        local.get $l4 i32.load offset=${P.doneR} i32.const 1 local.get $i i32.shl i32.or local.tee $rows
        i32.store offset=${P.doneR}
        local.get $l4 i32.const 4 i32.add
        local.get $l4 i32.load offset=${P.doneC} local.get $b i32.or i32.store offset=${P.doneC}
        local.get $i i32.const 2 i32.shl local.get $j i32.store offset=${P.queenOf}
        local.get $L i32.const ${4 * P.m} i32.mul i32.const ${P.st} i32.add local.set $o
        local.get $rows ${notFull} i32.const -1 i32.xor local.set $rest
        i32.const 0 local.set $p
        i32.const 0 local.set $seen
        block $dead
          block $built loop $row
            local.get $rest i32.eqz br_if $built
            local.get $rest i32.ctz local.tee $k local.get $i i32.sub local.set $d
            i32.const 0 local.get $d i32.sub local.get $d
            local.get $d i32.const 0 i32.lt_s select local.set $d
            local.get $k i32.const 2 i32.shl local.get $o i32.add local.tee $a
            local.get $a i32.load
            local.get $b local.get $b local.get $d i32.shl i32.or local.get $b local.get $d i32.shr_u i32.or
            i32.const -1 i32.xor i32.and local.tee $x
            i32.store offset=${4 * P.m}
            local.get $x i32.eqz br_if $dead
            local.get $x local.get $x i32.const 1 i32.sub i32.and i32.eqz local.get $k i32.shl
            local.get $p i32.or local.set $p
            local.get $seen local.get $x i32.or local.set $seen
            local.get $rest local.get $rest i32.const 1 i32.sub i32.and local.set $rest
            br $row
          end end
          local.get $l4 i32.load offset=${P.doneC + 4} ${notFull} local.get $seen i32.or
          i32.const -1 i32.ne br_if $dead
          local.get $l4 local.get $p i32.store offset=${P.pend + 4}
          local.get $L i32.const 1 i32.add local.set $L
          i32.const 1 local.set $fresh
        end`;
}

/**
 * A recording kernel's branch line at level L (`$l4`): `rR` or `cC` and a line end, in ASCII at
 * TREE + `$w`, as certify.ts's JavaScript writer spells it (the board's row or column: without
 * fixed queens, row i of the sub-board is row i of the board).
 */
function branchLine(P: Layout): string {
  return `
            local.get $w i32.const ${TREE} i32.add local.tee $a
            i32.const 99 i32.const 114 local.get $l4 i32.load offset=${P.isCol} select i32.store8
            local.get $l4 i32.load offset=${P.line} local.tee $x i32.const 10 i32.ge_u if
              local.get $a local.get $x i32.const 10 i32.div_u i32.const 48 i32.add i32.store8 offset=1
              local.get $a local.get $x i32.const 10 i32.rem_u i32.const 48 i32.add i32.store8 offset=2
              local.get $a i32.const 10 i32.store8 offset=3
              local.get $w i32.const 4 i32.add local.set $w
            else
              local.get $a local.get $x i32.const 48 i32.add i32.store8 offset=1
              local.get $a i32.const 10 i32.store8 offset=2
              local.get $w i32.const 3 i32.add local.set $w
            end`;
}

/**
 * `run(budget)`: 0 paused (after `budget` nodes), 1 sat, 2 unsat; the nodes of the call at
 * DONE, the level and freshness saved for the next call.
 */
function runSpec(P: Layout, record: boolean): FuncSpec {
  const save = `
        i32.const ${LEVEL} local.get $L i32.store
        i32.const ${FRESH} local.get $fresh i32.store
        i32.const ${DONE} local.get $done i32.store
        i32.const ${WROTE} local.get $w i32.store`;
  return {
    name: "run",
    export: true,
    params: i32s("budget"),
    results: ["i32"],
    locals: i32s(
      ...["L", "fresh", "done", "got", "l4", "c", "i", "j", "b", "rows", "o"],
      ...["rest", "k", "d", "a", "x", "p", "seen", "w"],
    ),
    body: `
      i32.const ${LEVEL} i32.load local.set $L
      i32.const ${FRESH} i32.load local.set $fresh
      loop $main
        local.get $L i32.const 2 i32.shl local.set $l4
        local.get $fresh if
          local.get $done local.get $budget i32.ge_s if ${save} i32.const 0 return end
          i32.const 0 local.set $fresh
          local.get $L call $propagate local.tee $got i32.const 1 i32.eq if ${save} i32.const 1 return end
          local.get $got i32.const 2 i32.eq if
            local.get $done i32.const 1 i32.add local.set $done
            ${record ? branchLine(P) : ""}
          else
            local.get $l4 i32.const 0 i32.store offset=${P.cand}
          end
        end
        local.get $l4 i32.load offset=${P.cand} local.tee $c if
          ${childStep(P)}
          br $main
        end
        local.get $L i32.eqz if ${save} i32.const 2 return end
        local.get $L i32.const 1 i32.sub local.set $L
        br $main
      end
      unreachable`,
  };
}

/**
 * Nodes a call of the kernel at most: a long search is many calls, because V8 runs a function's
 * optimized code from its next call on, not within a call that is already running.
 */
const CHUNK = 4096;

/** The compiled modules, by m and whether they record the tree. */
const MODULES = new Map<string, object>();

/** The part of the WebAssembly API used here (lib "dom" is not part of this build). */
interface WasmApi {
  Memory: new (descriptor: {
    initial: number;
    maximum: number;
  }) => { readonly buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

const wasmApi = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

/** The compiled module for m columns, recording or not (assembled once each). */
function moduleFor(api: WasmApi, m: number, record: boolean): object {
  const key = `${m} ${record}`;
  let module = MODULES.get(key);
  if (module === undefined) {
    const P = layoutOf(m);
    const funcs = [runSpec(P, record), propagateSpec(P), leastColumnSpec(), placeSpec()];
    module = new api.Module(assemble({ initialPages: 1, maximumPages: 1 }, funcs));
    MODULES.set(key, module);
  }
  return module;
}

/**
 * Receives the tree's branch lines of a slice of nodes, in order, as ASCII bytes (`r12\n`,
 * `c3\n`): a view of the kernel's memory, valid only during the call.
 */
export type TreeBytes = (bytes: Uint8Array) => void;

/**
 * The lean search run by the WebAssembly kernel: the same search as {@link LeanSearch} (the
 * same nodes, answer and completion), with the same `run(budget)` contract.
 */
export class LeanKernel {
  /** Branching points so far. */
  nodes = 0;
  private readonly m: number;
  private readonly mem: Int32Array;
  private readonly exec: (budget: number) => number;
  private readonly bytes: Uint8Array;
  private status: LeanStatus | undefined;
  private solution: Int32Array | undefined;

  /**
   * `open[i]`: the open squares of row i (bit j: column j) of an m x m board, m <= 32. With
   * `tree`, the kernel writes the search's tree as it goes, the same lines as certify.ts writes
   * from the class's `branched` hook (one per branching node, in preorder), and hands them to
   * `tree` after each slice of at most 4096 nodes (before `run` returns).
   * @throws Error where WebAssembly is not available
   */
  constructor(
    open: ArrayLike<number>,
    m: number,
    private readonly tree?: TreeBytes,
  ) {
    if (wasmApi === undefined) throw new Error("WebAssembly is not available");
    this.m = m;
    const memory = new wasmApi.Memory({ initial: 1, maximum: 1 });
    const module = moduleFor(wasmApi, m, tree !== undefined);
    const instance = new wasmApi.Instance(module, { env: { memory } });
    this.exec = instance.exports.run as (budget: number) => number;
    this.mem = new Int32Array(memory.buffer);
    this.bytes = new Uint8Array(memory.buffer);
    const P = layoutOf(m);
    let pend = 0;
    for (let i = 0; i < m; i++) {
      const x = open[i]! & P.full;
      this.mem[P.st / 4 + i] = x;
      if ((x & (x - 1)) === 0) pend |= 1 << i;
    }
    this.mem[P.pend / 4] = pend;
    this.mem[FRESH / 4] = 1;
  }

  /** The answer once `run` returned "sat" or "unsat". */
  get result(): LeanStatus | undefined {
    return this.status;
  }

  /** The completion found: the column of each row. */
  get placement(): Int32Array | undefined {
    return this.solution;
  }

  /**
   * Searches on for at most `budget` more nodes: "sat" or "unsat" with the answer (every later
   * call returns the same), "paused" when the budget ran out (call again to go on).
   */
  run(budget = Number.POSITIVE_INFINITY): LeanStatus {
    if (this.status !== undefined) return this.status;
    let left = Math.ceil(budget);
    for (;;) {
      // The kernel counts in i32: at most 2^30 nodes a call.
      const got = this.exec(Math.max(0, Math.min(left, CHUNK)));
      const done = this.mem[DONE / 4]!;
      this.nodes += done;
      if (this.tree && done > 0) this.tree(this.bytes.subarray(TREE, TREE + this.mem[WROTE / 4]!));
      left -= done;
      if (got === 0 && left > 0) continue;
      if (got === 0) return "paused";
      if (got === 1) {
        const at = layoutOf(this.m).queenOf / 4;
        this.solution = this.mem.slice(at, at + this.m);
      }
      this.status = got === 1 ? "sat" : "unsat";
      return this.status;
    }
  }
}

/**
 * A lean search for the board: the WebAssembly kernel where WebAssembly is available and lets
 * this module compile (a page's content security policy may not), else the JavaScript class;
 * the same search either way.
 */
export function leanSearch(open: ArrayLike<number>, m: number): LeanKernel | LeanSearch {
  if (wasmApi !== undefined) {
    try {
      return new LeanKernel(open, m);
    } catch {
      // The JavaScript class below.
    }
  }
  return new LeanSearch(open, m);
}
