/**
 * The worker threads of a count: how many by default, and the check of a number asked for
 * (both methods, and the command's --workers, use them; apart from the methods so that checking
 * loads neither).
 */
import { availableParallelism } from "node:os";
import { NQueensError, shownValue } from "../errors.js";
import { MAX_WORKERS } from "../limits.js";

/**
 * Checks a worker count.
 * @throws NQueensError when `workers` is not an integer from 1 to 256
 */
export function checkWorkers(workers: number, what = "workers"): number {
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    throw new NQueensError(
      `${what} must be an integer from 1 to ${MAX_WORKERS}: got ${shownValue(workers)}`,
      "out-of-range",
      { option: what, value: shownValue(workers), min: 1, max: MAX_WORKERS },
    );
  }
  return workers;
}

/** The default number of workers: every core. */
export function defaultWorkers(): number {
  return Math.min(availableParallelism(), MAX_WORKERS);
}
