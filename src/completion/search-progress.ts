/** What a completion search reports while it runs: ticks to look at the clock, and progress. */

/** Yielded `null`s and progress callbacks of a search (both optional). */
export interface SearchProgress {
  /** Yield `null` every this many search steps, a chance to look at the clock (0: never). */
  readonly tickEvery: number;
  /**
   * The lowest empty row's candidate squares: (0, total) at the start, then (done, total) each
   * time the search moves past one, (total, total) at the end. A full board has one candidate,
   * itself; a board where some empty row is fully attacked from the start has none.
   */
  readonly progress?: (done: number, total: number) => void;
}

export const NO_PROGRESS: SearchProgress = { tickEvery: 0 };
/** Mask-search steps between ticks: a few hundred microseconds. */
export const MASK_TICKS = 1 << 14;
/** Line-board steps between ticks: each is O(n), so about 2^16 operations in all. */
export const lineTicks = (n: number) => Math.max(1, Math.floor(65536 / n));
