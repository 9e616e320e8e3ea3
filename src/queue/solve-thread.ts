/**
 * Worker-thread entry of the queue worker's pool (pool.ts): solves the sub-problems it is sent
 * with the engine's kernel.
 * Message in: `{ n, records }`, the sub-problems packed 3 words each (`toWords`, so the thread
 * never recomputes the split). Messages out: Float64Arrays of [id, count, fixed180, fixed90, ...]
 * about every 50 ms (one message per result would cost more than a small sub-problem), then
 * `{ end: true }`.
 */
import { parentPort } from "node:worker_threads";
import { solveSubProblem } from "../engine/kernel.js";
import { fromWords } from "../engine/split.js";

const POST_MS = 50;

const port = parentPort;
if (!port) throw new Error("solve-thread.ts runs only as a worker thread");
port.on("message", (task: { n: number; records: Uint32Array }) => {
  const w = task.records;
  let batch: number[] = [];
  let last = performance.now();
  for (let i = 0; i + 2 < w.length; i += 3) {
    const sp = fromWords(w[i], w[i + 1], w[i + 2]);
    const r = solveSubProblem(task.n, sp);
    batch.push(sp.id, r.count, r.fixed180, r.fixed90);
    const now = performance.now();
    if (now - last >= POST_MS) {
      port.postMessage(Float64Array.from(batch));
      batch = [];
      last = now;
    }
  }
  if (batch.length > 0) port.postMessage(Float64Array.from(batch));
  port.postMessage({ end: true });
});
