/**
 * One task of the join split, solved: the unit that threads, checkpoints and queue jobs pass
 * around, as the engine's `SubResult` record { count, fixed180, fixed90 }. Counting tasks give
 * their share of the total in `count`; the last task (id = `joinTaskCount(n)`) gives the
 * rotation-fixed counts for the unique total.
 */
import type { SubResult } from "../constellations/split.js";
import { InconsistentCounts } from "../inconsistent.js";
import { JoinKernel, type KernelTuning } from "./kernel.js";
import { solveTask } from "./solve.js";
import { type JoinItems, joinItems, joinTaskCount } from "./split.js";
import { fixedByHalfTurn, fixedByQuarterTurn } from "./symmetric.js";

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

  constructor(n: number, tuning: KernelTuning = {}) {
    this.n = n;
    this.#tuning = tuning;
  }

  /**
   * The kernel, built on first use (building its quadrant tables takes a while: docs/counting.md,
   * "Joining half-boards").
   */
  get kernel(): JoinKernel {
    this.#kernel ??= new JoinKernel(this.n, this.#tuning);
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
    const count = solveTask(this.kernel, this.#items, tasks, t);
    if (count > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`task ${t}: count past 2^53`);
    return { count: Number(count), fixed180: 0, fixed90: 0 };
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
