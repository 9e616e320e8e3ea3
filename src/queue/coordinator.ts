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
 * disputes, settle) is coordinator-follow.ts; the options and the outcome both use are
 * coordinator-options.ts.
 */
import { CountInterrupted, pickMethod } from "../engine/index.js";
import { checkSize, NQueensError, shownValue } from "../errors.js";
import { MAX_REPLICAS, MAX_SPLIT_N } from "../limits.js";
import { checkOptions } from "../shapes.js";
import { follow } from "./coordinator-follow.js";
import type { CoordinatorOptions, QueueCount } from "./coordinator-options.js";
import { closeLinks, openLinks } from "./coordinator-queue.js";
import { isRedisFull, redisFull } from "./pressure.js";
import { runSplit } from "./run-split.js";
import { checkSecret, runKey } from "./secret.js";
import { checkRunName, runName } from "./store.js";
import { parseQueueUrl, type QueueUrl } from "./url.js";

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
 * @param n - the board's size
 * @param url - the queue's Redis address (text, or parsed by {@link parseQueueUrl})
 * @param options - the cluster's secret, the run's method, name, batch and quorum, progress, notes
 *   and an abort signal (see {@link CoordinatorOptions})
 * @returns the total and unique counts, with the run's name, its sub-problems and jobs, the workers
 *   and the votes overruled
 * @throws NQueensError for bad input (the join beyond n = 25 included), a missing or short
 *   secret, an unreachable server, a run name taken by another n, method or split or by another
 *   secret, stored records that fail their tag,
 *   or workers that disagree on a sub-problem with no majority; a Redis that evicts keys
 *   (`queue-evicting`, unless `allowEviction`) or is full (`queue-full`, temporary); RunFlagged (an NQueensError) for
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
  options = checkOptions(options, "runCoordinator");
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
      `batch must be a whole number of sub-problems, at least 1: got ${shownValue(wanted)}`,
      "out-of-range",
      { option: "batch", value: wanted, min: 1 },
    );
  }
  const signal = options.signal;
  if (signal?.aborted) throw new CountInterrupted(0, plan.size);
  const say = options.onMessage ?? (() => {});
  const links = await openLinks(address, options, say);
  const seen = { done: 0 };
  try {
    return await follow(plan, key, wanted, links, options, address.display, seen);
  } catch (e) {
    if (signal?.aborted) throw new CountInterrupted(seen.done, plan.size);
    // A write refused for want of memory, wherever it was: one error that says what to do.
    if (isRedisFull(e)) throw redisFull(address.display, name);
    throw e;
  } finally {
    await closeLinks(links);
  }
}
