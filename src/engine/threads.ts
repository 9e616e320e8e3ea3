/**
 * Counting on worker threads, for both methods (constellations/count.ts; join/count-join.ts: the
 * join): start the threads, resume from the checkpoint, hand out the remaining sub-problems
 * through a shared cursor, add up and record what the threads post, report progress, stop on the
 * signal, and close the checkpoint whatever happens. What differs between the methods (the
 * split, the running sum, the thread's entry and its input, a solver for the calling thread) is
 * a {@link ThreadedCount}.
 *
 * A count on the calling thread (small n) loads neither worker threads nor the checkpoint's
 * modules unless it uses them: start-thread.ts and checkpoint.ts are imported when needed, so
 * that `nqueens count 8` starts as light as it can (docs/notes/2026-12-07-startup-and-memory.md).
 */
import type { ResourceLimits, Worker } from "node:worker_threads";
import type { Checkpoint } from "./checkpoint.js";
import type { SubResult } from "./constellations/split.js";
import { recordsWrong } from "./inconsistent.js";
import { CountInterrupted, type CountOptions, type MethodResult } from "./types.js";

/** A running sum of sub-problem results (engine/tally.ts, join/tally.ts). */
interface RunningSum {
  readonly done: number;
  readonly total: bigint;
  readonly unique: bigint;
  add(id: number, r: SubResult): void;
  /** The ids not yet counted, in the order to count them. */
  remaining(): number[];
}

/** One method's part of a threaded count. */
export interface ThreadedCount<Input> {
  readonly n: number;
  /** Sub-problems in the split (ids 0 to subProblems - 1). */
  readonly subProblems: number;
  /**
   * The split's version, recorded in and checked against the checkpoint (asked for only with
   * one: the join's hashes every item, 3,300 at n = 16).
   */
  version(): string;
  /** Up to this n the count runs on the calling thread (faster than starting threads). */
  readonly inlineMaxN: number;
  /**
   * Up to this n the calling thread is one of the threads asked for: with K, it starts K - 1
   * workers and counts beside them (with one, alone); a worker's isolate and modules cost about
   * 16 MB, the calling thread has them already. Its event loop runs between its sub-problems
   * (about every TURN_MS), so they must be short. None: 0.
   */
  readonly oneHereMaxN?: number;
  /** The module the thread runs: `import.meta.url` of a `thread.ts` / `thread.js`. */
  readonly threadModule: URL;
  /** The threads' V8 heap limits (start-thread.ts; Node's defaults without). */
  readonly threadLimits?: ResourceLimits;
  /** The thread's one message: its input, with the shared list of ids and cursor, for `threads`. */
  input(order: Int32Array, cursor: Int32Array, threads: number): Input;
  /** A new, empty running sum. */
  tally(): RunningSum;
  /**
   * A solver of sub-problems on the calling thread: alone (no input), or as one of the threads
   * (`oneHereMaxN`), with their input.
   */
  solver(input?: Input): (id: number) => SubResult;
  /** What the sub-problems are called in an internal error ("sub-problems", "join tasks"). */
  readonly unit: string;
}

/**
 * One part of a split: the sub-problems whose id is `index - 1` modulo `of` (ids interleaved, so
 * that each part gets its share of the long and the short ones).
 */
export interface SplitPart {
  readonly index: number;
  readonly of: number;
}

/** Options of a threaded count: the engine's, and a part of the split to count alone. */
export interface ThreadedOptions extends CountOptions {
  /**
   * Count only this part's sub-problems (and load only theirs from the checkpoint): progress,
   * `subProblems` and `total` are the part's; `unique` is 0 (a part has no unique count of its
   * own: parts.ts adds the parts up).
   */
  readonly part?: SplitPart;
  /**
   * Count on the calling thread up to this n instead of the plan's `inlineMaxN` (the tests run
   * the threads on small boards with it).
   */
  readonly inlineMaxN?: number;
  /**
   * The calling thread is one of the threads up to this n instead of the plan's `oneHereMaxN`
   * (0: worker threads only; the tests run both ways with it).
   */
  readonly oneHereMaxN?: number;
}

/** Whether sub-problem `id` is in `part` (every id without one). */
function inPart(part: SplitPart | undefined, id: number): boolean {
  return part === undefined || id % part.of === part.index - 1;
}

