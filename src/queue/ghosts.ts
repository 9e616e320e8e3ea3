/**
 * A run's jobs as BullMQ keeps them, read by id rather than through BullMQ: a Redis that evicts
 * keys (a `maxmemory-policy` other than noeviction) can delete a job's hash and leave its id in
 * the queue's lists, a *ghost* that BullMQ's own calls skip (`getJobs` returns nothing for it)
 * and that no worker can solve. `runs` lists the runs such ids belong to, and `runs --forget`
 * removes them with the rest of the run.
 */
import type { Redis } from "ioredis";
import { PREFIX, QUEUE_NAME } from "./store.js";

/** The queue's lists and sorted sets of job ids. */
const LISTS = ["wait", "paused", "active"] as const;
const SETS = ["delayed", "prioritized", "failed", "completed"] as const;

function base(): string {
  return `${PREFIX}:${QUEUE_NAME}`;
}

/** The run and sub-problem range of a job id (`RUN_FROM-TO` or `RUN_FROM-TO_rK`, see `jobId`). */
function rangeOfJob(id: string): { run: string; from: number; to: number } | undefined {
  const m = /^(.+)_(\d+)-(\d+)(?:_r\d+)?$/.exec(id);
  return m ? { run: m[1], from: Number(m[2]), to: Number(m[3]) } : undefined;
}

/** Every job id in the queue's lists and sorted sets, by run (ids of no run left out). */
export async function jobIdsByRun(redis: Redis): Promise<Map<string, string[]>> {
  const ids = new Set<string>();
  for (const list of LISTS) {
    for (const id of await redis.lrange(`${base()}:${list}`, 0, -1)) ids.add(id);
  }
  for (const set of SETS) {
    for (const id of await redis.zrange(`${base()}:${set}`, "0", "-1")) ids.add(id);
  }
  const byRun = new Map<string, string[]>();
  for (const id of ids) {
    const run = rangeOfJob(id)?.run;
    if (run !== undefined) byRun.set(run, [...(byRun.get(run) ?? []), id]);
  }
  return byRun;
}

/**
 * Removes job ids from every list and sorted set of the queue, with their hashes, locks and
 * logs (whatever of them is left). Returns how many ids were found anywhere.
 */
export async function removeJobIds(redis: Redis, ids: readonly string[]): Promise<number> {
  let found = 0;
  for (const id of ids) {
    let here = 0;
    for (const list of LISTS) here += await redis.lrem(`${base()}:${list}`, 0, id);
    for (const set of SETS) here += await redis.zrem(`${base()}:${set}`, id);
    const job = `${base()}:${id}`;
    here += await redis.del(job, `${job}:lock`, `${job}:logs`);
    if (here > 0) found++;
  }
  return found;
}
