/**
 * `countJoin`: the join count on worker threads, with the engine's contract (engine/types.ts):
 * progress callbacks, abort, checkpoints that resume exactly; `countJoinSync` on the calling
 * thread. The unit of work is a task of the join split (join/split.ts); each thread keeps one
 * kernel, and all share the one list of items this thread made (n = 27: 70.2 million items,
 * 524 MB) and, up to n = 23, the one quadrant table this thread filled in a shared memory
 * (join/table.ts; n = 20: 45 MB, n = 22: 401 MB); from n = 24 each thread builds the table in
 * pieces, a few MB an item, and its 4^h start words (67 MB at n = 24).
 */
import { checkSize } from "../../errors.js";
import { MAX_JOIN_INLINE_N, MAX_JOIN_N, MAX_JOIN_ONE_HERE_N } from "../../limits.js";
import { countOnThreads, type ThreadedCount, type ThreadedOptions } from "../threads.js";
import type { MethodResult } from "../types.js";
import { checkWorkers, defaultWorkers } from "../workers.js";
import { joinItems, joinSplitVersion, joinSubProblems } from "./split.js";
import { shareTable, takeWindow } from "./table.js";
import { JoinTally } from "./tally.js";
import { JoinSolver } from "./tasks.js";
import type { JoinWorkerInput } from "./thread.js";

/**
 * A join thread's V8 heap: its young generation at most 1 MB (Node's default grows it to 16 MB
 * a semi-space). A thread allocates in bursts only while it assembles its kernel module (the
 * module's text: the young generation grew by 4 MB for it and stayed so) and holds little after
 * (the items and the table are shared memory): 4 MB less a thread (`count 18 --workers 2`'s
 * peak 88.2 -> 84.2 MB), its CPU the same within noise.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 1 };

/**
 * Counts all solutions and the unique ones for an n x n board by joining half-boards, on the
 * calling thread. Blocks: meant for small n (n = 16 takes about a second: docs/counting.md, "Benchmarks",
 * join CPU).
 * @throws NQueensError when n is not an integer in 1..27
 * @example countJoinSync(8) // { n: 8, total: 92n, unique: 12n, ... }
 */
export function countJoinSync(n: number): MethodResult {
  checkSize(n, MAX_JOIN_N);
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

/**
 * Counts all solutions and the unique ones for an n x n board by joining half-boards, on worker
 * threads (n <= MAX_JOIN_INLINE_N: on the calling thread, `workers` 0 in the result; up to
 * n = MAX_JOIN_ONE_HERE_N the calling thread is one of the `workers` threads, beside `workers` - 1
 * worker threads, and with `workers` 1 the only one: a worker's isolate less). With
 * `checkpoint`, finished tasks are recorded durably and a rerun skips them (the file names the
 * join's split, so a checkpoint of the other method is refused).
 * @throws NQueensError (rejects) for n outside 1..27, a bad worker count, or a checkpoint that
 *   cannot be used; CountInterrupted when `signal` aborts.
 * @example await countJoin(20, { workers: 2 }) // { n: 20, total: 39029188884n, ... }
 */
export async function countJoin(n: number, options: ThreadedOptions = {}): Promise<MethodResult> {
  checkSize(n, MAX_JOIN_N);
  const workers = checkWorkers(options.workers ?? defaultWorkers());
  const tasks = joinSubProblems(n);
  const plan: ThreadedCount<JoinWorkerInput> = {
    n,
    subProblems: tasks,
    version: () => joinSplitVersion(n),
    inlineMaxN: MAX_JOIN_INLINE_N,
    oneHereMaxN: MAX_JOIN_ONE_HERE_N,
    threadModule: new URL("./thread.js", import.meta.url),
    threadLimits: THREAD_LIMITS,
    input: (order, cursor, threads) => ({
      n,
      order,
      cursor,
      items: joinItems(n),
      table: shareTable(n, threads),
    }),
    tally: () => new JoinTally(n, tasks),
    solver: (input) => {
      const table = input?.table;
      const solver = new JoinSolver(n, {}, table === undefined ? undefined : takeWindow(table));
      return (id) => solver.solve(id);
    },
    unit: "join tasks",
  };
  return countOnThreads(plan, workers, options);
}
