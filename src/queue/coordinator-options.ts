/**
 * What the coordinator (coordinator.ts, `runCoordinator`) is given and what it returns: its
 * options, its progress and the outcome of a queued count, shared with coordinator-follow.ts,
 * which follows the run.
 */

import type { CountMethod, Progress } from "../engine/index.js";
import type { ErrorCode } from "../errors.js";
import type { QueueMethod } from "./run-split.js";
import type { OverruledVote } from "./verdict.js";

/** Options for {@link runCoordinator}. */
export interface CoordinatorOptions {
  /**
   * The operator's secret (at least 16 characters): it tags the run's description and jobs, and
   * checks every worker's records under the key of the name each carries (derived from it, see
   * `workerKey`). Never sent to Redis.
   */
  secret: string;
  /**
   * Distinct workers that must agree on each sub-problem, for a new run (an existing run keeps
   * its own; a different value given here is refused). 2 makes one faulty or lying worker
   * visible and outvoted, at twice the work. @default 1
   */
  replicas?: number;
  /**
   * How the count is split into jobs: `join` (the join's tasks, n up to 27), `constellations`
   * (the constellation search's sub-problems), or `auto`: the join for n = 14..27, as a local
   * count (`pickMethod`). Workers solve either. @default "constellations"
   */
  method?: CountMethod;
  /** Run name. @default `q{n}-{split hash}` (the join: `q{n}-join-{split hash}`), see `runName` */
  run?: string;
  /**
   * Sub-problems per job, for a new run (an existing run keeps its own).
   * @default batchSize(n, method)
   */
  batch?: number;
  /**
   * Count on a Redis whose `maxmemory-policy` evicts keys (refused otherwise: an evicted job
   * comes back as a ghost, an evicted record is a vote lost). @default false
   */
  allowEviction?: boolean;
  /** How often to look at the stored results. @default 0.5 */
  pollSeconds?: number;
  /** Give up on the first connection after this long. @default 3 */
  connectSeconds?: number;
  /**
   * Stops following the run at once (the run goes on in the workers, and calling again
   * attaches to it); rejects with the engine's `CountInterrupted`.
   */
  signal?: AbortSignal;
  /** Called when more sub-problems are settled. */
  onProgress?: (progress: QueueProgress) => void;
  /**
   * One-line notices: attached to a run, waiting for Redis, enqueuing again, workers that
   * disagree, records that fail their tag, votes outvoted at the end. `code` marks the notices
   * that ask a person to look at the run (`run-unsettled`: disputed with no majority, records
   * that fail their tag; `votes-overruled`), so that a caller can say what to run next.
   */
  onMessage?: (message: string, code?: ErrorCode) => void;
}

/**
 * Progress of a run, from its settled sub-problems: the engine's `Progress` (sub-problems done,
 * of `total`, and the solutions they count) and the run's name.
 */
export interface QueueProgress extends Progress {
  readonly run: string;
}

/** The outcome of a queued count. */
export interface QueueCount {
  readonly n: number;
  /** The method the run counts by. */
  readonly method: QueueMethod;
  readonly total: bigint;
  readonly unique: bigint;
  readonly run: string;
  readonly subProblems: number;
  /** Sub-problems that were already settled when this call started (attaching to a run). */
  readonly resumed: number;
  readonly jobs: number;
  /** Distinct workers whose agreeing votes settled each sub-problem. */
  readonly replicas: number;
  /** False when this call created the run, true when it attached to an existing one. */
  readonly attached: boolean;
  /** Wall-clock seconds of this call. */
  readonly seconds: number;
  /** Distinct workers that took jobs of this run (over all its attempts). */
  readonly workers: number;
  /** Valid votes that were not counted: outvoted, or otherwise overruled (reported, see verdict.ts). */
  readonly overruled: readonly OverruledVote[];
  /** What the run's notes said, as values (the command's `--json` prints them). */
  readonly notes: QueueNotes;
}

/**
 * A queue run's notes as values, for a caller that prints no messages (`--json`): every list is
 * sorted and empty when there was nothing to note.
 */
export interface QueueNotes {
  /** Sub-problems whose votes disagreed while this call followed the run (or at its end). */
  readonly disputes: readonly number[];
  /** Sub-problems with a stored record that failed its tag, seen while this call followed the run. */
  readonly forged: readonly number[];
  /** Sub-problems the operator recounted (the run's recounts, this call's and earlier ones). */
  readonly recounted: readonly number[];
  /**
   * Workers proved wrong, by a recount or by their own records (an impossible count, two counts
   * for one sub-problem): every vote they cast was recounted.
   */
  readonly liars: readonly string[];
  /** Workers with a vote overruled (outvoted, impossible, contradicting itself). */
  readonly overruledWorkers: readonly string[];
  /** Their votes overruled, in all (`overruled` lists them). */
  readonly overruledVotes: number;
}
