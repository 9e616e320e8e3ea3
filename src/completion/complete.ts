/**
 * Completing a partial board: whether it can be completed, one completion, how many, and all of
 * them in lexicographic order. A board may also forbid squares (blocked squares, excluded
 * diagonals: see board.ts); a completion never uses them. Rows that hold a fixed queen are
 * skipped by every search.
 *
 * Three engines:
 * - **The hard-instance search** (completion/): up to 32 queens missing, on any board size, the
 *   free rows and columns squeezed into an m x m board with one mask of open squares per row
 *   (a 4,000-row board with 16 queens missing is a 16 x 16 problem). Rows *and* columns by fewest
 *   open squares, forced lines, pair reasoning, a bound on the diagonals' values, failure
 *   weights, nogoods and restarts (hard-search.ts). It decides `canComplete` and
 *   `completeOne` (restricted boards and n > 32), and is asked first by the counts and listings:
 *   a board it proves impossible costs no count.
 * - n <= 32: row-by-row search with 32-bit masks for columns and both diagonals; the squares the
 *   fixed queens attack and the forbidden ones are blocked per row up front. Exact and
 *   lexicographic: `completeOne` of a board without restrictions is the least completion (once
 *   the hard-instance search has said there is one), `completions` lists in order; counting is
 *   the engine's exact bitmask kernel (engine/kernel.ts, WebAssembly) with the forbidden squares
 *   as extra row masks, only the left half of the first free row when the instance is its own
 *   mirror image.
 * - n > 32 with more than 32 queens missing: a "line board" with the number of queens on each
 *   column, diagonal and anti-diagonal, and the number of free squares in each empty row.
 *   Placing or removing a queen updates those in O(n), which gives forward checking and the most
 *   constrained row (MRV) for free. `countCompletions` and `completeOne` search by MRV;
 *   `completeOne` takes the least constraining column first, and (without restrictions)
 *   alternates with a min-conflicts local search around the fixed queens under growing budgets
 *   (still exact: the depth-first search finishes once its budget covers its tree). `completions`
 *   goes row by row so that it stays lexicographic. A big board with no queen and no restriction
 *   is completed by the O(n) construction (construct.ts), a full valid board is its own completion.
 * - `completeOne` / `canComplete` on a board of more than 5,000 rows with more than 1,000 empty
 *   rows (no restrictions): first the repair (big-board.ts), a greedy fill of the empty rows and
 *   min-conflicts swaps among them within a budget linear in n; when it gives up, the line board
 *   as above (the repair's completions are checked like the others; "none" only from the search).
 *
 * Every completion returned or listed is checked against the board (O(n)).
 *
 * Long work, with progress and abort (for the command's progress bar and Ctrl-C):
 * `countCompletionsAsync` decides first with the hard-instance search in slices (turns for the
 * event loop between them), then counts in sub-problems (n <= 32: every placement of the first
 * few free rows, about 1,000 or more; n > 32: each candidate of the lowest empty row), reports
 * `{ done, total, count }`, gives the event loop a turn every `yieldEveryMs` and rejects with
 * `CompletionInterrupted` when its signal aborts. `completions` takes the same `onProgress` and
 * `signal` (progress: the lowest empty row's candidates finished), and `completionsAsync` is the
 * same lazy, lexicographic walk as an async generator that also gives the event loop a turn in
 * the middle of a long search.
 *
 * Validation is O(n + k + blocked + excluded) for k queens.
 *
 * Practical sizes, measured on a shared 2-core machine: README, "What sizes are practical" (the
 * `complete` rows) and "Hard completion instances"; complete.test.ts has the cases. What the
 * times depend on:
 * - `completeOne` / `canComplete` on an empty board: n <= 32 by backtracking (the least
 *   completion), n > 32 by the construction. With a few fixed queens (e empty rows, about n),
 *   building the line board is O(n + e^2), a placement O(e); above the repair's threshold the
 *   repair usually finishes in O(n) work.
 * - a full 10^6-queen solution: the time is mostly validation.
 * - `countCompletions` is exponential in the number of empty rows.
 * - `completions` on a big, mostly empty board may take long to produce its first (least)
 *   completion, as lexicographic backtracking does (n = 30 to 32 from empty: as long as `solve`
 *   by backtracking).
 * Deciding whether a partial board can be completed is NP-complete in general (Gent, Jefferson,
 * Nightingale 2017), so some boards can take far longer than the README's figures.
 */
