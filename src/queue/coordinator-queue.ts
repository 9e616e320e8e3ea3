/**
 * The coordinator's housekeeping on the BullMQ queue (coordinator-follow.ts follows the run):
 * failed jobs put back, and a settled run's leftover jobs removed.
 */
import { type Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { closeRedis, openRedis } from "./connection.js";
import { checkNoEviction } from "./pressure.js";
import { type JobData, jobId, PREFIX, QUEUE_NAME } from "./store.js";
import type { QueueUrl } from "./url.js";
import { MAX_EXTRA_VOTES } from "./verdict.js";

/** A coordinator's connections to its Redis: commands, the queue, and the blocking waits. */
export interface CoordinatorLinks {
  readonly redis: Redis;
  readonly waiter: Redis;
  readonly queue: Queue<JobData>;
}

/**
 * Opens a coordinator's connections (count or completion): its Redis, checked for an evicting
 * policy, the queue on it, and a second connection for the waits between looks.
 */
export async function openLinks(
  address: QueueUrl,
  options: { connectSeconds?: number; allowEviction?: boolean },
  say: (message: string) => void,
): Promise<CoordinatorLinks> {
  const redis = await openRedis(address, { connectSeconds: options.connectSeconds, onWait: say });
  try {
    await checkNoEviction(redis, address.display, options.allowEviction === true, say);
  } catch (e) {
    await closeRedis(redis);
    throw e;
  }
  const queue = new Queue<JobData>(QUEUE_NAME, { connection: redis, prefix: PREFIX });
  // Connection trouble is reported once by openRedis's onWait; BullMQ's copies are not needed.
  queue.on("error", () => {});
  // Waiting between looks blocks a connection (BLPOP on the run's `wake` list), so it gets its
  // own; its errors are the main connection's, reported there.
  const waiter = redis.duplicate();
  waiter.on("error", () => {});
  return { redis, waiter, queue };
}

/** Closes what {@link openLinks} opened (the queue given a second at most). */
export async function closeLinks({ redis, waiter, queue }: CoordinatorLinks): Promise<void> {
  waiter.disconnect();
  const second = new Promise<void>((r) => setTimeout(r, 1000).unref());
  await Promise.race([queue.close(), second]).catch(() => {});
  await closeRedis(redis);
}

/**
 * Removes a settled run's jobs that no worker holds: replicas handed back or still waiting,
 * failed ones, and active ones whose lock is gone (a worker that died, or a Redis restarted from
 * its append-only file with them): nothing they could add is needed any more. A job a worker
 * holds finishes on its own (its vote is one more, harmless).
 */
export async function dropLeftovers(
  redis: Redis,
  queue: Queue<JobData>,
  name: string,
): Promise<void> {
  const jobs = (await queue.getJobs(
    ["wait", "delayed", "prioritized", "failed", "active"],
    0,
    9999,
  )) as (Job<JobData> | undefined)[];
  for (const job of jobs) {
    if (job?.name !== name) continue;
    if (await redis.exists(`${PREFIX}:${QUEUE_NAME}:${job.id}:lock`)) continue;
    await job.remove().catch(() => {});
  }
}

/** Puts this run's failed jobs back in the queue (a worker error is never the end of a job). */
export async function retryFailed(queue: Queue<JobData>, name: string): Promise<void> {
  const failed = (await queue.getJobs(["failed"], 0, 999)) as Job<JobData>[];
  for (const job of failed) {
    if (job?.name === name) await job.retry("failed").catch(() => {});
  }
}

/**
 * Once every sub-problem of the range `from`..`to` is `settled`, removes its jobs that no worker
 * holds, every replica and extra vote of a run of quorum `replicas`: a coordinator restarted mid-run, or a dispute's extra vote, can
 * leave some waiting, and each would cost a worker a round of taking, checking and handing back.
 * Returns how many it removed.
 */
export async function dropRangeJobs(
  queue: Queue<JobData>,
  name: string,
  [from, to]: readonly [number, number],
  replicas: number,
  settled: (id: number) => boolean,
): Promise<number> {
  for (let id = from; id < to; id++) if (!settled(id)) return 0;
  let removed = 0;
  for (let replica = 1; replica <= replicas + MAX_EXTRA_VOTES + 1; replica++) {
    // A locked (active) job is not removed: it finishes on its own.
    const code = await queue.remove(jobId(name, from, to, replica)).catch(() => 0);
    if (code === 1) removed++;
  }
  return removed;
}