/**
 * Opens the checkpoint at `path` (none without one) and adds its results in `part` to `tally`;
 * a record that does not add up is refused naming the file, and the file is closed again.
 */
async function resume<Input>(
  plan: ThreadedCount<Input>,
  path: string | undefined,
  part: SplitPart | undefined,
  tally: ReturnType<ThreadedCount<Input>["tally"]>,
): Promise<Checkpoint | undefined> {
  if (path === undefined) return undefined;
  const { openCheckpoint } = await import("./checkpoint.js");
  const checkpoint = openCheckpoint(path, plan.n, plan.version(), plan.subProblems);
  try {
    for (const [id, r] of checkpoint.results) if (inPart(part, id)) tally.add(id, r);
  } catch (e) {
    checkpoint.close();
    throw recordsWrong(e, [path]);
  }
  return checkpoint;
}

/**
 * The unique count of a whole count. A join's is known only at the end, so a wrong record read
 * from the checkpoint shows only here: refused naming the file (with no file, an internal error).
 */
function uniqueOf(tally: { readonly unique: bigint }, path: string | undefined): bigint {
  try {
    return tally.unique;
  } catch (e) {
    throw recordsWrong(e, path === undefined ? [] : [path]);
  }
}

/**
 * Counts `plan` on `options.workers` threads (`workers` already checked), with the engine's
 * contract: progress through `onProgress` (once at the start, then per batch), abort through
 * `signal` (rejects with CountInterrupted), and `checkpoint` resumed and appended to.
 */