import type { PartialBoard } from "../board.js";
import { construct } from "../construct.js";
import { NQueensError } from "../errors.js";
import { MAX_SUB_SIZE } from "../limits.js";
import { checkOptions } from "../shapes.js";
import { bigRepair, bigShortcut, REPAIR_TICKS, usesRepair } from "./big-board.js";
import { countCols, kernelCount, maskSearch, planMasks, prefixes } from "./bitmask-search.js";
import { deadlineOf } from "./deadline.js";
import { assertCompletion, decideHard, decideHardAsync } from "./decide.js";
import { lineExact, lineFind, lineSearch } from "./line-board.js";
import { lineTicks, MASK_TICKS, type SearchProgress } from "./search-progress.js";
import { symmetryOf } from "./symmetry.js";
import { checkLimit, turns } from "./turns.js";
import {
  type Checked,
  checked,
  checkOptionKinds,
  checkSyncCount,
  checkSyncListing,
  firstOf,
  fullCols,
  validate,
} from "./validate.js";

/** How far a long completion job has got. */
export interface CompletionProgress {
  /** Sub-problems finished. */
  readonly done: number;
  /** Sub-problems in all (0 when some empty row is attacked on every square from the start). */
  readonly total: number;
  /** Completions counted (or listed) so far. */
  readonly count: bigint;
  /**
   * Search nodes so far, where the job reports them: `completeOneAsync` on threads (its
   * sub-problems are then the parts of the board its threads decide).
   */
  readonly nodes?: number;
}

/** Thrown (a rejection for the async functions) when a completion job is aborted by its signal. */
export class CompletionInterrupted extends Error {
  override readonly name = "CompletionInterrupted";
  constructor(
    /** Sub-problems finished. */
    readonly done: number,
    /** Sub-problems in all. */
    readonly total: number,
    /** Completions counted or listed before the stop. */
    readonly count: bigint,
  ) {
    super(`completion interrupted after ${done} of ${total} sub-problems (${count} completions)`);
  }
}

/** Progress and abort, shared by the long completion jobs. */
interface CompletionProgressOptions {
  /**
   * Called with the sub-problems done and the completions so far: once at the start, then as
   * sub-problems finish. For {@link completions} a sub-problem is one candidate square of the
   * lowest empty row.
   */
  readonly onProgress?: (progress: CompletionProgress) => void;
  /** Aborting stops the job with {@link CompletionInterrupted} at the next look (see each function). */
  readonly signal?: AbortSignal;
}

/** Options for {@link countCompletionsAsync}. */
export interface CountCompletionsOptions extends CompletionProgressOptions {
  /**
   * Give the event loop a turn (timers, I/O, signal handlers) once this many milliseconds have
   * passed since the last turn, between sub-problems. 0: after every sub-problem.
   * @default 50
   */
  readonly yieldEveryMs?: number;
}

/** Options for {@link completions}. */
export interface CompletionsOptions extends CompletionProgressOptions {
  /**
   * Stop after this many completions.
   * @default Infinity
   */
  readonly limit?: number;
}

/** Options for {@link completionsAsync}. */
export interface CompletionsAsyncOptions extends CompletionsOptions {
  /**
   * Give the event loop a turn once this many milliseconds have passed since the last, also in
   * the middle of a search that finds nothing for a long time. 0: as often as it can.
   * @default 50
   */
  readonly yieldEveryMs?: number;
}

