/**
 * The completion jobs' pacing: a listing's limit checked, and the event loop's turns every few
 * milliseconds (what lets a signal handler abort an async search).
 */
import { NQueensError, shownValue } from "../errors.js";

const DEFAULT_YIELD_MS = 50;

/** A listing's `limit`: a non-negative integer or Infinity (the default). */
export function checkLimit(limit: number = Number.POSITIVE_INFINITY): number {
  if (!(limit === Number.POSITIVE_INFINITY || (Number.isInteger(limit) && limit >= 0))) {
    throw new NQueensError(
      `limit must be a non-negative integer: got ${shownValue(limit)}`,
      "out-of-range",
    );
  }
  return limit;
}

/** A function that gives the event loop a turn when `every` ms have passed since the last. */
export function turns(every: number = DEFAULT_YIELD_MS): () => Promise<void> | undefined {
  if (!(typeof every === "number" && every >= 0 && every !== Number.POSITIVE_INFINITY)) {
    throw new NQueensError(
      `yieldEveryMs must be a non-negative number: got ${shownValue(every)}`,
      "out-of-range",
      {
        option: "yieldEveryMs",
      },
    );
  }
  let last = performance.now();
  return () => {
    if (performance.now() - last < every) return undefined;
    return nextTask().then(() => {
      last = performance.now();
    });
  };
}

/** Resolves after the event loop has had a turn (setImmediate in Node, a timer in a browser). */
function nextTask(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
  return new Promise((resolve) => {
    if (immediate) immediate(resolve);
    else setTimeout(resolve, 0);
  });
}
