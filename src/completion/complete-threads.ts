/**
 * `completeOneAsync` in Node (the package's Node entry and the command): the same function as
 * complete-async.ts's, with its hard-instance decision on worker threads (decide-threads.ts)
 * when `workers` is above 1, and a default that uses every core on the boards where threads pay.
 */
import { isRestricted, type PartialBoard } from "../board.js";
import { checkWorkers, defaultWorkers } from "../engine/index.js";
import { wrongShape } from "../shapes.js";
import { type CompleteOneAsyncOptions, completeOneBy, type HardDecider } from "./complete-async.js";
import { decideHardAsync } from "./decide.js";
import { decideOnThreads } from "./decide-threads.js";

/**
 * Queens missing from which a board without fixed queens, with blocked squares or excluded
 * diagonals (an empty board has a completion from n = 4 on), is decided on every core by default:
 * below, most boards are decided in well under a second (docs/completion.md, "Beyond n = 21"),
 * less than starting the threads and splitting costs there
 * (docs/notes/2026-12-07-completion-threads.md).
 */
const THREADS_FROM = 22;

/** The threads for a board: `workers` checked, or the default. */
function workersFor(board: PartialBoard, workers: number | undefined): number {
  if (workers !== undefined) return checkWorkers(workers);
  const big = board.queens.length === 0 && board.n >= THREADS_FROM && isRestricted(board);
  return big ? defaultWorkers() : 1;
}

const onThreads: HardDecider = async (board, forbidden, between, options) => {
  const workers = workersFor(board, options.workers);
  const { signal, onProgress, checkpoint } = options;
  if (workers === 1 && checkpoint === undefined) {
    return (await decideHardAsync(board, forbidden, between)).cols;
  }
  return (await decideOnThreads(board, forbidden, { workers, signal, onProgress, checkpoint }))
    .cols;
};

/**
 * One completion of a partial board, with progress, abort and, for the hard-instance search,
 * worker threads: see complete-async.ts's `completeOneAsync`, which this is in Node.
 * @param board - the partial board: n, its queens, and any blocked squares or excluded diagonals
 * @param options - as `completeOne`'s, and progress, an abort signal, the event loop's turns and
 *   the worker threads
 * @returns a promise of the completion as `cols`, or undefined when there is none
 * @throws NQueensError (rejects) as `completeOne`, for options of the wrong shape, for `workers`
 *   not an integer from 1 to 256, for a checkpoint that cannot be used (another board or
 *   split, damaged, locked), and when a thread fails (`unavailable`); CompletionInterrupted
 *   (rejects) when `signal` aborts
 * @example await completeOneAsync(board, { workers: 2, signal: AbortSignal.timeout(600_000) })
 */
export async function completeOneAsync(
  board: PartialBoard,
  options: CompleteOneAsyncOptions = {},
): Promise<number[] | undefined> {
  const given = options as { workers?: unknown; checkpoint?: unknown } | undefined;
  if (typeof given?.workers === "number") checkWorkers(given.workers);
  const path = given?.checkpoint;
  if (path !== undefined && typeof path !== "string") {
    throw wrongShape("completeOneAsync", "options.checkpoint", "a string", path);
  }
  return completeOneBy(board, options, onThreads);
}