/** Options for {@link completeOne}. */
export interface CompleteOneOptions {
  /**
   * The lexicographically least completion (row-by-row search, n <= 32), rather than the first
   * the hard-instance search finds. Default: true for boards up to n = 32 without blocked squares
   * or excluded diagonals (what `solve --method backtrack` prints), false otherwise.
   */
  readonly least?: boolean;
  /**
   * Stop with an NQueensError (code `timed-out`) after about this many milliseconds without an
   * answer: a call that blocks cannot be stopped from outside. Infinity: no limit.
   * `completeOneAsync` runs as long as it takes, with a signal to stop it.
   * @default 60000 (one minute)
   */
  readonly timeLimitMs?: number;
}

/**
 * One completion of a partial board, as `cols` (the fixed queens kept), or undefined when there is
 * none. Up to n = 32 without restrictions it is the lexicographically least completion (found by
 * row-by-row search once the hard-instance search has said there is one); with blocked squares or
 * excluded diagonals, or beyond n = 32, it is the first one the hard-instance search finds (up to
 * 32 queens missing) or the most-constrained-row search finds (more missing), and for a big
 * board without queens or restrictions the O(n) construction. Every completion returned is
 * checked against the board. It blocks until decided: a hard instance can take minutes from
 * about 23 queens missing (README, "Hard completion instances"); `completeOneAsync` is the same
 * with a signal.
 * @param board - the partial board
 * @param options - `least`: the least completion or the first
 * @returns the completion as `cols` (`cols[row]` = column), or undefined when there is none
 * @throws NQueensError when the board is malformed, two of its queens attack each other, or a
 *   queen stands on a blocked square or an excluded diagonal
 * @example completeOne({ n: 4, queens: [{ row: 0, col: 1 }] }) // [1, 3, 0, 2]
 */
export function completeOne(
  board: PartialBoard,
  options: CompleteOneOptions = {},
): number[] | undefined {
  return completeOneAs("completeOne", board, options);
}

/** {@link completeOne}, its errors naming `fn`. */
function completeOneAs(
  fn: string,
  board: PartialBoard,
  options: CompleteOneOptions,
): number[] | undefined {
  const v = validate(board, fn, options);
  checkOptionKinds(options, fn, { least: "boolean" });
  const deadline = deadlineOf(fn, options.timeLimitMs);
  const { n, queens, forbidden } = v;
  const least = options.least ?? (n <= 32 && !forbidden.any);
  if (least && n > 32) throw outOfRange("the least completion is searched for n <= 32 only");
  if (queens.length === n) return fullCols(n, queens);
  const hard = () => {
    const d = decideHard(board, forbidden, {}, deadline.left());
    return d.timedOut ? deadline.fail() : d.cols;
  };
  if (least) {
    if (hard() === undefined) return undefined;
    const search = maskSearch(planMasks(n, queens, forbidden), { tickEvery: MASK_TICKS });
    return checked(v, firstOf(search, deadline));
  }
  if (!forbidden.any && queens.length === 0 && n > 32) return construct(n);
  if (n - queens.length <= MAX_SUB_SIZE) return hard();
  const quick = bigShortcut(n, queens, forbidden);
  if (quick) return checked(v, Array.from(quick));
  return checked(v, forbidden.any ? lineExact(v, deadline) : lineFind(n, queens, deadline));
}

/** Options for {@link completeOneWatched}. */
interface CompleteOneWatchOptions extends CompletionProgressOptions {
  /** As {@link CountCompletionsOptions.yieldEveryMs}. @default 50 */
  readonly yieldEveryMs?: number;
  /**
   * Called before an exact search, which runs to its end without turns or progress: at once on
   * the boards the repair does not take, and after a repair that gave up.
   */
  readonly onExact?: () => void;
}

/**
 * {@link completeOne} with its default choice, for the command: on a big board with many empty
 * rows the repair (big-board.ts) reports `{ done, total, count: 0n }`, the empty rows without a
 * clash of all empty rows, gives the event loop a turn every `yieldEveryMs` and stops with
 * {@link CompletionInterrupted} (those rows) when `signal` aborts. When it gives up, `onExact`
 * is called and the exact search runs to its end as in completeOne. Other boards: `onExact`, then
 * completeOne.
 * @throws NQueensError as {@link completeOne}
 */
