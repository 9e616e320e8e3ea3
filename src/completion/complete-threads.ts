/**
 * `completeOneAsync` in Node (the package's Node entry and the command): the same function as
 * complete-async.ts's, with its hard-instance decision on worker threads (decide-threads.ts)
 * when `workers` is above 1, and a default that uses every core on the boards where threads pay.
 * With the default, the probe (probe.ts) first tries the board on the calling thread, and the
 * threads start only when it does not decide: an easy instance costs its search, not the
 * threads' start-up. The threads' modules (decide-threads.ts and the engine's threads and
 * checkpoints) are loaded only when threads run.
 */
import { isRestricted, type PartialBoard } from "../board.js";
import { wrongShape } from "../shapes.js";
import { type CompleteOneAsyncOptions, completeOneBy, type HardDecider } from "./complete-async.js";
import { assertCompletion, decideHardAsync } from "./decide.js";
import { probe } from "./probe.js";

/**
 * Queens missing from which a board without fixed queens, with blocked squares or excluded
 * diagonals (an empty board has a completion from n = 4 on), is decided on every core by default:
 * below, most boards are decided in well under a second (docs/completion.md, "Beyond n = 21"),
 * less than starting the threads and splitting costs there
 * (docs/notes/2026-12-07-completion-threads.md).
 */
const THREADS_FROM = 22;

/** `workers` checked (the engine's check, loaded when a number is given). */
async function checkedWorkers(workers: number): Promise<number> {
  return (await import("../engine/index.js")).checkWorkers(workers);
}

/**
 * Loads the threads' modules now (the engine's door, decide-threads.ts), which a decision
 * otherwise loads when it starts its threads: for the command, before it traps Ctrl-C, so that
 * a run that asks for threads has them started (and its parts counted) by the time a signal
 * can stop it. Loading a module already loaded gives the event loop no turn.
 */
export async function loadThreads(): Promise<void> {
  await Promise.all([import("../engine/index.js"), import("./decide-threads.js")]);
}

/** Whether a board gets every core by default (see THREADS_FROM). */
const big = (board: PartialBoard) =>
  board.queens.length === 0 && board.n >= THREADS_FROM && isRestricted(board);

/** Every core (the engine's default, loaded when threads may run). */
async function everyCore(): Promise<number> {
  return (await import("../engine/light.js")).defaultWorkers();
}

const onThreads: HardDecider = async (board, forbidden, between, options) => {
  const { signal, onProgress, checkpoint } = options;
  const given = options.workers;
  // The default on a big board, without a checkpoint (which records the threads' parts): the
  // probe first. Not when threads are asked for (a test or a measurement of the threads).
  if (given === undefined && checkpoint === undefined && big(board)) {
    const { answer } = probe(board, forbidden);
    if (answer === "none") return undefined;
    if (answer !== undefined) {
      assertCompletion(board, forbidden, answer);
      return answer;
    }
    await between();
  }
  const workers =
    given !== undefined ? await checkedWorkers(given) : big(board) ? await everyCore() : 1;
  if (workers === 1 && checkpoint === undefined) {
    return (await decideHardAsync(board, forbidden, between)).cols;
  }
  const { decideOnThreads } = await import("./decide-threads.js");
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
  if (typeof given?.workers === "number") await checkedWorkers(given.workers);
  const path = given?.checkpoint;
  if (path !== undefined && typeof path !== "string") {
    throw wrongShape("completeOneAsync", "options.checkpoint", "a string", path);
  }
  return completeOneBy(board, options, onThreads);
}
