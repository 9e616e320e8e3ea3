/**
 * A join counting thread (see count-join.ts): waits for one message with the work, builds its
 * kernel, then takes task ids one at a time from a shared list (an atomic cursor) and posts the
 * results about every 50 ms as a Float64Array of [id, count, fixed180, fixed90, ...], then "done".
 */
import { parentPort } from "node:worker_threads";
import { POST_MS } from "../solve-batches.js";
import { JoinSolver } from "./tasks.js";

/** What count-join.ts posts to each thread, once. */
export interface JoinWorkerInput {
  readonly n: number;
  /** The task ids to count, in order (shared). */
  readonly order: Int32Array;
  /** Index of the next id in `order` (shared, advanced with Atomics.add). */
  readonly cursor: Int32Array;
}

function run(port: NonNullable<typeof parentPort>, input: JoinWorkerInput): void {
  const { n, order, cursor } = input;
  const solver = new JoinSolver(n);
  let batch: number[] = [];
  let last = performance.now();
  for (;;) {
    const i = Atomics.add(cursor, 0, 1);
    if (i >= order.length) break;
    const id = order[i];
    const r = solver.solve(id);
    batch.push(id, r.count, r.fixed180, r.fixed90);
    const now = performance.now();
    if (now - last >= POST_MS) {
      port.postMessage(Float64Array.from(batch));
      batch = [];
      last = now;
    }
  }
  if (batch.length > 0) port.postMessage(Float64Array.from(batch));
  port.postMessage("done");
}

const port = parentPort;
if (port !== null) {
  port.once("message", (input: JoinWorkerInput) => run(port, input));
}