export async function completeOneWatched(
  board: PartialBoard,
  options: CompleteOneWatchOptions = {},
): Promise<number[] | undefined> {
  const v = validate(board, "completeOneWatched", options);
  const { n, queens, forbidden } = v;
  if (!usesRepair(n, queens.length, forbidden.any)) {
    options.onExact?.();
    return completeOne(board, { timeLimitMs: Number.POSITIVE_INFINITY });
  }
  const { onProgress, signal } = options;
  const turn = turns(options.yieldEveryMs);
  let done = 0;
  let total = 0;
  const watch: SearchProgress = {
    tickEvery: REPAIR_TICKS,
    progress(d, t) {
      done = d;
      total = t;
      onProgress?.({ done, total, count: 0n });
    },
  };
  const it = bigRepair(n, queens, watch, forbidden);
  for (let r = it.next(); ; r = it.next()) {
    if (r.done) {
      if (r.value) return checked(v, Array.from(r.value));
      break;
    }
    await turn();
    if (signal?.aborted) throw new CompletionInterrupted(done, total, 0n);
  }
  options.onExact?.();
  return checked(v, forbidden.any ? lineExact(v) : lineFind(n, queens));
}

/** Options for {@link canComplete}. */
export interface CanCompleteOptions {
  /** As {@link CompleteOneOptions.timeLimitMs}. @default 60000 (one minute) */
  readonly timeLimitMs?: number;
}

/**
 * Whether a partial board has at least one completion: the hard-instance search up to 32 queens
 * missing, a search of the line board beyond. Blocks as {@link completeOne} does, for at most
 * `timeLimitMs`; `completeOneAsync(board, { least: false, signal })` runs as long as it takes
 * and can be stopped.
 * @param board - the partial board
 * @param options - the time limit
 * @returns true when it has at least one completion
 * @throws NQueensError as {@link completeOne}
 * @example canComplete({ n: 4, queens: [{ row: 0, col: 0 }] }) // false
 */
export function canComplete(board: PartialBoard, options: CanCompleteOptions = {}): boolean {
  checkOptions(options, "canComplete");
  return completeOneAs("canComplete", board, { least: false, ...options }) !== undefined;
}

/**
 * The number of completions of a partial board (1n for a full valid board). Up to 32 queens
 * missing the hard-instance search first decides whether there is any (0n at once when not);
 * then n <= 32 counts with the engine's exact bitmask kernel (WebAssembly), blocked squares and
 * excluded diagonals as extra masks per row, only the left half of the first free row when the
 * instance is its own mirror image (doubled); larger boards count on the line board. Blocks until
 * done: see {@link countCompletionsAsync} for progress and abort.
 * @param board - the partial board
 * @returns the number of completions
 * @throws NQueensError as {@link completeOne}
 * @example countCompletions({ n: 8, queens: [] }) // 92n
 */
export function countCompletions(board: PartialBoard): bigint {
  const v = validate(board, "countCompletions");
  checkSyncCount(v);
  const { n, queens, forbidden } = v;
  if (queens.length === n) return 1n;
  if (n - queens.length <= MAX_SUB_SIZE && decideHard(board, forbidden).cols === undefined) {
    return 0n;
  }
  if (n <= 32) return kernelCount(v);
  let count = 0n;
  for (const s of lineSearch(v, { order: "mrv" })) if (s !== null) count++;
  return count;
}

/** Sub-problems a count on n <= 32 is split into, at least (unless the board has fewer). */
const COUNT_PARTS = 1000;

