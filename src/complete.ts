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
 *   weights, nogoods and restarts (completion/search.ts). It decides `canComplete` and
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
 * Practical sizes, measured on a shared 2-core machine (see complete.test.ts for cases):
 * - `completeOne` / `canComplete` on an empty board: n <= 32 by backtracking (the least
 *   completion), n > 32 by the construction (n = 10^6 in about 0.01 s). With a few fixed queens
 *   (e empty rows, about n): n = 64 or 1000 in 0.01 s and 0.03 s, 5000 in 0.3 s, 10,000 in 0.9 s.
 *   Building the line board is O(n + e^2), a placement O(e).
 * - the published hard instances (npm run bench:complete): random completion at n = 76, 119,
 *   171 in milliseconds, the translated boards of 3,000 to 4,200 rows in under 0.05 s, Excluded
 *   Diagonals up to n = 21 in about 0.1 s at the median.
 * - a full 10^6-queen solution: about 0.1 s (mostly validation); the same with 10 rows emptied:
 *   0.15 to 0.4 s.
 * - `countCompletions` is exponential in the number of empty rows: n = 14 from empty (14 empty
 *   rows) takes about 0.2 s.
 * - `completions` on a big, mostly empty board may take long to produce its first (least)
 *   completion, as lexicographic backtracking does (n = 30 to 32 from empty: 1 to 3 s).
 * Deciding whether a partial board can be completed is NP-complete in general (Gent, Jefferson,
 * Nightingale 2017), so some boards can take far longer than these figures.
 */

import { popcount } from "./bits.js";
import {
  attackKind,
  boardProblems,
  type Conflict,
  describeConflict,
  Forbidden,
  isRestricted,
  type PartialBoard,
  type Queen,
  restrictionProblems,
} from "./board.js";
import { assertCompletion, decideHard, decideHardAsync } from "./completion/decide.js";
import { MAX_SUB_SIZE } from "./completion/sub-board.js";
import { instanceSymmetry } from "./completion/symmetry.js";
import { construct } from "./construct.js";
import { compileBoard, countTask, newTask } from "./engine/kernel.js";
import { checkSize, NQueensError } from "./errors.js";
import { repair } from "./min-conflicts.js";
import { seededRandom } from "./random.js";

/** The largest board size the completion functions accept. */
export const MAX_COMPLETE_N = 1_000_000;

