/**
 * One completion with a way to stop it: {@link completeOneAsync}, the async twin of
 * `completeOne` for boards whose decision can take minutes (the hard instances: README, "Hard
 * completion instances").
 */
import type { PartialBoard } from "../board.js";
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
}

/**
 * `completeOne`, the same completion, with turns for the event loop and abort: the
 * hard-instance search (up to 32 queens missing) runs in slices, giving the event loop a turn
 * every `yieldEveryMs` and looking at `signal` between them, so that an instance that would take
 * minutes can be stopped; a big board's repair reports `{ done, total, count: 0n }` (its empty
 * rows placed without a clash) and stops likewise. Not sliced: the least completion's row-by-row
 * search once the board is known to have one (seconds at most, n <= 32), and the line board's
 * exact search of a board missing more than 32 queens that the repair does not take or gave up on.
 * @param board - the partial board: n, its queens, and any blocked squares or excluded diagonals
 * @param options - as {@link completeOne}'s, and progress, an abort signal and the event loop's
 *   turns
 * @returns a promise of the completion as `cols`, or undefined when there is none
 * @throws NQueensError (rejects) as `completeOne`, and for options of the wrong shape;
 *   CompletionInterrupted (rejects) when `signal` aborts
 * @example await completeOneAsync(board, { signal: AbortSignal.timeout(60_000) })
 */
export async function completeOneAsync(
  board: PartialBoard,
  options: CompleteOneAsyncOptions = {},
): Promise<number[] | undefined> {
  const v = validate(board, "completeOneAsync", options);
  checkOptionKinds(options, "completeOneAsync", { least: "boolean" });
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
  const decided = await decideHardAsync(board, forbidden, between);
  if (decided.cols === undefined || !least) return decided.cols;
  return checked(v, firstOf(maskSearch(planMasks(n, queens, forbidden))));
}
