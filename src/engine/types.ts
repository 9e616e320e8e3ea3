/** The engine's public option and result types. */

import type { CountMethod } from "./method.js";

/** What the engine reports while it counts. */
export interface Progress {
  /** Sub-problems finished (including those loaded from a checkpoint). */
  readonly done: number;
  /** Sub-problems in the split. */
  readonly total: number;
  /** Solutions counted so far (all symmetric images included). */
  readonly solutions: bigint;
}

/** Options of `count`. */
export interface CountOptions {
  /**
   * How to count: `join` (joining half-boards, n <= 27), `constellations` (backtracking over the
   * symmetry-reduced split, n <= 32), `plain` (the single-thread reference counter, n <= 32, no
   * checkpoint), or `auto`, the one measured faster for n (docs/counting.md).
   * @default "auto"
   */
  readonly method?: CountMethod | "plain";
  /**
   * Worker threads to count on (an integer from 1 to 256). Small counts do not start any (the
   * result's `onCallingThread` says so): n up to 13 by the constellations, up to 16 by the join,
   * and `plain`. With 1, the join counts on the calling thread up to n = 21 (one thread either
   * way, less memory), giving the event loop a turn every 50 ms.
   * @default os.availableParallelism()
   */
  readonly workers?: number;
  /** Called after each batch of finished sub-problems (and once at the start). */
  readonly onProgress?: (progress: Progress) => void;
  /** A file to record finished sub-problems in, and to resume from. */
  readonly checkpoint?: string;
  /** Aborting stops the workers at once; the promise rejects with `CountInterrupted`. */
  readonly signal?: AbortSignal;
}

/** The result of a count. */
export interface CountResult {
  /** The board's size. */
  readonly n: number;
  /** All solutions. */
  readonly total: bigint;
  /** Solutions up to rotation and reflection. */
  readonly unique: bigint;
  /** Wall-clock seconds of this run (not of earlier runs resumed from a checkpoint). */
  readonly seconds: number;
  /** Sub-problems in the split. */
  readonly subProblems: number;
  /** Sub-problems taken from the checkpoint instead of being counted. */
  readonly resumed: number;
  /**
   * Threads that counted (0: counted on the calling thread, `onCallingThread` says why; 1 may be
   * the calling thread itself: `workers: 1` by the join up to n = 21).
   */
  readonly workers: number;
  /**
   * Why the count ran on the calling thread, whatever `workers` asked for: `small`, n small
   * enough that counting takes less time than starting threads (up to 14 by the canonical search,
   * 13 by the constellations, 16 by the join); `plain`, the plain counter has no threads; `resumed`, the checkpoint held
   * every sub-problem, nothing was left to count. Absent when threads counted.
   */
  readonly onCallingThread?: "small" | "plain" | "resumed";
  /**
   * The method that counted (`auto` resolved): `canonical` is what `auto` uses for n up to 14
   * without a checkpoint (a single search over the least member of each symmetry class).
   */
  readonly method: "join" | "constellations" | "plain" | "canonical";
}

/** A count's result before its method is named: what each method's counter returns. */
export type MethodResult = Omit<CountResult, "method">;

/** Thrown (as a rejection) when a count is aborted through its signal. */
export class CountInterrupted extends Error {
  override readonly name = "CountInterrupted";
  constructor(
    /** Sub-problems finished, checkpointed ones included. */
    readonly done: number,
    /** Sub-problems in the split. */
    readonly total: number,
  ) {
    super(`count interrupted after ${done} of ${total} sub-problems`);
  }
}
