/**
 * The loop every counting thread runs (the engine's workers, the join's threads and the queue's
 * solver threads): solve sub-problems one after another and hand the results over in batches
 * (about every 50 ms for the engine's progress bar, every half second for the queue's), as a
 * Float64Array of [id, count, fixed180, fixed90, ...]. One message per result would cost more
 * than a small sub-problem; one message at the end would leave progress dark.
 */

import type { SubProblem, SubResult } from "./constellations/split.js";
import { solveSubProblem } from "./kernel.js";

/** How often a counting thread posts the results it has, unless told otherwise. */
const POST_MS = 50;

/**
 * Calls `solveNext` until it returns undefined (each call solves one sub-problem and returns
 * its id and result), passing batches of results to `post` (every `postMs` while working, and
 * once at the end).
 */
export function postInBatches(
  solveNext: () => readonly [number, SubResult] | undefined,
  post: (batch: Float64Array) => void,
  postMs = POST_MS,
): void {
  let batch: number[] = [];
  let last = performance.now();
  for (let solved = solveNext(); solved !== undefined; solved = solveNext()) {
    const [id, r] = solved;
    batch.push(id, r.count, r.fixed180, r.fixed90);
    const now = performance.now();
    if (now - last >= postMs) {
      post(Float64Array.from(batch));
      batch = [];
      last = now;
    }
  }
  if (batch.length > 0) post(Float64Array.from(batch));
}

/**
 * Solves the constellation sub-problems `next()` returns until it returns undefined, passing
 * batches of results to `post` (see {@link postInBatches}).
 */
export function solveInBatches(
  n: number,
  next: () => SubProblem | undefined,
  post: (batch: Float64Array) => void,
  postMs = POST_MS,
): void {
  postInBatches(
    () => {
      const sp = next();
      return sp === undefined ? undefined : [sp.id, solveSubProblem(n, sp)];
    },
    post,
    postMs,
  );
}
