/**
 * Worker-thread entry of the queue worker's pool (pool.ts): solves the sub-problems it is sent
 * with the engine's kernel.
 * Message in: `{ n, records }`, the sub-problems packed 3 words each (`toWords`, so the thread
 * never recomputes the split). Messages out: Float64Arrays of [id, count, fixed180, fixed90, ...]
 * about every 50 ms (one message per result would cost more than a small sub-problem), then
 * `{ end: true }`.
 */
import { parentPort } from "node:worker_threads";
import { solveInBatches } from "../engine/solve-batches.js";
import { fromWords } from "../engine/split.js";

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
  solveInBatches(task.n, next, (batch) => port.postMessage(batch));
  port.postMessage({ end: true });
});
