/**
 * Worker-thread entry of the queue worker's pool (pool.ts): solves the sub-problems it is sent
 * with the engine's kernel.
 * Message in: `{ n, records }`, the sub-problems packed 3 words each (`toWords`, so the thread
 * never recomputes the split). Messages out: Float64Arrays of [id, count, fixed180, fixed90, ...]
 * about every half second, then `{ end: true }`.
 */
import { parentPort } from "node:worker_threads";
import { solveInBatches } from "../engine/solve-batches.js";
import { fromWords } from "../engine/split.js";

/**
 * How often results go to the worker's main thread. The worker stores them in Redis about as
 * often, and the coordinator looks every half second; each message wakes the main thread, which
 * on two cores takes the time from a solving thread.
 */
const POST_MS = 500;

const port = parentPort;
if (!port) throw new Error("solve-thread.ts runs only as a worker thread");
port.on("message", (task: { n: number; records: Uint32Array }) => {
  const w = task.records;
  let i = 0;
  const next = () => {
    if (i + 2 >= w.length) return undefined;
    const sp = fromWords(w[i]!, w[i + 1]!, w[i + 2]!);
    i += 3;
    return sp;
  };
  solveInBatches(task.n, next, (batch) => port.postMessage(batch), POST_MS);
  port.postMessage({ end: true });
});
