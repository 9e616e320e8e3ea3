/**
 * The time limit of the blocking completion calls (`completeOne`, `canComplete`): a call that
 * cannot be stopped from outside stops itself, with an error that names the limit and the call
 * that can run longer (`completeOneAsync`, with a signal and progress). The searches look at the
 * clock at their ticks (search-progress.ts), a few hundred microseconds apart.
 */
import { NQueensError, shownValue } from "../errors.js";
import { thousands } from "../words.js";

/** How long `completeOne` and `canComplete` run at most unless told otherwise: one minute. */
export const SYNC_TIME_LIMIT_MS = 60_000;

/** The end of a blocking call's time: `check()` at each tick, `fail()` when a search gave up. */
export class Deadline {
  readonly #end: number;

  constructor(
    readonly fn: string,
    readonly ms: number,
  ) {
    this.#end = performance.now() + ms;
  }

  /** Milliseconds left (Infinity without a limit). */
  left(): number {
    return Math.max(0, this.#end - performance.now());
  }

  /** Throws {@link Deadline.fail}'s error once the time is past. */
  check(): void {
    if (performance.now() > this.#end) this.fail();
  }

  /** The error of a call past its time: it names the option and the call to use instead. */
  fail(): never {
    throw new NQueensError(
      `${this.fn} stopped at its time limit (timeLimitMs, ${thousands(this.ms)} ms) without an answer: raise timeLimitMs, or use completeOneAsync, which reports progress and stops on a signal`,
      "timed-out",
      { option: "timeLimitMs", value: this.ms },
    );
  }
}

/** `options.timeLimitMs` of `fn` checked: a number from 0 (Infinity: no limit); the default one minute. */
export function deadlineOf(fn: string, timeLimitMs: unknown): Deadline {
  if (timeLimitMs === undefined) return new Deadline(fn, SYNC_TIME_LIMIT_MS);
  if (typeof timeLimitMs !== "number" || Number.isNaN(timeLimitMs) || timeLimitMs < 0) {
    throw new NQueensError(
      `${fn}: options.timeLimitMs must be a number of milliseconds from 0 (Infinity: no limit), got ${shownValue(timeLimitMs)}`,
      "out-of-range",
      { option: "timeLimitMs", value: shownValue(timeLimitMs), min: 0 },
    );
  }
  return new Deadline(fn, timeLimitMs);
}
