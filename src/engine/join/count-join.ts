/**
 * `countJoin`: the join count on worker threads, with the engine's contract (engine/types.ts):
 * progress callbacks, abort, checkpoints that resume exactly; `countJoinSync` on the calling
 * thread. The unit of work is a task of the join split (join/split.ts); each thread keeps one
 * kernel with its own quadrant tables (n = 20: 60 MB, n = 22: 534 MB per thread).
 */
import { Worker } from "node:worker_threads";
import { checkSize } from "../../errors.js";
import { type Checkpoint, openCheckpoint } from "../checkpoint.js";
import { checkWorkers, defaultWorkers } from "../count-fast.js";
import { CountInterrupted, type CountOptions, type CountResult } from "../types.js";
import { JOIN_MAX_N, joinSplitVersion, joinSubProblems } from "./split.js";
import { JoinTally } from "./tally.js";
import { JoinSolver } from "./tasks.js";
import type { JoinWorkerInput } from "./worker.js";

/** Up to this n a join count runs on the calling thread (faster than starting threads). */
export const JOIN_INLINE_MAX_N = 12;

/**
 * Counts all solutions and the unique ones for an n x n board by joining half-boards, on the
 * calling thread. Blocks: meant for small n (n = 16: about 0.6 s here).
 * @throws NQueensError when n is not an integer in 1..25
 * @example countJoinSync(8) // { n: 8, total: 92n, unique: 12n, ... }
 */
export function countJoinSync(n: number): CountResult {
  checkSize(n, JOIN_MAX_N);
  const start = performance.now();
  const tasks = joinSubProblems(n);
  const tally = new JoinTally(n, tasks);
  const solver = new JoinSolver(n);
  for (let id = 0; id < tasks; id++) tally.add(id, solver.solve(id));
  return {
    n,
    total: tally.total,
    unique: tally.unique,
    seconds: (performance.now() - start) / 1000,
    subProblems: tasks,
    resumed: 0,
    workers: 0,
  };
}

/** Starts one join thread (built worker.js, or worker.ts through tsx under the tests). */
function startWorker(): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL("./worker.js", import.meta.url));
  const api = import.meta.resolve("tsx/esm/api");
  const entry = new URL("./worker.ts", import.meta.url).href;
  const code = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true });
}

/**
 * Counts all solutions and the unique ones for an n x n board by joining half-boards, on worker
 * threads (n <= JOIN_INLINE_MAX_N: on the calling thread, `workers` 0 in the result). With
 * `checkpoint`, finished tasks are recorded durably and a rerun skips them (the file names the
 * join's split, so a checkpoint of the other method is refused).
 * @throws NQueensError (rejects) for n outside 1..25, a bad worker count, or a checkpoint that
 *   cannot be used; CountInterrupted when `signal` aborts.
 * @example await countJoin(20, { workers: 2 }) // { n: 20, total: 39029188884n, ... }
 */
export async function countJoin(n: number, options: CountOptions = {}): Promise<CountResult> {
  checkSize(n, JOIN_MAX_N);
  const workers = checkWorkers(options.workers ?? defaultWorkers());
  const { onProgress, signal } = options;
  const start = performance.now();
  const pool: Worker[] = [];
  if (n > JOIN_INLINE_MAX_N && !signal?.aborted) {
    for (let i = 0; i < workers; i++) pool.push(startWorker());
  }
  const stopping = new Set<Worker>();
  const stopAll = () => {
    for (const w of pool) {
      stopping.add(w);
      void w.terminate();
    }
  };
  const tasks = joinSubProblems(n);
  const tally = new JoinTally(n, tasks);
  let checkpoint: Checkpoint | undefined;
  if (options.checkpoint !== undefined) {
    try {
      checkpoint = openCheckpoint(options.checkpoint, n, joinSplitVersion(n), tasks);
    } catch (e) {
      stopAll();
      throw e;
    }
    for (const [id, r] of checkpoint.results) tally.add(id, r);
  }
  const resumed = tally.done;
  const report = () => onProgress?.({ done: tally.done, total: tasks, solutions: tally.total });
  const result = (used: number): CountResult => ({
    n,
    total: tally.total,
    unique: tally.unique,
    seconds: (performance.now() - start) / 1000,
    subProblems: tasks,
    resumed,
    workers: used,
  });
  const remaining = tally.remaining();
  if (signal?.aborted || remaining.length === 0 || pool.length === 0) {
    stopAll();
    try {
      if (signal?.aborted) throw new CountInterrupted(tally.done, tasks);
      report();
      const solver = new JoinSolver(n);
      for (const id of remaining) {
        const r = solver.solve(id);
        tally.add(id, r);
        checkpoint?.append(id, r);
        if (signal?.aborted) throw new CountInterrupted(tally.done, tasks);
      }
      if (remaining.length > 0) report();
    } finally {
      checkpoint?.close();
    }
    return result(0);
  }
  report();

  const order = new Int32Array(new SharedArrayBuffer(4 * remaining.length));
  order.set(remaining);
  const input: JoinWorkerInput = { n, order, cursor: new Int32Array(new SharedArrayBuffer(4)) };
  const threads = pool.length;

  return new Promise<CountResult>((resolve, reject) => {
    let finished = 0;
    let settled = false;
    const settle = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      stopAll();
      try {
        checkpoint?.close();
      } catch (e) {
        error ??= e;
      }
      if (error === undefined && tally.done !== tasks) {
        error = new Error(`internal: ${tasks - tally.done} join tasks were not counted`);
      }
      if (error === undefined) resolve(result(threads));
      else reject(error);
    };
    const onAbort = () => settle(new CountInterrupted(tally.done, tasks));
    signal?.addEventListener("abort", onAbort, { once: true });

    for (const w of pool) {
      w.on("message", (message: Float64Array | string) => {
        if (settled) return;
        if (message === "done") {
          stopping.add(w);
          void w.terminate();
          if (++finished === threads) settle(undefined);
          return;
        }
        const a = message as Float64Array;
        try {
          for (let j = 0; j < a.length; j += 4) {
            const r = { count: a[j + 1], fixed180: a[j + 2], fixed90: a[j + 3] };
            tally.add(a[j], r);
            checkpoint?.append(a[j], r);
          }
        } catch (e) {
          settle(e);
          return;
        }
        report();
      });
      w.on("error", (e) => settle(e));
      w.on("exit", (code) => {
        if (!stopping.has(w)) settle(new Error(`a counting thread stopped (exit code ${code})`));
      });
      w.postMessage(input);
    }
  });
}
