/**
 * `countFast`: the whole count on worker threads, with progress, cancellation and checkpoints;
 * `countFastSync`: the same on the calling thread, for small n.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { checkSize, NQueensError } from "../errors.js";
import { type Checkpoint, openCheckpoint } from "./checkpoint.js";
import { solveSubProblem } from "./kernel.js";
import { MAX_N, split, splitVersion, splitWords } from "./split.js";
import { Tally } from "./tally.js";
import { CountInterrupted, type CountOptions, type CountResult } from "./types.js";
import type { WorkerInput } from "./worker.js";

/** The most worker threads `countFast` accepts. */
export const MAX_WORKERS = 256;

/**
 * Checks a worker count.
 * @throws NQueensError when `workers` is not an integer from 1 to 256
 */
export function checkWorkers(workers: number, what = "workers"): number {
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    throw new NQueensError(`${what} must be an integer from 1 to ${MAX_WORKERS}: got ${workers}`);
  }
  return workers;
}

/** The default number of workers: every core. */
export function defaultWorkers(): number {
  return Math.min(availableParallelism(), MAX_WORKERS);
}

/**
 * Counts all solutions and the unique ones for an n x n board on the calling thread.
 * Blocks: meant for small n (n = 16 takes about 2 s).
 * @throws NQueensError when n is not an integer in 1..32
 * @example countFastSync(8) // { n: 8, total: 92n, unique: 12n, ... }
 */
export function countFastSync(n: number): CountResult {
  checkSize(n, MAX_N);
  const start = performance.now();
  const list = split(n);
  const tally = new Tally(list);
  for (const sp of list) tally.add(sp.id, solveSubProblem(n, sp));
  return {
    n,
    total: tally.total,
    unique: tally.unique,
    seconds: (performance.now() - start) / 1000,
    subProblems: list.length,
    resumed: 0,
    workers: 0,
  };
}

/**
 * Starts one counting thread: the built worker.js beside this module, or, when this module runs
 * from source under tsx (tests), worker.ts through a bootstrap that registers tsx in the thread
 * first (an `--import tsx` in the worker's execArgv does not reach its entry module on Node 20).
 */
function startWorker(input: WorkerInput): Worker {
  if (!import.meta.url.endsWith(".ts")) {
    return new Worker(new URL("./worker.js", import.meta.url), { workerData: input });
  }
  const api = import.meta.resolve("tsx/esm/api");
  const entry = new URL("./worker.ts", import.meta.url).href;
  const code = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, workerData: input });
}

/**
 * Counts all solutions and the unique ones for an n x n board, on worker threads.
 * With `checkpoint`, finished sub-problems are recorded durably and a rerun skips them.
 * @throws NQueensError (rejects) for n outside 1..32, a bad worker count, or a checkpoint that
 *   cannot be used; CountInterrupted when `signal` aborts.
 * @example await countFast(12, { workers: 2 }) // { n: 12, total: 14200n, unique: 1787n, ... }
 */
export async function countFast(n: number, options: CountOptions = {}): Promise<CountResult> {
  checkSize(n, MAX_N);
  const workers = checkWorkers(options.workers ?? defaultWorkers());
  const { onProgress, signal } = options;
  const start = performance.now();
  const list = split(n);
  const tally = new Tally(list);
  let checkpoint: Checkpoint | undefined;
  if (options.checkpoint !== undefined) {
    checkpoint = openCheckpoint(options.checkpoint, n, splitVersion(n), list.length);
    for (const [id, r] of checkpoint.results) tally.add(id, r);
  }
  const resumed = tally.done;
  const report = () =>
    onProgress?.({ done: tally.done, total: list.length, solutions: tally.total });
  const result = (used: number): CountResult => ({
    n,
    total: tally.total,
    unique: tally.unique,
    seconds: (performance.now() - start) / 1000,
    subProblems: list.length,
    resumed,
    workers: used,
  });
  if (signal?.aborted) {
    checkpoint?.close();
    throw new CountInterrupted(tally.done, list.length);
  }
  report();
  const remaining = tally.remaining();
  if (remaining.length === 0) {
    checkpoint?.close();
    return result(0);
  }

  const threads = Math.min(workers, remaining.length);
  const order = new Int32Array(new SharedArrayBuffer(4 * remaining.length));
  order.set(remaining);
  const input: WorkerInput = {
    n,
    records: splitWords(n),
    order,
    cursor: new Int32Array(new SharedArrayBuffer(4)),
  };

  return new Promise<CountResult>((resolve, reject) => {
    const pool: Worker[] = [];
    const stopping = new Set<Worker>();
    let finished = 0;
    let settled = false;
    const stopAll = () => {
      signal?.removeEventListener("abort", onAbort);
      for (const w of pool) {
        stopping.add(w);
        void w.terminate();
      }
    };
    const settle = (error: unknown) => {
      if (settled) return;
      settled = true;
      stopAll();
      try {
        checkpoint?.close();
      } catch (e) {
        error ??= e;
      }
      if (error === undefined && tally.done !== list.length) {
        error = new Error(`internal: ${list.length - tally.done} sub-problems were not counted`);
      }
      if (error === undefined) resolve(result(threads));
      else reject(error);
    };
    const onAbort = () => settle(new CountInterrupted(tally.done, list.length));
    signal?.addEventListener("abort", onAbort, { once: true });

    for (let i = 0; i < threads; i++) {
      const w = startWorker(input);
      pool.push(w);
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
    }
  });
}