/**
 * The number of completions, as {@link countCompletions} gives it, counted in sub-problems with
 * progress, turns for the event loop and abort. n <= 32: the placements of the first free rows
 * (as many rows as it takes to reach 1,000 sub-problems, in lexicographic order), each counted by
 * the engine's kernel; n > 32: one sub-problem per candidate of the lowest empty row, searched by
 * the line board (which also gives the event loop its turns inside a sub-problem).
 * @param board - the partial board
 * @param options - progress, abort, turns
 * @returns the count
 * @throws NQueensError (rejects) when the board is malformed, two of its queens attack each
 *   other, or `yieldEveryMs` is not a non-negative number; CompletionInterrupted (rejects) with
 *   the sub-problems done and the completions counted so far when `signal` aborts (looked at
 *   before the first sub-problem and after each)
 * @example await countCompletionsAsync({ n: 8, queens: [] }, { onProgress: console.log }) // 92n
 */
export async function countCompletionsAsync(
  board: PartialBoard,
  options: CountCompletionsOptions = {},
): Promise<bigint> {
  const v = validate(board, "countCompletionsAsync", options);
  const { n, queens, forbidden } = v;
  const { onProgress, signal } = options;
  const turn = turns(options.yieldEveryMs);
  let done = 0;
  let total = 0;
  let count = 0n;
  const check = () => {
    if (signal?.aborted) throw new CompletionInterrupted(done, total, count);
  };
  const between = () => {
    const t = turn();
    if (t) return t.then(check);
    check();
    return undefined;
  };
  if (queens.length < n && n - queens.length <= MAX_SUB_SIZE) {
    check();
    const decided = await decideHardAsync(board, forbidden, between);
    if (decided.cols === undefined) {
      onProgress?.({ done, total, count });
      return 0n;
    }
  }
  if (n <= 32) {
    const plan = planMasks(n, queens, forbidden);
    const mirror = plan.rows.length > 0 && symmetryOf(board).mirrorColumns;
    const parts = prefixes(plan, mirror ? 2 * COUNT_PARTS : COUNT_PARTS);
    const depth = parts.depth;
    // With a mirror-symmetric instance only the first free row's left half is counted: each
    // sub-problem left of the middle stands for itself and its mirror image.
    const weights: number[] = [];
    const kept: number[] = [];
    for (let s = 0; s < parts.count; s++) {
      const c = depth > 0 ? parts.picks[s * depth]! : 0;
      const w = !mirror ? 1 : 2 * c < n - 1 ? 2 : 2 * c === n - 1 ? 1 : 0;
      if (w > 0) {
        kept.push(s);
        weights.push(w);
      }
    }
    total = kept.length;
    onProgress?.({ done, total, count });
    check();
    const cols = Int32Array.from(plan.base);
    for (let k = 0; k < total; k++) {
      const s = kept[k]!;
      for (let i = 0; i < depth; i++) cols[plan.rows[i]!] = parts.picks[s * depth + i]!;
      count += BigInt(weights[k]!) * countCols(n, cols, plan.forbiddenRows);
      done++;
      onProgress?.({ done, total, count });
      await turn();
      check();
    }
    return count;
  }
  const watch: SearchProgress = {
    tickEvery: lineTicks(n),
    progress(d, t) {
      done = d;
      total = t;
      onProgress?.({ done, total, count });
    },
  };
  check();
  for (const s of lineSearch(v, { order: "mrv", lowestFirst: true }, undefined, watch)) {
    if (s !== null) count++;
    await turn();
    check();
  }
  return count;
}

/**
 * Every completion of a partial board, lazily, in lexicographic order of `cols`.
 * The board is checked when this is called, before the first completion is asked for. With
 * `onProgress`: the lowest empty row's candidate squares, done of total, and the completions
 * listed. With `signal`: looked at each time a completion is asked for and as each candidate is
 * finished (the generator cannot see an abort while it runs: from an async loop, use
 * {@link completionsAsync}, or await something that gives the event loop a turn between items).
 * @param board - the partial board
 * @param options - a limit, progress and an abort signal
 * @returns the completions as `cols`, each a new array, lazily
 * @throws NQueensError when the board is malformed, two of its queens attack each other, or the
 *   limit is not a non-negative integer (or Infinity); CompletionInterrupted once `signal` aborted
 * @example [...completions({ n: 4, queens: [] })] // [[1, 3, 0, 2], [2, 0, 3, 1]]
 */
