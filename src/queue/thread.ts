/**
 * Worker-thread entry of the queue worker's pool (pool.ts): solves the sub-problems it is sent,
 * of either method: constellations with the engine's kernel, join tasks with a `JoinSolver`, one
 * per thread, kept for the next task of the same n (its quadrant tables take 45 MB at n = 20,
 * 401 MB at n = 22, and seconds to build: docs/counting.md, "Joining half-boards").
 * Messages in: {@link SolveTask}. Messages out: Float64Arrays of [id, count, fixed180, fixed90,
 * ...] about every half second, then `{ end: true }`.
 */
import { parentPort } from "node:worker_threads";
import { fromWords, JoinSolver, postInBatches, solveInBatches } from "../engine/index.js";

/** What the pool asks a thread to solve. */
export type SolveTask =
  /** Constellation sub-problems packed 3 words each (`toWords`). */
  | { readonly method: "constellations"; readonly n: number; readonly records: Uint32Array }
  /** Join task ids. */
  | { readonly method: "join"; readonly n: number; readonly ids: Uint32Array };

/**
 * How often results go to the worker's main thread. The worker stores them in Redis about as
 * often, and the coordinator looks every half second; each message wakes the main thread, which
 * on two cores takes the time from a solving thread.
 */
const POST_MS = 500;

/** This thread's join solver: the last n it joined. */
let joiner: JoinSolver | undefined;

function solve(task: SolveTask, post: (batch: Float64Array) => void): void {
  if (task.method === "join") {
    // The old solver's tables can go before the new ones are built (on the first task).
    if (joiner?.n !== task.n) joiner = new JoinSolver(task.n);
    const solver = joiner;
    const ids = task.ids;
    let i = 0;
    postInBatches(
      () => {
        if (i >= ids.length) return undefined;
        const id = ids[i++];
        return [id, solver.solve(id)];
      },
      post,
      POST_MS,
    );
    return;
  }
  const w = task.records;
  let i = 0;
  const next = () => {
    if (i + 2 >= w.length) return undefined;
    const sp = fromWords(w[i]!, w[i + 1]!, w[i + 2]!);
    i += 3;
    return sp;
  };
  solveInBatches(task.n, next, post, POST_MS);
}

const port = parentPort;
if (!port) throw new Error("thread.ts runs only as a worker thread");
port.on("message", (task: SolveTask) => {
  solve(task, (batch) => port.postMessage(batch));
  port.postMessage({ end: true });
});
