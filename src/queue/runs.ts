/**
 * Looking at runs from any machine: their progress, their conflicts, re-verifying a run by
 * recounting a random sample of its sub-problems locally, and forgetting a run.
 */
import { randomInt } from "node:crypto";
import { type Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { solveSubProblem } from "../engine/kernel.js";
import { type SubResult, split, splitVersion } from "../engine/split.js";
import { NQueensError } from "../errors.js";
import { closeRedis, openRedis } from "./connection.js";
import { agree, checkRecord } from "./record.js";
import {
  type Conflict,
  checkRunName,
  PREFIX,
  QUEUE_NAME,
  RUNS_KEY,
  type RunMeta,
  readConflicts,
  readMeta,
  runKeys,
} from "./run.js";
import { parseQueueUrl, type QueueUrl } from "./url.js";

/** A run and where it stands. */
export interface RunInfo extends RunMeta {
  /** Sub-problems with a stored result. */
  readonly done: number;
  /** Results that disagreed with the stored one, each with the stored record it disagreed with. */
  readonly conflicts: readonly (Conflict & { readonly stored: string | null })[];
  /** Job starts recorded by workers, and how many of them were retries (attempt > 1). */
  readonly starts: number;
  readonly retries: number;
}

/** The queue's job counts (all runs together). */
export interface QueueJobCounts {
  readonly waiting: number;
  readonly active: number;
  readonly delayed: number;
  readonly failed: number;
}

async function withRedis<T>(
  url: string | QueueUrl,
  connectSeconds: number | undefined,
  use: (redis: Redis) => Promise<T>,
): Promise<T> {
  const address = typeof url === "string" ? parseQueueUrl(url) : url;
  const redis = await openRedis(address, { connectSeconds });
  try {
    return await use(redis);
  } finally {
    await closeRedis(redis);
  }
}

async function runInfo(redis: Redis, meta: RunMeta): Promise<RunInfo> {
  const keys = runKeys(meta.name);
  const [done, conflicts, starts] = await Promise.all([
    redis.hlen(keys.results),
    readConflicts(redis, meta.name),
    redis.lrange(keys.starts, 0, -1),
  ]);
  const retries = starts.filter((s) => Number(s.split("\t")[2]) > 1).length;
  const stored =
    conflicts.length === 0
      ? []
      : await redis.hmget(keys.results, ...conflicts.map((c) => String(c.id)));
  return {
    ...meta,
    done,
    conflicts: conflicts.map((c, i) => ({ ...c, stored: stored[i] ?? null })),
    starts: starts.length,
    retries,
  };
}

/**
 * Every run on the server, oldest first, and the queue's job counts.
 * @example const { runs } = await listRuns("redis://127.0.0.1:6379");
 */
export async function listRuns(
  url: string | QueueUrl,
  options: { connectSeconds?: number } = {},
): Promise<{ runs: RunInfo[]; jobs: QueueJobCounts }> {
  return withRedis(url, options.connectSeconds, async (redis) => {
    const names = (await redis.smembers(RUNS_KEY)).sort();
    const runs: RunInfo[] = [];
    for (const name of names) {
      const meta = await readMeta(redis, name);
      if (meta) runs.push(await runInfo(redis, meta));
    }
    runs.sort((a, b) => a.created.localeCompare(b.created) || a.name.localeCompare(b.name));
    const queue = new Queue(QUEUE_NAME, { connection: redis, prefix: PREFIX });
    queue.on("error", () => {});
    try {
      const c = await queue.getJobCounts("wait", "active", "delayed", "failed");
      return {
        runs,
        jobs: {
          waiting: c.wait ?? 0,
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          failed: c.failed ?? 0,
        },
      };
    } finally {
      await queue.close().catch(() => {});
    }
  });
}

/** One sub-problem recounted by {@link verifyRun}. */
export interface VerifiedSubProblem {
  readonly id: number;
  readonly stored: SubResult | undefined;
  readonly recount: SubResult;
  /** The stored record passed its own checks and its counts equal the recount. */
  readonly ok: boolean;
  /** Why not, when not ok. */
  readonly reason?: string;
}

/** The outcome of {@link verifyRun}. */
export interface VerifyReport {
  readonly run: string;
  readonly n: number;
  /** Stored results the sample was drawn from. */
  readonly stored: number;
  readonly subProblems: number;
  readonly checked: readonly VerifiedSubProblem[];
  /** Every sampled result agreed. */
  readonly ok: boolean;
}

/**
 * Recounts `sample` randomly chosen stored results of a run on this machine and compares them.
 * @throws NQueensError when there is no such run or this program's split of n differs
 * @example const r = await verifyRun(url, "q17-3f0c91a2", { sample: 20 }); r.ok
 */
export async function verifyRun(
  url: string | QueueUrl,
  name: string,
  options: {
    sample?: number;
    connectSeconds?: number;
    onProgress?: (checked: number, of: number) => void;
  } = {},
): Promise<VerifyReport> {
  checkRunName(name);
  const want = options.sample ?? 10;
  if (!Number.isInteger(want) || want < 1) {
    throw new NQueensError(`--sample must be a whole number, at least 1: got ${want}`);
  }
  const { meta, results } = await withRedis(url, options.connectSeconds, async (redis) => {
    const meta = await readMeta(redis, name);
    if (!meta) throw new NQueensError(`no run named '${name}' on this server (see nqueens runs)`);
    return { meta, results: await redis.hgetall(runKeys(name).results) };
  });
  const version = splitVersion(meta.n);
  if (version !== meta.version) {
    throw new NQueensError(
      `run '${name}' was split as ${meta.version}; this program splits n=${meta.n} as ${version} and cannot recount it`,
    );
  }
  const ids = Object.keys(results).map(Number);
  // A partial Fisher-Yates shuffle: the first `take` ids are a uniform sample.
  const take = Math.min(want, ids.length);
  for (let i = 0; i < take; i++) {
    const j = i + randomInt(ids.length - i);
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  const sample = ids.slice(0, take).sort((a, b) => a - b);
  const list = split(meta.n);
  const checked: VerifiedSubProblem[] = [];
  for (const id of sample) {
    const recount = solveSubProblem(meta.n, list[id]);
    const c = checkRecord(version, id, results[id]);
    if (!c.ok) checked.push({ id, stored: undefined, recount, ok: false, reason: c.reason });
    else if (!agree(c.record, recount)) {
      checked.push({ id, stored: c.record, recount, ok: false, reason: "counts differ" });
    } else checked.push({ id, stored: c.record, recount, ok: true });
    options.onProgress?.(checked.length, sample.length);
  }
  return {
    run: name,
    n: meta.n,
    stored: ids.length,
    subProblems: list.length,
    checked,
    ok: checked.every((c) => c.ok),
  };
}

/** What {@link forgetRun} removed. */
export interface ForgetReport {
  readonly run: string;
  /** Stored results deleted. */
  readonly results: number;
  /** The run's jobs taken off the queue (waiting, delayed or failed). */
  readonly jobs: number;
}

/**
 * Deletes a run from the server: its description, results, progress, conflicts and job starts,
 * and its jobs that are not in progress. Its coordinator must be stopped first (one still
 * following would find the run gone and enqueue it again).
 * @throws NQueensError when there is no such run, or a worker is solving one of its jobs now
 * @example await forgetRun("redis://127.0.0.1:6379", "q17-3f0c91a2") // { results: 4319, jobs: 0 }
 */
export async function forgetRun(
  url: string | QueueUrl,
  name: string,
  options: { connectSeconds?: number } = {},
): Promise<ForgetReport> {
  checkRunName(name);
  return withRedis(url, options.connectSeconds, async (redis) => {
    const keys = runKeys(name);
    const listed = await redis.sismember(RUNS_KEY, name);
    if (!listed && !(await redis.exists(keys.meta))) {
      throw new NQueensError(`no run named '${name}' on this server (see nqueens runs)`);
    }
    const queue = new Queue(QUEUE_NAME, { connection: redis, prefix: PREFIX });
    queue.on("error", () => {});
    try {
      const ours = async (types: Parameters<typeof queue.getJobs>[0]) =>
        ((await queue.getJobs(types)) as (Job | undefined)[]).filter(
          (j): j is Job => j?.name === name,
        );
      const active = await ours(["active"]);
      if (active.length > 0) {
        throw new NQueensError(
          `run '${name}' has ${active.length} job${active.length === 1 ? "" : "s"} in progress: stop its workers or let the jobs finish, then forget it`,
        );
      }
      let jobs = 0;
      for (const job of await ours(["wait", "delayed", "prioritized", "failed", "completed"])) {
        try {
          await job.remove();
          jobs++;
        } catch {
          // Taken by a worker since the check above: locked, so it stays (and finds no run).
        }
      }
      const results = await redis.hlen(keys.results);
      await redis.del(...Object.values(keys));
      await redis.srem(RUNS_KEY, name);
      return { run: name, results, jobs };
    } finally {
      await queue.close().catch(() => {});
    }
  });
}
