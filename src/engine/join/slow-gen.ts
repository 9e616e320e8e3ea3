/**
 * The join's half-boards without quadrant tables (`KernelTuning.tables` false): backtracking in
 * JavaScript (join/reference.ts), the same keys as the kernel's `gen` writes, slowly. The tests
 * count items this way too.
 */
import type { Forbidden } from "./presets.js";
import { halfBoards, halfKey, type Queen } from "./reference.js";

/** What this reads of its kernel (join/kernel.ts `JoinKernel`): its shape and memory views. */
interface KernelView {
  readonly n: number;
  readonly h: number;
  readonly r0s: number;
  readonly u8: Uint8Array;
  readonly u16: Uint16Array;
  readonly u32: Uint32Array;
}

export class SlowGen {
  readonly #k: KernelView;
  #cached: { key: string; halves: Queen[][] } | undefined;

  constructor(k: KernelView) {
    this.#k = k;
  }

  /** Every half-board on rows rn, rs (quadrant-local) and columns `cols`, without presets. */
  halves(rn: number, rs: number, cols: number): Queen[][] {
    const { h, r0s } = this.#k;
    const key = `${rn} ${rs} ${cols}`;
    if (this.#cached?.key !== key) {
      const list: number[] = [];
      for (let c = 0; c < h; c++) if ((cols >>> c) & 1) list.push(c);
      this.#cached = { key, halves: halfBoards(rn + rs * 2 ** r0s, list, []) };
    }
    return this.#cached.halves;
  }

  /** `JoinKernel.gen`'s keys (`kx`: a preset queen's bits), written at `out`; returns how many. */
  gen(
    east: boolean,
    rn: number,
    rs: number,
    combos: { ptr: number; len: number },
    cols: number,
    f: Forbidden,
    cls: number,
    kx: bigint,
    out: number,
  ): number {
    const k = this.#k;
    const allowed = new Set<number>();
    for (let i = 0; i < combos.len; i++) allowed.add(k.u16[combos.ptr / 2 + i]);
    let count = 0;
    for (const qs of this.halves(rn, rs, cols)) {
      let cw = 0;
      let hit = false;
      for (const [r, c] of qs) {
        if (r < k.h) cw |= 1 << c;
        hit ||= this.#hits(f, r, c);
      }
      if (hit || !allowed.has(cw)) continue;
      const key = halfKey(k.n, qs, east, k.u8[cls + cw]) | kx;
      k.u32[out / 4 + 2 * count] = Number(key & 0xffffffffn);
      k.u32[out / 4 + 2 * count + 1] = Number(key >> 32n);
      count++;
    }
    return count;
  }

  /** Whether a queen at (r, c) stands on a forbidden diagonal. */
  #hits(f: Forbidden, r: number, c: number): boolean {
    const { h, r0s } = this.#k;
    if (r < h) return ((f.fnd >>> (r - c + h - 1)) & 1) === 1 || ((f.fna >>> (r + c)) & 1) === 1;
    const i = r - r0s;
    return ((f.fsd >>> (i - c + h - 1)) & 1) === 1 || ((f.fsa >>> (i + c)) & 1) === 1;
  }
}
