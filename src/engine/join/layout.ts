/**
 * `KernelLayout`: the constants a join kernel module (join/kernel-wasm.ts) is assembled with, for
 * one board size: the addresses of its memory's regions (join/memory.ts), the board's shape, the
 * pair count's tuning and the frames of its even-like items. `kernelLayout` works them out.
 */
import type { Addresses, Placement } from "./memory.js";
import { maxChunks } from "./partition.js";
import type { Forbidden } from "./presets.js";
import { QUADRANT_BOUNDS } from "./quadrants.js";

/** Pairs up to this many are counted one by one (the tables cost more than they save)... */
const DIRECT_PAIRS = 1 << 15;
/** ...and so are all pairs when one list is this short. */
const DIRECT_SIDE = 12;

/** Keys sampled per list for the bit frequencies that choose the partition. */
const SAMPLE = 256;

/** The constants a kernel module is assembled with: its memory's addresses (bytes), and these. */
export interface KernelLayout extends Addresses {
  /** Quadrant side: floor(n/2). */
  readonly h: number;
  /** The bytes of a table entry's diagonals, and of its anti-diagonals (join/memory.ts). */
  readonly entryBytes: 3 | 4;
  /** Window width: n - 1 (even n) or n - 2 (odd). */
  readonly wb: number;
  /** First row of the south-west quadrant: h (even) or h + 1 (odd). */
  readonly r0s: number;
  /** Key bytes: ceil((2 wb + 3) / 8). */
  readonly keyBytes: number;
  /**
   * Bytes of one scratch area (two follow each other at `scratch`: north-west, south-west; their
   * key shares at scratchKeys + 2 * the offset in the areas).
   */
  readonly scratchRoom: number;
  /**
   * The most chunks (bytes) of compact key a pair count of this kernel uses, 4..6 (join/
   * partition.ts `maxChunks`): the functions for more are left out (n = 16: 60% of the text).
   */
  readonly chunks: number;
  /** The pair count's constants (join/kernel.ts, join/partition.ts). */
  readonly groupTarget: number;
  readonly squeeze: number;
  readonly directPairs: number;
  readonly directSide: number;
  readonly blockShorterBelow: number;
  readonly sample: number;
  /** Even-like items (join/solve.ts): the rows they share out (all but the centre row of odd n). */
  readonly avail: number;
  /** The most entries a group of the quadrant table has (join/quadrants.ts QUADRANT_BOUNDS). */
  readonly group: number;
  /** The forbidden masks of even-like items' west and east halves ([fnd, fna, fsd, fsa] each). */
  readonly evenFrames: readonly number[];
}

/** What a kernel's layout is worked out from (join/kernel.ts `JoinKernel` has it all). */
interface LayoutInput {
  readonly n: number;
  readonly h: number;
  readonly wb: number;
  readonly r0s: number;
  readonly keyBits: number;
  readonly tuning: {
    readonly groupTarget: number;
    readonly squeeze: number;
    readonly blockShorterBelow: number;
  };
  readonly evenFrames: readonly Forbidden[];
}

/** The layout of kernel `k`, whose memory is placed as `placement` says. */
export function kernelLayout(k: LayoutInput, placement: Placement): KernelLayout {
  const { n, h, wb, r0s, keyBits } = k;
  const { groupTarget, squeeze, blockShorterBelow } = k.tuning;
  return {
    ...placement.at,
    h,
    entryBytes: placement.entryBytes,
    wb,
    r0s,
    keyBytes: Math.ceil(keyBits / 8),
    scratchRoom: placement.scratchRoom,
    chunks: maxChunks(keyBits, squeeze),
    groupTarget,
    squeeze,
    directPairs: DIRECT_PAIRS,
    directSide: DIRECT_SIDE,
    blockShorterBelow,
    sample: SAMPLE,
    avail: n % 2 === 0 ? 2 ** n - 1 : 2 ** n - 1 - 2 ** h,
    group: QUADRANT_BOUNDS[h].group,
    evenFrames: k.evenFrames.flatMap((f) => [f.fnd, f.fna, f.fsd, f.fsa]),
  };
}
