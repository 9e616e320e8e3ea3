/**
 * Adding join task results up (bigint, exact): the total from the counting tasks, and the
 * rotation-fixed counts of the last task for the unique count (`uniqueOf`). Used by the local
 * counter (count-join.ts) and by the queue's runs.
 */
import type { SubResult } from "../constellations/split.js";
import { uniqueOf } from "./tasks.js";

/** A running sum of task results, each task counted at most once. */
export class JoinTally {
  total = 0n;
  fixed180 = 0n;
  fixed90 = 0n;
  done = 0;
  readonly #seen: Uint8Array;

  /** `tasks`: every task of the split, the symmetric one included (`joinSubProblems(n)`). */
  constructor(
    readonly n: number,
    readonly tasks: number,
  ) {
    this.#seen = new Uint8Array(tasks);
  }

  /** Whether task `id` is already counted. */
  has(id: number): boolean {
    return this.#seen[id] === 1;
  }

  /** Adds one result; a second result for the same id is ignored. */
  add(id: number, r: SubResult): void {
    if (this.#seen[id] === 1) return;
    this.#seen[id] = 1;
    this.done++;
    this.total += BigInt(r.count);
    this.fixed180 += BigInt(r.fixed180);
    this.fixed90 += BigInt(r.fixed90);
  }

  /** The ids not yet counted: the rotation-fixed task (the last) first, one of the longer ones. */
  remaining(): number[] {
    const out: number[] = [];
    if (this.#seen[this.tasks - 1] === 0) out.push(this.tasks - 1);
    for (let id = 0; id < this.tasks - 1; id++) if (this.#seen[id] === 0) out.push(id);
    return out;
  }

  /**
   * The unique count (Burnside), once every task is added.
   * @throws Error when the counts are inconsistent (their sum is not a multiple of 8)
   */
  get unique(): bigint {
    return uniqueOf(this.n, this.total, this.fixed180, this.fixed90);
  }
}
