/**
 * `countFast`: the whole count on worker threads, with progress, cancellation and checkpoints;
 * `countFastSync`: the same on the calling thread, for small n.
 */
import { MAX_INLINE_N } from "../../limits.js";
import { solveSubProblem } from "../kernel.js";
import { Tally } from "../tally.js";
import { countOnThreads, type ThreadedCount, type ThreadedOptions } from "../threads.js";
import type { MethodResult } from "../types.js";
import { checkWorkers, defaultWorkers } from "../workers.js";
import { type SubProblem, split, splitVersion, splitWords } from "./split.js";
import type { WorkerInput } from "./thread.js";

/**
 * Counts all solutions and the unique ones for an n x n board on the calling thread.
 * Blocks: meant for small n (n = 16 takes seconds: docs/counting.md, "Benchmarks", constellations CPU).
 * n is checked once, by `split`, the first thing that can throw.
 * @throws NQueensError when n is not an integer in 1..32
 * @example countFastSync(8) // { n: 8, total: 92n, unique: 12n, ... }
 */
export function countFastSync(n: number): MethodResult {
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
 * Counts all solutions and the unique ones for an n x n board, on worker threads (for
 * n <= MAX_INLINE_N on the calling thread: `workers` is then 0 in the result).
 * With `checkpoint`, finished sub-problems are recorded durably and a rerun skips them.
 * n is checked once, by `split`, the first thing called (`count` and `countPart` leave it to it).
 * @throws NQueensError (rejects) for n outside 1..32, a bad worker count, or a checkpoint that
 *   cannot be used; CountInterrupted when `signal` aborts.
 * @example await countFast(12, { workers: 2 }) // { n: 12, total: 14200n, unique: 1787n, ... }
 */
export async function countFast(n: number, options: ThreadedOptions = {}): Promise<MethodResult> {
  const list = split(n);
  const workers = checkWorkers(options.workers ?? defaultWorkers());
  const plan: ThreadedCount<WorkerInput> = {
    n,
    subProblems: list.length,
    version: () => splitVersion(n),
    inlineMaxN: MAX_INLINE_N,
    threadModule: new URL("./thread.js", import.meta.url),
    input: (order, cursor) => ({ n, records: splitWords(n), order, cursor }),
    tally: () => new Tally(list),
    solver: () => (id) => solveSubProblem(n, list[id] as SubProblem),
    unit: "sub-problems",
  };
  return countOnThreads(plan, workers, options);
}