export function completions(
  board: PartialBoard,
  options: CompletionsOptions = {},
): Generator<number[]> {
  const v = validate(board, "completions", options);
  checkSyncListing(v);
  const limit = checkLimit(options.limit);
  return (function* () {
    if (limit === 0) return;
    const walk = new Walk(v, options, false);
    if (walk.hard && decideHard(board, v.forbidden).cols === undefined) {
      walk.none();
      return;
    }
    for (const s of walk.items()) {
      if (s === null) continue;
      yield s;
      if (walk.count >= limit) return;
    }
  })();
}

/**
 * {@link completions} as an async generator: the same completions in the same order, and the
 * event loop gets a turn every `yieldEveryMs`, also while a long search finds nothing, so that a
 * signal handler can abort it.
 * @param board - the partial board
 * @param options - as for completions, and `yieldEveryMs`
 * @returns the completions as `cols`, each a new array
 * @throws NQueensError at the call like {@link completions}, or for a bad `yieldEveryMs`;
 *   CompletionInterrupted from the iteration once `signal` aborted
 * @example for await (const cols of completionsAsync(board, { signal })) await print(cols);
 */
export function completionsAsync(
  board: PartialBoard,
  options: CompletionsAsyncOptions = {},
): AsyncGenerator<number[]> {
  const v = validate(board, "completionsAsync", options);
  const limit = checkLimit(options.limit);
  const turn = turns(options.yieldEveryMs);
  return (async function* () {
    if (limit === 0) return;
    const walk = new Walk(v, options, true);
    if (walk.hard) {
      walk.check();
      const between = () => {
        const t = turn();
        if (t) return t.then(() => walk.check());
        walk.check();
        return undefined;
      };
      if ((await decideHardAsync(board, v.forbidden, between)).cols === undefined) {
        walk.none();
        return;
      }
    }
    for (const s of walk.items()) {
      if (s !== null) {
        yield s;
        if (walk.count >= limit) return;
      }
      await turn();
      walk.check();
    }
  })();
}

/** The walk behind {@link completions}: progress, the count so far, and the abort checks. */
class Walk {
  done = 0;
  total = 0;
  count = 0n;
  /** Whether the hard-instance search decides first (at most 32 queens missing, at least 1). */
  readonly hard: boolean;
  private readonly watch: SearchProgress;

  constructor(
    private readonly v: Checked,
    private readonly options: CompletionProgressOptions,
    ticks: boolean,
  ) {
    const { n, queens } = v;
    this.hard = queens.length < n && n - queens.length <= MAX_SUB_SIZE;
    this.watch = {
      tickEvery: ticks ? (n <= 32 ? MASK_TICKS : lineTicks(n)) : 0,
      progress: (done, total) => {
        this.done = done;
        this.total = total;
        options.onProgress?.({ done, total, count: this.count });
        this.check();
      },
    };
  }

  /** Reports a board without completions: no sub-problems at all. */
  none(): void {
    this.watch.progress?.(0, 0);
  }

  /** The completions, checked, and `null` for the ticks. */
  *items(): Generator<number[] | null> {
    const { n, queens, forbidden } = this.v;
    const search =
      n <= 32
        ? maskSearch(planMasks(n, queens, forbidden), this.watch)
        : lineSearch(this.v, { order: "rows" }, undefined, this.watch);
    this.check();
    for (const s of search) {
      if (s !== null) {
        assertCompletion(this.v.board, forbidden, s);
        this.count++;
      }
      yield s;
      this.check();
    }
  }

  check(): void {
    if (this.options.signal?.aborted) {
      throw new CompletionInterrupted(this.done, this.total, this.count);
    }
  }
}

/** A number option outside its range (the message names it). */
const outOfRange = (message: string) => new NQueensError(message, "out-of-range");
