/**
 * A counting thread (see count.ts). It starts before the main thread has the work ready, and
 * waits for one message with it; then it takes sub-problems one at a time from a shared list (an
 * atomic cursor, so faster threads simply take more) and posts its results in batches, about
 * every 50 ms, as a Float64Array of [id, count, fixed180, fixed90, ...], then the string "done".
 */
import { parentPort } from "node:worker_threads";
import { solveInBatches } from "../solve-batches.js";
import { fromWords } from "./split.js";

/** What count.ts posts to each worker, once. */
export interface WorkerInput {
  readonly n: number;
  /** `splitWords(n)`: 3 words per sub-problem, by id. */
  readonly records: Uint32Array;
  /** The ids to count, in order (shared). */
  readonly order: Int32Array;
  /** Index of the next id in `order` to take (shared, advanced with Atomics.add). */
  readonly cursor: Int32Array;
}

function run(port: NonNullable<typeof parentPort>, input: WorkerInput): void {
  const { n, records, order, cursor } = input;
  const next = () => {
    const i = Atomics.add(cursor, 0, 1);
    if (i >= order.length) return undefined;
    const id = order[i]!;
    return fromWords(records[3 * id]!, records[3 * id + 1]!, records[3 * id + 2]!);
  };
  solveInBatches(n, next, (batch) => port.postMessage(batch));
  port.postMessage("done");
}

const port = parentPort;
if (port !== null) {
  port.once("message", (input: WorkerInput) => run(port, input));
}
