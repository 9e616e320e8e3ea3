/**
 * The coordinator's housekeeping on the BullMQ queue (coordinator-follow.ts follows the run):
 * failed jobs put back, and a settled run's leftover jobs removed.
 */
import type { Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { type JobData, PREFIX, QUEUE_NAME } from "./store.js";

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
