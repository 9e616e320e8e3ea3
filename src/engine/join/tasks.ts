/**
 * One task of the join split, solved: the unit that threads, checkpoints and queue jobs pass
 * around, as the engine's `SubResult` record { count, fixed180, fixed90 }. Counting tasks give
 * their share of the total in `count`; the last task (id = `joinTaskCount(n)`) gives the
 * rotation-fixed counts for the unique total.
 */
import type { SubResult } from "../constellations/split.js";
import { InconsistentCounts } from "../inconsistent.js";
import { JoinKernel, type KernelTuning, WindowFull } from "./kernel.js";
import { solveTask } from "./solve.js";
import { type JoinItems, joinItems, joinTaskCount } from "./split.js";
import { fixedByHalfTurn, fixedByQuarterTurn } from "./symmetric.js";
import type { TableShare } from "./table.js";

/**
 * Solves join tasks of one n; keeps its kernel (and quadrant tables) between tasks.
 * @example new JoinSolver(12).solve(0) // { count: ..., fixed180: 0, fixed90: 0 }
 */
export class JoinSolver {
  readonly n: number;
  #kernel: JoinKernel | undefined;
  readonly #tuning: KernelTuning;
  /** The counting tasks of n (split.ts `joinTaskCount`), known at the first task. */
  #tasks: number | undefined;
  #items: JoinItems | undefined;
  /** A shared quadrant table to build the kernel on (join/table.ts), until its window is full. */
  #share: TableShare | undefined;

  /**
   * `share`: the kernel's quadrant table in a memory shared with other threads, and its window
   * there (join/table.ts); without it the kernel builds a table of its own.
   */
  constructor(n: number, tuning: KernelTuning = {}, share?: TableShare) {
    this.n = n;
    this.#tuning = tuning;
    this.#share = share;
  }

  /**
   * The kernel, built on first use (building its quadrant tables takes a while: docs/counting.md,
   * "Joining half-boards").
   */
  get kernel(): JoinKernel {
    this.#kernel ??= new JoinKernel(this.n, this.#tuning, this.#share);
    return this.#kernel;
  }

  /**
   * The result of task t.
   * @throws Error when a task's count passes 2^53 (n = 27's tasks hold about 6 x 10^13 each)
   */
  solve(t: number): SubResult {
    const { n } = this;
    this.#tasks ??= joinTaskCount(n);
    const tasks = this.#tasks;
    if (!Number.isInteger(t) || t < 0 || t > tasks) throw new RangeError(`no task ${t} of n=${n}`);
    if (t === tasks) {
      // n = 1..3 have no counting tasks: this one carries their total.
      const count = n === 1 ? 1 : 0;
      return { count, fixed180: fixedByHalfTurn(n), fixed90: fixedByQuarterTurn(n) };
    }
    this.#items ??= joinItems(n);
    const count = this.#count(t);
    if (count > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`task ${t}: count past 2^53`);
    return { count: Number(count), fixed180: 0, fixed90: 0 };
  }

  /**
   * Counting task t (of `joinTaskCount(n)`). A kernel on a shared table whose lists outgrow its
   * window is replaced by one with a memory (and a table) of its own, and the task counted again:
   * a task leaves nothing behind in the kernel that the next one reads.
   */
  #count(t: number): bigint {
    const items = this.#items ?? joinItems(this.n);
    const tasks = this.#tasks ?? joinTaskCount(this.n);
    try {
      return solveTask(this.kernel, items, tasks, t);
    } catch (e) {
      if (!(e instanceof WindowFull) || this.#share === undefined) throw e;
      this.#share = undefined;
      this.#kernel = undefined;
      return solveTask(this.kernel, items, tasks, t);
    }
  }
}

/**
 * The unique count from the total and the rotation-fixed counts (Burnside; for n = 1 the one
 * queen is also fixed by the reflections).
 * @throws InconsistentCounts when the sum is not a multiple of 8 (a bug, or a record read wrong)
 */
export function uniqueOf(n: number, total: bigint, fixed180: bigint, fixed90: bigint): bigint {
  if (n === 1) return total;
  const sum = total + fixed180 + 2n * fixed90;
  if (sum % 8n !== 0n)
    throw new InconsistentCounts(
      `inconsistent join counts for n=${n}: the total ${total} + the half-turn-fixed ${fixed180} + 2 x the quarter-turn-fixed ${fixed90} is not a multiple of 8`,
    );
  return sum / 8n;
}
