/**
 * Worker-thread entry of the queue worker's pool (pool.ts): solves the sub-problems it is sent
 * with the engine's kernel and posts each result as soon as it has it.
 * Message in: `{ n, ids }`; messages out: `{ id, count, fixed180, fixed90 }` per id, then `{ end: true }`.
 */
import { parentPort } from "node:worker_threads";
import { solveSubProblem } from "../engine/kernel.js";
import { split } from "../engine/split.js";

const port = parentPort;
if (!port) throw new Error("solve-thread.ts runs only as a worker thread");
port.on("message", (task: { n: number; ids: number[] }) => {
  const list = split(task.n);
  for (const id of task.ids) {
    const r = solveSubProblem(task.n, list[id]);
    port.postMessage({ id, count: r.count, fixed180: r.fixed180, fixed90: r.fixed90 });
  }
  port.postMessage({ end: true });
});