/** How far a long completion job has got. */
export interface CompletionProgress {
  /** Sub-problems finished. */
  readonly done: number;
  /** Sub-problems in all (0 when some empty row is attacked on every square from the start). */
  readonly total: number;
  /** Completions counted (or listed) so far. */
  readonly count: bigint;
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
export interface CompletionWatchOptions {
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
export interface CountCompletionsOptions extends CompletionWatchOptions {
  /**
   * Give the event loop a turn (timers, I/O, signal handlers) once this many milliseconds have
   * passed since the last turn, between sub-problems. 0: after every sub-problem.
   * @default 50
   */
  readonly yieldEveryMs?: number;
}

/** Options for {@link completions}. */
export interface CompletionsOptions extends CompletionWatchOptions {
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
}

/**
 * One completion of a partial board, as `cols` (the fixed queens kept), or undefined when there is
 * none. Up to n = 32 without restrictions it is the lexicographically least completion (found by
 * row-by-row search once the hard-instance search has said there is one); with blocked squares or
 * excluded diagonals, or beyond n = 32, it is the first one the hard-instance search finds (up to
 * 32 queens missing) or the most-constrained-row search finds (more missing), and for a big
 * board without queens or restrictions the O(n) construction. Every completion returned is
 * checked against the board.
 * @throws NQueensError when the board is malformed, two of its queens attack each other, or a
 *   queen stands on a blocked square or an excluded diagonal
 * @example completeOne({ n: 4, queens: [{ row: 0, col: 1 }] }) // [1, 3, 0, 2]
 */
export function completeOne(
  board: PartialBoard,
  options: CompleteOneOptions = {},
): number[] | undefined {
  const v = validate(board);
  const { n, queens, forbidden } = v;
  const least = options.least ?? (n <= 32 && !forbidden.any);
  if (least && n > 32) throw new NQueensError("the least completion is searched for n <= 32 only");
  if (queens.length === n) return fullCols(n, queens);
  if (least) {
    if (decideHard(board, forbidden).cols === undefined) return undefined;
    return checked(v, firstOf(maskSearch(planMasks(n, queens, forbidden))));
  }
  if (!forbidden.any && queens.length === 0 && n > 32) return construct(n);
  if (n - queens.length <= MAX_SUB_SIZE) return decideHard(board, forbidden).cols;
  return checked(v, forbidden.any ? lineExact(v) : lineFind(n, queens));
}

/**
 * Whether a partial board has at least one completion: the hard-instance search up to 32 queens
 * missing, a search of the line board beyond.
 * @throws NQueensError as {@link completeOne}
 * @example canComplete({ n: 4, queens: [{ row: 0, col: 0 }] }) // false
 */
export function canComplete(board: PartialBoard): boolean {
  return completeOne(board, { least: false }) !== undefined;
}

/** The search behind {@link decideCompletion}. */
export type DecisionMethod = "full" | "construction" | "hard-search" | "line-board";

/** What {@link decideCompletion} found, and what it cost. */
export interface CompletionDecision {
  /** A completion (checked against the board), or undefined when there is none. */
  readonly cols: number[] | undefined;
  /** Which search decided. */
  readonly method: DecisionMethod;
  /** Nodes of the hard-instance search (0 for the other methods). */
  readonly nodes: number;
  /** Its restarts. */
  readonly restarts: number;
  /** Its nogoods (single squares and pairs of squares ruled out). */
  readonly learned: number;
  /** The symmetry of the instance it used to halve the search, if any. */
  readonly symmetry: string | undefined;
  /** True when `timeLimitMs` ran out before an answer: `cols` is then undefined, and says nothing. */
  readonly timedOut: boolean;
}

/** Options for {@link decideCompletion}: the hard-instance search's. */
export interface DecideOptions {
  /**
   * The seed of its random choices (the same seed, the same search and completion).
   * @default 1
   */
  readonly seed?: number;
  /**
   * Restarts with randomisation (Luby schedule). Off: one depth-first search.
   * @default true
   */
  readonly restarts?: boolean;
  /**
   * Give up after about this many milliseconds (the hard-instance search only; the other
   * methods have no limit).
   * @default Infinity
   */
  readonly timeLimitMs?: number;
}

/**
 * Decides whether a board can be completed, with the search's figures: what `canComplete` and
 * `completeOne` (for restricted or big boards) run, for benchmarks and for the curious.
 * @throws NQueensError as {@link completeOne}
 * @example decideCompletion({ n: 8, queens: [], excluded: { sums: [7], differences: [7] } }).cols
 */
export function decideCompletion(
  board: PartialBoard,
  options: DecideOptions = {},
): CompletionDecision {
  const v = validate(board);
  const { n, queens, forbidden } = v;
  const plain = { nodes: 0, restarts: 0, learned: 0, symmetry: undefined, timedOut: false };
  if (queens.length === n) return { cols: fullCols(n, queens), method: "full", ...plain };
  if (!forbidden.any && queens.length === 0 && n > 32) {
    return { cols: construct(n), method: "construction", ...plain };
  }
  if (n - queens.length <= MAX_SUB_SIZE) {
    const { seed, restarts, timeLimitMs } = options;
    return {
      ...decideHard(board, forbidden, { seed, restarts }, timeLimitMs),
      method: "hard-search",
    };
  }
  const cols = checked(v, forbidden.any ? lineExact(v) : lineFind(n, queens));
  return { cols, method: "line-board", ...plain };
}

/**
 * The number of completions of a partial board (1n for a full valid board). Up to 32 queens
 * missing the hard-instance search first decides whether there is any (0n at once when not);
 * then n <= 32 counts with the engine's exact bitmask kernel (WebAssembly), blocked squares and
 * excluded diagonals as extra masks per row, only the left half of the first free row when the
 * instance is its own mirror image (doubled); larger boards count on the line board. Blocks until
 * done: see {@link countCompletionsAsync} for progress and abort.
 * @throws NQueensError as {@link completeOne}
 * @example countCompletions({ n: 8, queens: [] }) // 92n
 */
export function countCompletions(board: PartialBoard): bigint {
  const v = validate(board);
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
const DEFAULT_YIELD_MS = 50;

/**
 * The number of completions, as {@link countCompletions} gives it, counted in sub-problems with
 * progress, turns for the event loop and abort. n <= 32: the placements of the first free rows
 * (as many rows as it takes to reach 1,000 sub-problems, in lexicographic order), each counted by
 * the engine's kernel; n > 32: one sub-problem per candidate of the lowest empty row, searched by
 * the line board (which also gives the event loop its turns inside a sub-problem).
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
  const v = validate(board);
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
    const mirror = plan.rows.length > 0 && instanceSymmetry(board).mirrorColumns;
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
  const watch: Watch = {
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
 * @throws NQueensError when the board is malformed, two of its queens attack each other, or the
 *   limit is not a non-negative integer (or Infinity); CompletionInterrupted once `signal` aborted
 * @example [...completions({ n: 4, queens: [] })] // [[1, 3, 0, 2], [2, 0, 3, 1]]
 */
export function completions(
  board: PartialBoard,
  options: CompletionsOptions = {},
): Generator<number[]> {
  const v = validate(board);
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
 * @throws NQueensError at the call like {@link completions}, or for a bad `yieldEveryMs`;
 *   CompletionInterrupted from the iteration once `signal` aborted
 * @example for await (const cols of completionsAsync(board, { signal })) await print(cols);
 */
export function completionsAsync(
  board: PartialBoard,
  options: CompletionsAsyncOptions = {},
): AsyncGenerator<number[]> {
  const v = validate(board);
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
  private readonly watch: Watch;

  constructor(
    private readonly v: Checked,
    private readonly options: CompletionWatchOptions,
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

function checkLimit(limit: number = Number.POSITIVE_INFINITY): number {
  if (!(limit === Number.POSITIVE_INFINITY || (Number.isInteger(limit) && limit >= 0))) {
    throw new NQueensError(`limit must be a non-negative integer: got ${limit}`);
  }
  return limit;
}

/** A function that gives the event loop a turn when `every` ms have passed since the last. */
function turns(every: number = DEFAULT_YIELD_MS): () => Promise<void> | undefined {
  if (!(typeof every === "number" && every >= 0 && every !== Number.POSITIVE_INFINITY)) {
    throw new NQueensError(`yieldEveryMs must be a non-negative number: got ${every}`);
  }
  let last = performance.now();
  return () => {
    if (performance.now() - last < every) return undefined;
    return nextTask().then(() => {
      last = performance.now();
    });
  };
}

/** Resolves after the event loop has had a turn (setImmediate in Node, a timer in a browser). */
function nextTask(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
  return new Promise((resolve) => {
    if (immediate) immediate(resolve);
    else setTimeout(resolve, 0);
  });
}

// ---------------------------------------------------------------------------------------------
// Validation

/** A board that passed {@link validate}, with its forbidden squares as a lookup. */
interface Checked {
  readonly board: PartialBoard;
  readonly n: number;
  readonly queens: readonly Queen[];
  readonly forbidden: Forbidden;
}

/**
 * Checks size, squares, restrictions and attacks in O(n + k + blocked + excluded): queens on
 * the board, one per square, blocked squares on the board, excluded diagonals that exist, no
 * queen on a forbidden square, then no two queens attacking (the first pair named).
 */
function validate(board: PartialBoard): Checked {
  const n = checkSize(board.n, MAX_COMPLETE_N);
  const { queens } = board;
  const k = queens.length;
  const rows = new Int32Array(k);
  const cols = new Int32Array(k);
  let wellFormed = true;
  for (let i = 0; i < k && wellFormed; i++) {
    const { row, col } = queens[i]!;
    wellFormed =
      Number.isInteger(row) && Number.isInteger(col) && row >= 0 && row < n && col >= 0 && col < n;
    rows[i] = row;
    cols[i] = col;
  }
  const order = wellFormed ? byRowThenColumn(n, rows, cols) : undefined;
  if (order) {
    for (let i = 1; i < k && wellFormed; i++) {
      const p = order[i - 1]!;
      const q = order[i]!;
      wellFormed = rows[p] !== rows[q] || cols[p] !== cols[q];
    }
  }
  if (!wellFormed || !order) {
    // Off the board, not integers, or two on a square: boardProblems words the first problem.
    throw new NQueensError(boardProblems(board)[0] ?? "malformed board");
  }
  let forbidden = NOTHING_FORBIDDEN;
  if (isRestricted(board)) {
    const problem = restrictionProblems(board)[0];
    if (problem) throw new NQueensError(problem);
    forbidden = new Forbidden(board);
    for (const q of queens) {
      const why = forbidden.reason(q.row, q.col);
      if (why) throw new NQueensError(`queen at (${q.row}, ${q.col}) stands on ${why}`);
    }
  }
  const first = firstConflict(n, queens, rows, cols, order);
  if (first) throw new NQueensError(describeConflict(first));
  return { board, n, queens, forbidden };
}

/** The lookup of a board without restrictions (the same for every size: it forbids nothing). */
const NOTHING_FORBIDDEN = new Forbidden({ n: 1, queens: [] });

/** The cols of a full, validated board. */
function fullCols(n: number, queens: readonly Queen[]): number[] {
  const cols = new Array<number>(n);
  for (const q of queens) cols[q.row] = q.col;
  return cols; // validated: n queens, none attacking, so one per row
}

/** A completion, checked against the board (undefined passes through). */
function checked(v: Checked, cols: number[] | undefined): number[] | undefined {
  if (cols !== undefined) assertCompletion(v.board, v.forbidden, cols);
  return cols;
}

/** The indexes of the queens sorted by row, then column: two stable counting sorts, O(n + k). */
function byRowThenColumn(n: number, rows: Int32Array, cols: Int32Array): Int32Array {
  const k = rows.length;
  const identity = new Int32Array(k);
  let sorted = true; // boards are mostly read row by row: then there is nothing to sort
  for (let i = 0; i < k; i++) {
    identity[i] = i;
    if (
      i > 0 &&
      (rows[i - 1]! > rows[i]! || (rows[i - 1] === rows[i] && cols[i - 1]! > cols[i]!))
    ) {
      sorted = false;
    }
  }
  return sorted ? identity : countingSort(n, rows, countingSort(n, cols, identity));
}

function countingSort(n: number, key: Int32Array, order: Int32Array): Int32Array {
  const start = new Int32Array(n + 1);
  for (let i = 0; i < order.length; i++) start[key[order[i]!]! + 1]!++;
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const out = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const q = order[i]!;
    out[start[key[q]!]!++] = q;
  }
  return out;
}

/**
 * The first attacking pair in the order `conflicts()` reports them (queens sorted by row, then
 * column; pairs by first queen, then second), in O(n + k): walking the sorted queens backwards,
 * each line (row, column, diagonal, anti-diagonal) remembers the earliest queen on it after the
 * current one, so the current queen's first partner is the least of its four lines' entries.
 */
function firstConflict(
  n: number,
  queens: readonly Queen[],
  rows: Int32Array,
  cols: Int32Array,
  order: Int32Array,
): Conflict | undefined {
  const k = order.length;
  if (k < 2) return undefined;
  // Per line: 1 + the sorted index of the earliest queen on it after the current one (0: none).
  const onRow = new Int32Array(n);
  const onCol = new Int32Array(n);
  const onDiag = new Int32Array(2 * n - 1); // r - c + n - 1
  const onAnti = new Int32Array(2 * n - 1); // r + c
  let a = -1;
  let b = -1;
  for (let i = k - 1; i >= 0; i--) {
    const q = order[i]!;
    const r = rows[q]!;
    const c = cols[q]!;
    const d = r - c + n - 1;
    const e = r + c;
    // The least non-zero of the four entries (0 - 1 wraps to the largest u32: "none").
    const j = Math.min(
      (onRow[r]! - 1) >>> 0,
      (onCol[c]! - 1) >>> 0,
      (onDiag[d]! - 1) >>> 0,
      (onAnti[e]! - 1) >>> 0,
    );
    onRow[r] = onCol[c] = onDiag[d] = onAnti[e] = i + 1;
    if (j < k) {
      a = i;
      b = j;
    }
  }
  if (a === -1) return undefined;
  const qa = queens[order[a]!]!;
  const qb = queens[order[b]!]!;
  return { a: qa, b: qb, kind: attackKind(qa, qb)! };
}

function firstOf(it: Iterator<number[] | null>): number[] | undefined {
  for (let r = it.next(); !r.done; r = it.next()) if (r.value !== null) return r.value;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// What a search reports while it runs.

/** Yielded `null`s and progress callbacks of a search (both optional). */
interface Watch {
  /** Yield `null` every this many search steps, a chance to look at the clock (0: never). */
  readonly tickEvery: number;
  /**
   * The lowest empty row's candidate squares: (0, total) at the start, then (done, total) each
   * time the search moves past one, (total, total) at the end. A full board has one candidate,
   * itself; a board where some empty row is fully attacked from the start has none.
   */
  readonly progress?: (done: number, total: number) => void;
}

const NO_WATCH: Watch = { tickEvery: 0 };
/** Mask-search steps between ticks: a few hundred microseconds. */
const MASK_TICKS = 1 << 14;
/** Line-board steps between ticks: each is O(n), so about 2^16 operations in all. */
const lineTicks = (n: number) => Math.max(1, Math.floor(65536 / n));

// ---------------------------------------------------------------------------------------------
// n <= 32: row by row with 32-bit masks. Bit c stands for column c; the lowest bit is tried
// first, so solutions come out in lexicographic order. Masks are int32 values: `>>>` keeps the
// sign bit from smearing, so n = 32 works too.

interface MaskPlan {
  readonly all: number;
  /** The cols array with the fixed queens filled in and -1 elsewhere. */
  readonly base: number[];
  /** The rows without a fixed queen, ascending. */
  readonly rows: Int32Array;
  /** For each of those rows, the columns the fixed queens attack or the board forbids there. */
  readonly blocked: Int32Array;
  /** False when some empty row is fully attacked by the fixed queens. */
  readonly possible: boolean;
  /** Per board row, the columns the board forbids (undefined when it forbids none). */
  readonly forbiddenRows: Int32Array | undefined;
}

/** Per row of a board with n <= 32, the columns it forbids as bits (undefined: none). */
function forbiddenMasks(n: number, forbidden: Forbidden): Int32Array | undefined {
  if (!forbidden.any) return undefined;
  const masks = new Int32Array(n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (forbidden.has(r, c)) masks[r]! |= 1 << c;
  }
  return masks;
}

function planMasks(n: number, queens: readonly Queen[], forbidden: Forbidden): MaskPlan {
  const all = n === 32 ? -1 : (1 << n) - 1;
  const base = new Array<number>(n).fill(-1);
  for (const q of queens) base[q.row] = q.col;
  const rows = Int32Array.from(base.flatMap((c, r) => (c === -1 ? [r] : [])));
  const blocked = new Int32Array(rows.length);
  const forbiddenRows = forbiddenMasks(n, forbidden);
  let possible = true;
  rows.forEach((r, k) => {
    let m = forbiddenRows ? forbiddenRows[r]! : 0;
    for (const q of queens) {
      const d = r - q.row;
      m |= 1 << q.col;
      if (q.col + d >= 0 && q.col + d < n) m |= 1 << (q.col + d);
      if (q.col - d >= 0 && q.col - d < n) m |= 1 << (q.col - d);
    }
    blocked[k] = m & all;
    if ((m & all) === all) possible = false;
  });
  return { all, base, rows, blocked, possible, forbiddenRows };
}

const task = newTask();

/**
 * The completions of `cols` (-1: a free row; n <= 32) counted by the engine's kernel, with the
 * forbidden squares of each free row added to its mask. Exact below 2^53.
 */
function countCols(n: number, cols: ArrayLike<number>, forbiddenRows?: Int32Array): bigint {
  if (!compileBoard(task, n, cols)) return 0n;
  if (forbiddenRows) {
    for (let d = 0; d < task.depth; d++) task.rowMask[d]! |= forbiddenRows[task.row[d]!]!;
  }
  return BigInt(countTask(task));
}

/**
 * The exact count for n <= 32: split on the first free row, each of its open squares counted by
 * the kernel (each part below 2^53, summed as a bigint); when the instance is its own mirror
 * image only the left half, doubled, and the middle column once.
 */
function kernelCount(v: Checked): bigint {
  const { n, queens, forbidden } = v;
  const plan = planMasks(n, queens, forbidden);
  if (!plan.possible) return 0n;
  if (plan.rows.length === 0) return 1n;
  const first = plan.rows[0]!;
  const mirror = instanceSymmetry(v.board).mirrorColumns;
  const cols = Int32Array.from(plan.base);
  let total = 0n;
  for (let open = plan.all & ~plan.blocked[0]!; open !== 0; open &= open - 1) {
    const c = 31 - Math.clz32(open & -open);
    const weight = !mirror ? 1n : 2 * c < n - 1 ? 2n : 2 * c === n - 1 ? 1n : 0n;
    if (weight === 0n) continue;
    cols[first] = c;
    total += weight * countCols(n, cols, plan.forbiddenRows);
  }
  return total;
}

/**
 * Lexicographic completions with masks; explicit stack, one generator for the whole walk.
 * Yields `null` only when the watch asks for ticks.
 */
function* maskSearch(plan: MaskPlan, watch: Watch = NO_WATCH): Generator<number[] | null> {
  const { all, base, rows, blocked } = plan;
  const m = rows.length;
  const report = watch.progress;
  if (m === 0) {
    report?.(0, 1);
    yield base.slice();
    report?.(1, 1);
    return;
  }
  const total = plan.possible ? popcount(all & ~blocked[0]!) : 0;
  report?.(0, total);
  if (!plan.possible) return;
  const out = base.slice();
  const cols = new Int32Array(m);
  const ld = new Int32Array(m);
  const rd = new Int32Array(m);
  const avail = new Int32Array(m);
  avail[0] = all & ~blocked[0]!;
  const every = watch.tickEvery;
  let steps = 0;
  let entered = 0; // candidates of the first free row taken so far
  let k = 0;
  while (k >= 0) {
    if (every > 0 && ++steps >= every) {
      steps = 0;
      yield null;
    }
    const a = avail[k]!;
    if (a === 0) {
      if (k === 0) report?.(entered, total);
      k--;
      continue;
    }
    const bit = a & -a;
    avail[k] = a ^ bit;
    if (k === 0) {
      if (entered > 0) report?.(entered, total);
      entered++;
    }
    out[rows[k]!] = 31 - Math.clz32(bit);
    if (k === m - 1) {
      yield out.slice();
      continue;
    }
    const gap = rows[k + 1]! - rows[k]!;
    const c = cols[k]! | bit;
    const l = (ld[k]! | bit) << gap;
    const r = (rd[k]! | bit) >>> gap;
    k++;
    cols[k] = c;
    ld[k] = l;
    rd[k] = r;
    avail[k] = all & ~(c | l | r | blocked[k]!);
  }
}

/** Placements of the first `depth` free rows, in lexicographic order: `picks[s * depth + i]`. */
interface Prefixes {
  readonly depth: number;
  readonly count: number;
  readonly picks: Int32Array;
}

/**
 * The sub-problems of a count: every valid placement of the first free rows, as many rows as it
 * takes to have at least `target` of them (or all free rows). Same order as {@link maskSearch}.
 */
function prefixes(plan: MaskPlan, target: number): Prefixes {
  const { all, rows, blocked } = plan;
  const m = rows.length;
  if (!plan.possible) return { depth: 0, count: 0, picks: new Int32Array(0) };
  let depth = 0;
  let count = 1;
  let picks = new Int32Array(0);
  let cols = new Int32Array(1);
  let ld = new Int32Array(1);
  let rd = new Int32Array(1);
  while (depth < m && count > 0 && count < target) {
    const gap = depth + 1 < m ? rows[depth + 1]! - rows[depth]! : 1;
    const open = (p: number) => all & ~(cols[p]! | ld[p]! | rd[p]! | blocked[depth]!);
    let next = 0;
    for (let p = 0; p < count; p++) next += popcount(open(p));
    const nPicks = new Int32Array(next * (depth + 1));
    const nCols = new Int32Array(next);
    const nLd = new Int32Array(next);
    const nRd = new Int32Array(next);
    let s = 0;
    for (let p = 0; p < count; p++) {
      for (let a = open(p); a !== 0; a &= a - 1) {
        const bit = a & -a;
        nPicks.set(picks.subarray(p * depth, (p + 1) * depth), s * (depth + 1));
        nPicks[s * (depth + 1) + depth] = 31 - Math.clz32(bit);
        nCols[s] = cols[p]! | bit;
        nLd[s] = (ld[p]! | bit) << gap;
        nRd[s] = (rd[p]! | bit) >>> gap;
        s++;
      }
    }
    [picks, cols, ld, rd, count] = [nPicks, nCols, nLd, nRd, next];
    depth++;
  }
  return { depth, count, picks };
}

// ---------------------------------------------------------------------------------------------
// n > 32: the line board.

/**
 * Queens per line, free squares per empty row and, when `scored`, free squares per line (counting
 * only empty rows). Only the rows and columns without a fixed queen are ever looked at, so for e
 * of them building the board is O(n + e^2) and place and remove are O(e); strictly LIFO.
 */
class LineBoard {
  readonly n: number;
  /** Column of the queen in each row, -1 for an empty row. */
  readonly at: Int32Array;
  /** For each empty row, how many of its squares no queen attacks (stale for occupied rows). */
  readonly free: Int32Array;
  private readonly col: Int32Array;
  /** Queens per diagonal, index r - c + n - 1. */
  private readonly diag: Int32Array;
  /** Queens per anti-diagonal, index r + c. */
  private readonly anti: Int32Array;
  /** Free squares in empty rows per column, diagonal and anti-diagonal (only when scored). */
  private readonly colFree: Int32Array;
  private readonly diagFree: Int32Array;
  private readonly antiFree: Int32Array;
  private readonly scored: boolean;
  /** The rows empty when the board was made, ascending: the only rows a search fills. */
  private readonly rows: Int32Array;
  /** The columns without a queen when the board was made, ascending: the only ones it uses. */
  readonly cols: Int32Array;

  /** The squares the board forbids (blocked, excluded diagonals): never open. */
  private readonly forbidden: Forbidden;

  /**
   * A board with the given queens (which must not attack each other, nor stand on a forbidden
   * square); O(n + empty rows^2).
   */
  constructor(n: number, queens: readonly Queen[], scored: boolean, forbidden: Forbidden) {
    this.n = n;
    this.forbidden = forbidden;
    this.scored = scored;
    this.at = new Int32Array(n).fill(-1);
    this.free = new Int32Array(n);
    this.col = new Int32Array(n);
    this.diag = new Int32Array(2 * n - 1);
    this.anti = new Int32Array(2 * n - 1);
    this.colFree = new Int32Array(scored ? n : 0);
    this.diagFree = new Int32Array(scored ? 2 * n - 1 : 0);
    this.antiFree = new Int32Array(scored ? 2 * n - 1 : 0);
    for (const q of queens) {
      this.at[q.row] = q.col;
      this.col[q.col]!++;
      this.diag[q.row - q.col + n - 1]!++;
      this.anti[q.row + q.col]!++;
    }
    this.rows = new Int32Array(n - queens.length);
    for (let r = 0, k = 0; r < n; r++) if (this.at[r] === -1) this.rows[k++] = r;
    this.cols = new Int32Array(n - queens.length);
    for (let c = 0, k = 0; c < n; c++) if (this.col[c] === 0) this.cols[k++] = c;
    for (const r of this.rows) {
      for (const c of this.cols) {
        if (!this.open(r, c)) continue;
        this.free[r]!++;
        if (scored) this.count(r, c, 1);
      }
    }
  }

  /** Whether some empty row has no free square. */
  stuck(): boolean {
    for (const r of this.rows) if (this.at[r] === -1 && this.free[r] === 0) return true;
    return false;
  }

  /** Whether no queen attacks (r, c) and the board does not forbid it. */
  open(r: number, c: number): boolean {
    return (
      this.col[c] === 0 &&
      this.diag[r - c + this.n - 1] === 0 &&
      this.anti[r + c] === 0 &&
      !(this.forbidden.any && this.forbidden.has(r, c))
    );
  }

  /**
   * How many free squares of other empty rows a queen on (r, c) would take away, roughly (squares
   * on two of its lines count twice): lower is a less constraining choice. Needs `scored`.
   */
  cost(r: number, c: number): number {
    return this.colFree[c]! + this.diagFree[r - c + this.n - 1]! + this.antiFree[r + c]!;
  }

  /** Puts a queen on (r, c); false when some empty row has no free square left. */
  place(r: number, c: number): boolean {
    const { n, at, free } = this;
    if (this.scored) {
      for (const k of this.cols) if (this.open(r, k)) this.count(r, k, -1);
    }
    let alive = true;
    for (const s of this.rows) {
      if (at[s] !== -1 || s === r) continue;
      const lost = this.flip(s, c, -1) + this.flip(s, c + s - r, -1) + this.flip(s, c - s + r, -1);
      free[s] -= lost;
      if (free[s] === 0) alive = false;
    }
    this.col[c]!++;
    this.diag[r - c + n - 1]!++;
    this.anti[r + c]!++;
    at[r] = c;
    return alive;
  }

  /** Takes back the most recent queen, on (r, c). */
  remove(r: number, c: number): void {
    const { n, at, free } = this;
    at[r] = -1;
    this.col[c]!--;
    this.diag[r - c + n - 1]!--;
    this.anti[r + c]!--;
    for (const s of this.rows) {
      if (at[s] !== -1 || s === r) continue;
      free[s] += this.flip(s, c, 1) + this.flip(s, c + s - r, 1) + this.flip(s, c - s + r, 1);
    }
    if (this.scored) {
      for (const k of this.cols) if (this.open(r, k)) this.count(r, k, 1);
    }
  }

  /** The empty row with the fewest free squares (lowest index on ties), or -1. */
  mostConstrained(): number {
    let best = -1;
    for (const s of this.rows) {
      if (this.at[s] === -1 && (best === -1 || this.free[s]! < this.free[best]!)) best = s;
    }
    return best;
  }

  /** The lowest empty row, or -1. */
  firstEmpty(): number {
    for (const s of this.rows) if (this.at[s] === -1) return s;
    return -1;
  }

  /** 1 when (s, c) is on the board and open (and then counts it by `by` on its lines), else 0. */
  private flip(s: number, c: number, by: number): number {
    if (c < 0 || c >= this.n || !this.open(s, c)) return 0;
    if (this.scored) this.count(s, c, by);
    return 1;
  }

  private count(r: number, c: number, by: number): void {
    this.colFree[c]! += by;
    this.diagFree[r - c + this.n - 1]! += by;
    this.antiFree[r + c]! += by;
  }
}

/** How a line-board search walks: which row next, in what column order, with what budget. */
interface LineWalk {
  /**
   * "rows": the lowest empty row, columns ascending (lexicographic output).
   * "mrv": the empty row with the fewest free squares; first the column that takes the fewest free
   * squares from other rows (ties broken by `rng`), then the others from a random column on.
   */
  readonly order: "rows" | "mrv";
  /** With "mrv": the first row is the lowest empty row, columns ascending (sub-problems by it). */
  readonly lowestFirst?: boolean;
  readonly rng?: () => number;
  /** Give up after this many placements; `outcome.cutoff` is then set. */
  readonly budget?: number;
}

/** Set by {@link lineSearch} when it stopped on its budget rather than finishing. */
interface LineOutcome {
  cutoff: boolean;
}

/**
 * Depth-first search over the empty rows with forward checking; yields each completion, and
 * `null` when the watch asks for ticks. The watch's progress is over the first row's candidates.
 */
function* lineSearch(
  v: Pick<Checked, "n" | "queens" | "forbidden">,
  walk: LineWalk,
  outcome: LineOutcome = { cutoff: false },
  watch: Watch = NO_WATCH,
): Generator<number[] | null> {
  const mrv = walk.order === "mrv";
  const rng = walk.rng ?? (() => 0);
  const report = watch.progress;
  const { n, queens } = v;
  const b = new LineBoard(n, queens, mrv, v.forbidden);
  const empty = n - queens.length;
  const free = b.cols; // the columns to try, ascending
  const width = free.length;
  if (empty === 0) {
    report?.(0, 1);
    yield Array.from(b.at);
    report?.(1, 1);
    return;
  }
  if (b.stuck()) {
    report?.(0, 0);
    return;
  }
  let budget = walk.budget ?? Number.POSITIVE_INFINITY;
  const row = new Int32Array(empty);
  /**
   * Per depth: the preferred column (-1 when none), where the cyclic scan of `free` starts, how
   * far it got.
   */
  const best = new Int32Array(empty);
  const start = new Int32Array(empty);
  const tried = new Int32Array(empty);
  const placed = new Int32Array(empty);
  const enter = (d: number) => {
    const plain = !mrv || (d === 0 && walk.lowestFirst === true);
    const r = plain ? b.firstEmpty() : b.mostConstrained();
    row[d] = r;
    placed[d] = -1;
    tried[d] = -1;
    best[d] = -1;
    start[d] = 0;
    if (plain) return;
    start[d] = Math.floor(rng() * width);
    let low = Number.POSITIVE_INFINITY;
    let ties = 0;
    for (const c of free) {
      if (!b.open(r, c)) continue;
      const k = b.cost(r, c);
      if (k < low) {
        low = k;
        best[d] = c;
        ties = 1;
      } else if (k === low && rng() * ++ties < 1) {
        best[d] = c;
      }
    }
  };
  let d = 0;
  enter(0);
  const total = b.free[row[0]!]!;
  report?.(0, total);
  const every = watch.tickEvery;
  let steps = 0;
  let entered = 0; // candidates of the first row taken so far
  while (d >= 0) {
    if (every > 0 && ++steps >= every) {
      steps = 0;
      yield null;
    }
    const r = row[d]!;
    if (placed[d] !== -1) {
      b.remove(r, placed[d]!);
      placed[d] = -1;
    }
    // tried = -1: the preferred column; then the cyclic scan of the free columns, skipping it.
    let c = -1;
    if (tried[d] === -1) {
      tried[d] = 0;
      c = best[d]!;
    }
    while (c === -1 && tried[d]! < width) {
      const k = start[d]! + tried[d]!++;
      const cc = free[k < width ? k : k - width]!;
      if (cc !== best[d] && b.open(r, cc)) c = cc;
    }
    if (c === -1) {
      if (d === 0) report?.(entered, total);
      d--;
      continue;
    }
    if (d === 0) {
      if (entered > 0) report?.(entered, total);
      entered++;
    }
    if (--budget < 0) {
      outcome.cutoff = true;
      return;
    }
    placed[d] = c;
    if (!b.place(r, c)) continue;
    if (d === empty - 1) {
      yield Array.from(b.at);
      continue;
    }
    enter(++d);
  }
}

/**
 * One completion on a big board. Rounds with a doubling budget: first the most-constrained-row
 * search (exact: when it finishes within its budget, its answer is final, "none" included), then
 * min-conflicts local search around the fixed queens, which finishes the large, loosely
 * constrained boards where depth-first search flounders in the last few dozen rows. Budgets grow
 * without bound, so the answer is exact; the seed is fixed, so it is also reproducible.
 */
function lineFind(n: number, queens: readonly Queen[]): number[] | undefined {
  const rng = seededRandom(n);
  const at = new Int32Array(n).fill(-1);
  for (const q of queens) at[q.row] = q.col;
  for (let budget = 64; ; budget *= 2) {
    const outcome = { cutoff: false };
    const found = firstOf(
      lineSearch(
        { n, queens, forbidden: NOTHING_FORBIDDEN },
        { order: "mrv", rng, budget },
        outcome,
      ),
    );
    if (found || !outcome.cutoff) return found;
    const repaired = repair(at, rng, budget);
    if (repaired) return Array.from(repaired);
  }
}

/**
 * One completion of a big board with blocked squares or excluded diagonals and more than 32
 * queens missing: the most-constrained-row search to the end (exact; min-conflicts repair does
 * not know forbidden squares).
 */
function lineExact(v: Checked): number[] | undefined {
  return firstOf(lineSearch(v, { order: "mrv", rng: seededRandom(v.n) }));
}
