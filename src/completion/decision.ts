/**
 * Deciding a completion with the search's figures: which search decided, its nodes, restarts and
 * nogoods, and whether it ran out of time (`decideCompletion`, for benchmarks and the curious).
 */
import type { PartialBoard } from "../board.js";
import { construct } from "../construct.js";
import { NQueensError } from "../errors.js";
import { MAX_SUB_SIZE } from "../limits.js";
import { Deadline } from "./deadline.js";
import { decideHard } from "./decide.js";
import { lineExact, lineFind } from "./line-board.js";
import { checked, checkOptionKinds, fullCols, validate } from "./validate.js";

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
   * Give up after about this many milliseconds (`timedOut` in the answer).
   * @default Infinity
   */
  readonly timeLimitMs?: number;
}

const DECIDE_KINDS = { seed: "number", restarts: "boolean", timeLimitMs: "number" } as const;

/**
 * Decides whether a board can be completed, with the search's figures: what `canComplete` and
 * `completeOne` (for restricted or big boards) run, for benchmarks and for the curious. The exact
 * searches only: on boards of more than 5,000 rows with more than 1,000 empty ones, completeOne
 * tries a min-conflicts repair first and runs these when it gives up.
 * @param board - the partial board
 * @param options - the seed, restarts and a time limit
 * @returns the completion or undefined, which search decided, its figures, and `timedOut`
 * @throws NQueensError as {@link completeOne}
 * @example decideCompletion({ n: 8, queens: [], excluded: { sums: [7], differences: [7] } }).cols
 */
export function decideCompletion(
  board: PartialBoard,
  options: DecideOptions = {},
): CompletionDecision {
  const v = validate(board, "decideCompletion", options);
  checkOptionKinds(options, "decideCompletion", DECIDE_KINDS);
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
  const deadline = new Deadline(
    "decideCompletion",
    options.timeLimitMs ?? Number.POSITIVE_INFINITY,
  );
  try {
    const cols = checked(v, forbidden.any ? lineExact(v, deadline) : lineFind(n, queens, deadline));
    return { cols, method: "line-board", ...plain };
  } catch (e) {
    if (!(e instanceof NQueensError && e.code === "timed-out")) throw e;
    return { cols: undefined, method: "line-board", ...plain, timedOut: true };
  }
}
