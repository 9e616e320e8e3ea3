/**
 * One completion with a way to stop it: {@link completeOneAsync}, the async twin of
 * `completeOne` for boards whose decision can take minutes (the hard instances: README, "Hard
 * completion instances"). This is the version that runs anywhere, the hard-instance search on
 * the calling thread; Node's entry gives `completeOneAsync` its threads (complete-threads.ts)
 * through {@link completeOneBy}.
 */
import type { Forbidden, PartialBoard } from "../board.js";
import { MAX_SUB_SIZE } from "../limits.js";
import { maskSearch, planMasks } from "./bitmask-search.js";
import {
  CompletionInterrupted,
  type CountCompletionsOptions,
  completeOne,
  completeOneWatched,
} from "./complete.js";
import { decideHardAsync } from "./decide.js";
import { turns } from "./turns.js";
import { checked, checkOptionKinds, firstOf, fullCols, validate } from "./validate.js";

/** Options for {@link completeOneAsync}. */
export interface CompleteOneAsyncOptions extends CountCompletionsOptions {
  /** As `CompleteOneOptions.least`. */
  readonly least?: boolean;
  /**
   * Worker threads for the hard-instance search (up to 32 queens missing), in Node: the board is
   * split into parts that threads decide, and progress reports the parts decided and the nodes.
   * 1: the search on the calling thread, in slices, the same completion every time. With more,
   * a "yes" gives the completion the first thread finds, which can differ from run to run. The
   * browser build searches on the calling thread whatever this says.
   * @default every core for a board without fixed queens that misses at least 22 queens; 1
   *   otherwise
   */
  readonly workers?: number;
  /**
   * In Node: a checkpoint file (the counter's format) for the hard-instance search, which then
   * runs in parts on threads (`workers` of them, 1 included): each part found without a
   * completion is recorded, and a call with the same board, file and split (the same `workers`
   * up to 2; 16 parts a thread above) skips them. A file of another board or split is refused.
   * Ignored by the browser build.
   */
  readonly checkpoint?: string;
}

/**
 * The hard-instance decision of a checked board (at most 32 queens missing, at least one):
 * its completion or undefined, `between` awaited between slices on the calling thread.
 */
export type HardDecider = (
  board: PartialBoard,
  forbidden: Forbidden,
  between: () => Promise<void> | undefined,
  options: CompleteOneAsyncOptions,
) => Promise<number[] | undefined>;

/** The search on the calling thread. */
const oneThread: HardDecider = async (board, forbidden, between) =>
  (await decideHardAsync(board, forbidden, between)).cols;

/**
 * `completeOne`, the same completion, with turns for the event loop and abort: the
 * hard-instance search (up to 32 queens missing) runs in slices, giving the event loop a turn
 * every `yieldEveryMs` and looking at `signal` between them, so that an instance that would take
 * minutes can be stopped; a big board's repair reports `{ done, total, count: 0n }` (its empty
 * rows placed without a clash) and stops likewise. Not sliced: the least completion's row-by-row
 * search once the board is known to have one (seconds at most, n <= 32), and the line board's
 * exact search of a board missing more than 32 queens that the repair does not take or gave up on.
 * In Node, with `workers` above 1 (the default on big boards without fixed queens), the
 * hard-instance search runs on that many worker threads, each deciding parts of the board, and
 * reports `{ done, total, count: 0n, nodes }`, the parts decided; an abort terminates the threads.
 * @param board - the partial board: n, its queens, and any blocked squares or excluded diagonals
 * @param options - as {@link completeOne}'s, and progress, an abort signal, the event loop's
 *   turns and the worker threads
 * @returns a promise of the completion as `cols`, or undefined when there is none
 * @throws NQueensError (rejects) as `completeOne`, for options of the wrong shape, for `workers`
 *   not an integer from 1 to 256 (Node), and when a thread fails (`unavailable`);
 *   CompletionInterrupted (rejects) when `signal` aborts
 * @example await completeOneAsync(board, { signal: AbortSignal.timeout(60_000) })
 */
export function completeOneAsync(
  board: PartialBoard,
  options: CompleteOneAsyncOptions = {},
): Promise<number[] | undefined> {
  return completeOneBy(board, options, oneThread);
}

/** {@link completeOneAsync} with the hard-instance decision made by `decide`. */
export async function completeOneBy(
  board: PartialBoard,
  options: CompleteOneAsyncOptions,
  decide: HardDecider,
): Promise<number[] | undefined> {
  const v = validate(board, "completeOneAsync", options);
  checkOptionKinds(options, "completeOneAsync", { least: "boolean", workers: "number" });
  const { n, queens, forbidden } = v;
  const least = options.least ?? (n <= 32 && !forbidden.any);
  if (queens.length === n) return fullCols(n, queens);
  if (least && n > 32) return completeOne(board, { least }); // refuses at once
  if (n - queens.length > MAX_SUB_SIZE) return completeOneWatched(board, options);
  const { signal } = options;
  const turn = turns(options.yieldEveryMs);
  const check = () => {
    if (signal?.aborted) throw new CompletionInterrupted(0, 0, 0n);
  };
  check();
  const between = () => {
    const t = turn();
    if (t) return t.then(check);
    check();
    return undefined;
  };
  const cols = await decide(board, forbidden, between, options);
  if (cols === undefined || !least) return cols;
  return checked(v, firstOf(maskSearch(planMasks(n, queens, forbidden))));
}
