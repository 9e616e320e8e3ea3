/**
 * Worker-thread entry of the queue worker's pool (pool.ts): solves the sub-problems it is sent
 * with the engine's kernel and posts each result as soon as it has it.
 * Message in: `{ n, records }`, the sub-problems packed 3 words each (`toWords`, so the thread
 * never recomputes the split); messages out: `{ id, count, fixed180, fixed90 }` per sub-problem,
 * then `{ end: true }`.
 */
import { parentPort } from "node:worker_threads";
import { solveSubProblem } from "../engine/kernel.js";
import { fromWords } from "../engine/split.js";

const port = parentPort;
if (!port) throw new Error("solve-thread.ts runs only as a worker thread");
port.on("message", (task: { n: number; records: Uint32Array }) => {
  const w = task.records;
  for (let i = 0; i + 2 < w.length; i += 3) {
    const sp = fromWords(w[i], w[i + 1], w[i + 2]);
    const r = solveSubProblem(task.n, sp);
    port.postMessage({ id: sp.id, count: r.count, fixed180: r.fixed180, fixed90: r.fixed90 });
  }
  port.postMessage({ end: true });
});
