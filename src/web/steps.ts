/**
 * The lesson's steps (../lesson.ts) packed into one 32-bit number each, so that millions of them
 * (N = 20 needs about 4.3 million to reach its first solution) travel from the worker as
 * transferable arrays and stay small in the page: 4 bits of kind, 5 of row, 5 of column, 5 + 5
 * for the attacker's square, 2 for the reason and 1 flag (a return that is a dead end).
 */
import type { RejectReason, WalkStep } from "../teach/index.js";

export const K_REJECT = 0;
export const K_PLACE = 1;
export const K_REMOVE = 2;
export const K_SOLUTION = 3;
export const K_RETURN = 4;
export const K_ENTER = 5;
export const K_END = 6;
/** The trace was cut here (too long to keep): not a step of the search. */
export const K_CUT = 7;

export const REASONS: readonly RejectReason[] = ["column", "diagonal", "anti-diagonal"];

/** Packs a step. */
export function pack(
  kind: number,
  row = 0,
  col = 0,
  byRow = 0,
  byCol = 0,
  reason = 0,
  flag = 0,
): number {
  return (
    (kind |
      (row << 4) |
      (col << 9) |
      (byRow << 14) |
      (byCol << 19) |
      (reason << 24) |
      (flag << 26)) >>>
    0
  );
}

/** Packs one step of the lesson (the worker's stream, and model.test.ts's traces). */
export function packStep(s: WalkStep): number {
  switch (s.type) {
    case "reject":
      return pack(K_REJECT, s.row, s.col, s.by.row, s.by.col, REASONS.indexOf(s.reason));
    case "enter":
      return pack(K_ENTER, s.row);
    case "place":
      return pack(K_PLACE, s.row, s.col);
    case "remove":
      return pack(K_REMOVE, s.row, s.col);
    case "solution":
      return pack(K_SOLUTION);
    case "return":
      return pack(K_RETURN, s.row, 0, 0, 0, 0, s.dead ? 1 : 0);
    case "end":
      return pack(K_END);
  }
}

export const kindOf = (code: number): number => code & 15;
export const rowOf = (code: number): number => (code >>> 4) & 31;
export const colOf = (code: number): number => (code >>> 9) & 31;
export const byRowOf = (code: number): number => (code >>> 14) & 31;
export const byColOf = (code: number): number => (code >>> 19) & 31;
export const reasonOf = (code: number): RejectReason => REASONS[(code >>> 24) & 3]!;
export const flagOf = (code: number): boolean => ((code >>> 26) & 1) === 1;

/** A growing list of packed steps, in blocks (no copying as it grows). */
export class StepList {
  private readonly blocks: Uint32Array[] = [];
  private size = 0;
  private static readonly BITS = 16;
  private static readonly BLOCK = 1 << StepList.BITS;

  get length(): number {
    return this.size;
  }

  /** The step with index i (0-based: step number i + 1). */
  at(i: number): number {
    return this.blocks[i >>> StepList.BITS]![i & (StepList.BLOCK - 1)]!;
  }

  /** Appends a batch, a block's worth at a time (a worker's batch is 50,000 steps). */
  push(codes: ArrayLike<number>): void {
    const all = codes instanceof Uint32Array ? codes : Uint32Array.from(codes);
    let k = 0;
    while (k < all.length) {
      const b = this.size >>> StepList.BITS;
      if (b === this.blocks.length) this.blocks.push(new Uint32Array(StepList.BLOCK));
      const at = this.size & (StepList.BLOCK - 1);
      const take = Math.min(all.length - k, StepList.BLOCK - at);
      this.blocks[b]!.set(all.subarray(k, k + take), at);
      k += take;
      this.size += take;
    }
  }
}
