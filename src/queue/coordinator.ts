/**
 * The coordinator: `nqueens count N --queue URL`. It describes the run (tagged with the run's
 * key, see secret.ts), enqueues tagged jobs that ask `replicas` distinct workers for a vote on
 * every sub-problem, follows the votes for progress, asks one more worker wherever votes
 * disagree, and adds up the total once every sub-problem is settled (verdict.ts).
 *
 * Safe to stop and start again at any time: the run's name comes from n and the split, its jobs'
 * ids from their id ranges and replica, so a second coordinator attaches to the same run and
 * enqueues only what is missing. It never prints a total unless every sub-problem is settled by
 * records that carry valid tags and no stored record fails its tag. While Redis is unreachable it
 * waits (and says so); if Redis comes back empty (restarted without persistence), it enqueues the
 * run again.
 *
 * A run counts by one method (`method`, as `nqueens count --method`): the constellation search's
 * sub-problems or the join's tasks (run-split.ts); everything below is the same for both.
 *
 * This file checks the options and opens the connections; following the run (plan, poll,
 * disputes, settle) is coordinator-follow.ts.
 */
import { Queue } from "bullmq";
import { CountInterrupted, type CountMethod, type Progress, pickMethod } from "../engine/index.js";
import { checkSize, type ErrorCode, NQueensError, shownValue } from "../errors.js";
import { MAX_REPLICAS, MAX_SPLIT_N } from "../limits.js";
import { closeRedis, openRedis } from "./connection.js";
import { follow } from "./coordinator-follow.js";
import { type QueueMethod, runSplit } from "./run-split.js";
import { checkSecret, runKey } from "./secret.js";
import { checkRunName, type JobData, PREFIX, QUEUE_NAME, runName } from "./store.js";
import { parseQueueUrl, type QueueUrl } from "./url.js";
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
}

/** Checks a quorum size. */
function checkReplicas(replicas: number): number {
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS) {
    throw new NQueensError(
      `replicas must be a whole number from 1 to ${MAX_REPLICAS}: got ${shownValue(replicas)}`,
      "out-of-range",
      { option: "replicas", value: shownValue(replicas), min: 1, max: MAX_REPLICAS },
    );
  }
  return replicas;
}

/**
 * Counts the solutions of n with the workers listening on the queue at `url`.
 * @throws NQueensError for bad input (the join beyond n = 25 included), a missing or short
 *   secret, an unreachable server, a run name taken by another n, method or split or by another
 *   secret, stored records that fail their tag,
 *   or workers that disagree on a sub-problem with no majority; RunFlagged (an NQueensError) for
 *   a run found inconsistent before, or now (a stored total the records no longer add up to);
 *   CountInterrupted when `signal` aborts
 * @example const { total } = await runCoordinator(17, "redis://10.0.0.5:6379", { secret, onProgress });
 */
export async function runCoordinator(
  n: number,
  url: string | QueueUrl,
  options: CoordinatorOptions,
): Promise<QueueCount> {
  checkSize(n, MAX_SPLIT_N);
  const address = typeof url === "string" ? parseQueueUrl(url) : url;
  const method = pickMethod(n, options.method ?? "constellations");
  const plan = runSplit(n, method);
  const name = checkRunName(options.run ?? runName(n, method));
  if (typeof options.secret !== "string") {
    throw new NQueensError("a queue run needs a secret (the secret option)", "secret-missing", {
      option: "secret",
    });
  }
  const key = runKey(checkSecret(options.secret, "the secret"), name);
  if (options.replicas !== undefined) checkReplicas(options.replicas);
  const wanted = options.batch ?? plan.batch;
  if (!Number.isInteger(wanted) || wanted < 1) {
    throw new NQueensError(
      `batch must be a whole number of sub-problems, at least 1: got ${wanted}`,
      "out-of-range",
      { option: "batch", value: wanted, min: 1 },
    );
  }
  const signal = options.signal;
  if (signal?.aborted) throw new CountInterrupted(0, plan.size);
  const say = options.onMessage ?? (() => {});
  const redis = await openRedis(address, { connectSeconds: options.connectSeconds, onWait: say });
  const queue = new Queue<JobData>(QUEUE_NAME, { connection: redis, prefix: PREFIX });
  // Connection trouble is reported once by openRedis's onWait; BullMQ's copies are not needed.
  queue.on("error", () => {});
  // Waiting between looks blocks a connection (BLPOP on the run's `wake` list), so it gets its
  // own; its errors are the main connection's, reported there.
  const waiter = redis.duplicate();
  waiter.on("error", () => {});
  const seen = { done: 0 };
  try {
    const links = { redis, waiter, queue };
    return await follow(plan, key, wanted, links, options, address.display, seen);
  } catch (e) {
    if (signal?.aborted) throw new CountInterrupted(seen.done, plan.size);
    throw e;
  } finally {
    waiter.disconnect();
    await Promise.race([queue.close(), sleep(1000, true)]).catch(() => {});
    await closeRedis(redis);
  }
}

function sleep(ms: number, unref = false): Promise<void> {
  return new Promise((r) => {
    const t = setTimeout(r, ms);
    if (unref) t.unref();
  });
}