export async function countOnThreads<Input>(
  plan: ThreadedCount<Input>,
  workers: number,
  options: ThreadedOptions,
): Promise<MethodResult> {
  const { n } = plan;
  const { part, onProgress, signal } = options;
  const subProblems = part === undefined ? plan.subProblems : partSize(plan.subProblems, part);
  const start = performance.now();
  // Threads take the longest to get ready: start them first, and prepare their work meanwhile.
  const small = n <= (options.inlineMaxN ?? plan.inlineMaxN);
  const here = !small && n <= (options.oneHereMaxN ?? plan.oneHereMaxN ?? 0);
  const oneHere = here && workers === 1;
  const pool = await startPool(plan, small || signal?.aborted ? 0 : workers - (here ? 1 : 0));
  const { stopping, stopAll } = stopper(pool);
  const tally = plan.tally();
  let checkpoint: Checkpoint | undefined;
  try {
    checkpoint = await resume(plan, options.checkpoint, part, tally);
  } catch (e) {
    stopAll();
    throw e;
  }
  const resumed = tally.done;
  const report = () =>
    onProgress?.({ done: tally.done, total: subProblems, solutions: tally.total });
  const result = (used: number): MethodResult => ({
    n,
    total: tally.total,
    unique: part === undefined ? uniqueOf(tally, options.checkpoint) : 0n,
    seconds: (performance.now() - start) / 1000,
    subProblems,
    resumed,
    workers: used,
  });
  const remaining = tally.remaining().filter((id) => inPart(part, id));
  if (signal?.aborted || remaining.length === 0 || pool.length === 0) {
    stopAll();
    try {
      await countHere(plan, subProblems, tally, remaining, checkpoint, signal, report);
    } finally {
      checkpoint?.close();
    }
    return result(oneHere && remaining.length > 0 ? 1 : 0);
  }
  report();

  const order = new Int32Array(new SharedArrayBuffer(4 * remaining.length));
  order.set(remaining);
  const threads = pool.length + (here ? 1 : 0);
  const cursor = new Int32Array(new SharedArrayBuffer(4));
  const input = plan.input(order, cursor, threads);

  return new Promise<MethodResult>((resolve, reject) => {
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
      if (error === undefined && tally.done !== subProblems) {
        error = new Error(`internal: ${subProblems - tally.done} ${plan.unit} were not counted`);
      }
      if (error !== undefined) reject(error);
      else {
        try {
          resolve(result(threads));
        } catch (e) {
          reject(e);
        }
      }
    };
    const onAbort = () => settle(new CountInterrupted(tally.done, subProblems));
    signal?.addEventListener("abort", onAbort, { once: true });
    const finish = () => {
      if (++finished === threads) settle(undefined);
    };

    for (const w of pool) {
      // A thread posts [id, count, fixed180, fixed90, ...] batches (solve-batches.ts), then "done".
      w.on("message", (message: Float64Array | string) => {
        if (settled) return;
        if (message === "done") {
          stopping.add(w);
          void w.terminate();
          finish();
          return;
        }
        try {
          addBatch(message as Float64Array, tally, checkpoint);
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
    if (here) {
      const solve = plan.solver(input);
      countBeside(solve, order, cursor, tally, checkpoint, report, () => settled).then(
        finish,
        settle,
      );
    }
  });
}

/** Starts `threads` threads on the plan's module (none: loads nothing). */
async function startPool<Input>(plan: ThreadedCount<Input>, threads: number): Promise<Worker[]> {
  if (threads <= 0) return [];
  const { startThread } = await import("./start-thread.js");
  return Array.from({ length: threads }, () => startThread(plan.threadModule, plan.threadLimits));
}

/** Stops the threads of `pool`: `stopping` holds those stopped on purpose (their exit is no error). */
function stopper(pool: readonly Worker[]) {
  const stopping = new Set<Worker>();
  const stopAll = () => {
    for (const w of pool) {
      stopping.add(w);
      void w.terminate();
    }
  };
  return { stopping, stopAll };
}

/** Adds a thread's batch [id, count, fixed180, fixed90, ...] to the sum and the checkpoint. */
function addBatch(a: Float64Array, tally: RunningSum, checkpoint: Checkpoint | undefined): void {
  for (let j = 0; j < a.length; j += 4) {
    const r = { count: a[j + 1], fixed180: a[j + 2], fixed90: a[j + 3] };
    tally.add(a[j], r);
    checkpoint?.append(a[j], r);
  }
}

/**
 * The calling thread as one of the threads (`oneHereMaxN`): takes ids from the shared list as
 * they do, and adds its results itself; gives the event loop a turn (the threads' messages, a
 * signal's abort) about every TURN_MS, and stops when the count has `stopped`.
 */
async function countBeside(
  solve: (id: number) => SubResult,
  order: Int32Array,
  cursor: Int32Array,
  tally: RunningSum,
  checkpoint: Checkpoint | undefined,
  report: () => void,
  stopped: () => boolean,
): Promise<void> {
  let turn = Date.now() + TURN_MS;
  while (!stopped()) {
    const i = Atomics.add(cursor, 0, 1);
    if (i >= order.length) break;
    const id = order[i];
    const r = solve(id);
    tally.add(id, r);
    checkpoint?.append(id, r);
    if (Date.now() >= turn) {
      report();
      await new Promise<void>((resolve) => setImmediate(resolve));
      turn = Date.now() + TURN_MS;
    }
  }
  if (!stopped()) report();
}

/**
 * How often a count on the calling thread gives the event loop a turn (for a signal handler, such
 * as Ctrl-C's, to abort it) and reports progress: n = 16 takes about half a second here.
 */
const TURN_MS = 50;

/**
 * Small n (or nothing left): counts here, looking at the signal after each sub-problem and giving
 * the event loop a turn about every TURN_MS, so that an abort from a signal handler lands.
 */
async function countHere<Input>(
  plan: ThreadedCount<Input>,
  subProblems: number,
  tally: ReturnType<ThreadedCount<Input>["tally"]>,
  remaining: readonly number[],
  checkpoint: Checkpoint | undefined,
  signal: AbortSignal | undefined,
  report: () => void,
): Promise<void> {
  if (signal?.aborted) throw new CountInterrupted(tally.done, subProblems);
  report();
  const solve = plan.solver();
  // Date.now, a builtin: Node's performance.now is JavaScript, which V8 compiles optimized once
  // thousands of small sub-problems have called it (7 ms of CPU on another thread at n = 16).
  let turn = Date.now() + TURN_MS;
  for (const id of remaining) {
    const r = solve(id);
    tally.add(id, r);
    checkpoint?.append(id, r);
    if (Date.now() >= turn) {
      report();
      await new Promise<void>((resolve) => setImmediate(resolve));
      turn = Date.now() + TURN_MS;
    }
    if (signal?.aborted) throw new CountInterrupted(tally.done, subProblems);
  }
  if (remaining.length > 0) report();
}

/** How many of `subProblems` ids are in `part`. */
function partSize(subProblems: number, part: SplitPart): number {
  return Math.floor((subProblems - part.index) / part.of) + 1;
}
