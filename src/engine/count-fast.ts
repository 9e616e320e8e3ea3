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
import { threadExecArgv } from "./thread-flags.js";
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
 * Blocks: meant for small n (n = 16 takes about 1.5 s here).
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
 * The thread waits for its `WorkerInput` message. It inherits only the flags that make sense in
 * a thread (thread-flags.ts), so countFast works from `node -e`, `--input-type=module`, the REPL,
 * tsx and test runners.
 */
function startWorker(): Worker {
  const execArgv = threadExecArgv(); // not the caller's --input-type, -e, --test, loaders ...
  if (!import.meta.url.endsWith(".ts")) {
    return new Worker(new URL("./worker.js", import.meta.url), { execArgv });
  }
  const api = import.meta.resolve("tsx/esm/api");
  const entry = new URL("./worker.ts", import.meta.url).href;
  const code = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, execArgv });
}

/**
 * Up to this n a count runs on the calling thread: it takes less time than starting threads
 * (n = 13: about 30 ms of counting against 50-200 ms to start a thread here).
 */
export const INLINE_MAX_N = 13;

/**
 * Counts all solutions and the unique ones for an n x n board, on worker threads (for
 * n <= INLINE_MAX_N on the calling thread: `workers` is then 0 in the result).
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
  // Threads take the longest to get ready: start them first, and prepare their work meanwhile.
  const pool: Worker[] = [];
  if (n > INLINE_MAX_N && !signal?.aborted) {
    for (let i = 0; i < workers; i++) pool.push(startWorker());
  }
  const stopping = new Set<Worker>();
  const stopAll = () => {
    for (const w of pool) {
      stopping.add(w);
      void w.terminate();
    }
  };
  const list = split(n);
  const tally = new Tally(list);
  let checkpoint: Checkpoint | undefined;
  if (options.checkpoint !== undefined) {
    try {
      checkpoint = openCheckpoint(options.checkpoint, n, splitVersion(n), list.length);
    } catch (e) {
      stopAll();
      throw e;
    }
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
  const remaining = tally.remaining();
  if (signal?.aborted || remaining.length === 0 || pool.length === 0) {
    stopAll();
    try {
      if (signal?.aborted) throw new CountInterrupted(tally.done, list.length);
      report();
      // Small n: count here, between two looks at the signal per sub-problem.
      for (const id of remaining) {
        const r = solveSubProblem(n, list[id]);
        tally.add(id, r);
        checkpoint?.append(id, r);
        if (signal?.aborted) throw new CountInterrupted(tally.done, list.length);
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
  const input: WorkerInput = {
    n,
    records: splitWords(n),
    order,
    cursor: new Int32Array(new SharedArrayBuffer(4)),
  };
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
      if (error === undefined && tally.done !== list.length) {
        error = new Error(`internal: ${list.length - tally.done} sub-problems were not counted`);
      }
      if (error === undefined) resolve(result(threads));
      else reject(error);
    };
    const onAbort = () => settle(new CountInterrupted(tally.done, list.length));
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
