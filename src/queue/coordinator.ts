/**
 * The coordinator: `nqueens count N --queue URL`. It describes the run, enqueues the jobs that
 * still have sub-problems without a result, follows the stored results for progress, and adds
 * up the total once every sub-problem has a verified result.
 *
 * Safe to stop and start again at any time: the run's name comes from n and the split, its jobs'
 * ids from their id ranges, so a second coordinator attaches to the same run and enqueues only
 * what is missing. It never prints a total unless every sub-problem's record checks out and no
 * worker has reported a disagreeing result. While Redis is unreachable it waits (and says so);
 * if Redis comes back empty (restarted without persistence), it enqueues the run again.
 */
import { type Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { MAX_N, split, splitVersion } from "../engine/split.js";
import { Tally } from "../engine/tally.js";
import { CountInterrupted, type Progress } from "../engine/types.js";
import { checkSize, NQueensError } from "../errors.js";
import { plural } from "../words.js";
import { closeRedis, openRedis } from "./connection.js";
import { checkRecord } from "./record.js";
import {
  batchRanges,
  batchSize,
  checkRunName,
  ensureRun,
  type JobData,
  jobId,
  largestFirst,
  PREFIX,
  QUEUE_NAME,
  readConflicts,
  runKeys,
  runName,
  totalOf,
} from "./run.js";
import { parseQueueUrl, type QueueUrl } from "./url.js";

/** Options for {@link runCoordinator}. */
export interface CoordinatorOptions {
  /** Run name. @default `q{n}-{split hash}`, see `runName` */
  run?: string;
  /** Sub-problems per job, for a new run (an existing run keeps its own). @default batchSize(n) */
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
  /** Called when more results are stored. */
  onProgress?: (progress: QueueProgress) => void;
  /** One-line notices: attached to a run, waiting for Redis, enqueuing again. */
  onMessage?: (message: string) => void;
}

/**
 * Progress of a run, from its stored results: the engine's `Progress` (sub-problems done, of
 * `total`, and the solutions they count) and the run's name.
 */
export interface QueueProgress extends Progress {
  readonly run: string;
}

/** The outcome of a queued count. */
export interface QueueCount {
  readonly n: number;
  readonly total: bigint;
  readonly unique: bigint;
  readonly run: string;
  readonly subProblems: number;
  /** Sub-problems that already had a result when this call started (attaching to a run). */
  readonly resumed: number;
  readonly jobs: number;
  /** False when this call created the run, true when it attached to an existing one. */
  readonly attached: boolean;
  /** Wall-clock seconds of this call. */
  readonly seconds: number;
  /** Distinct workers that took jobs of this run (over all its attempts). */
  readonly workers: number;
}

/** Every job can be retried this often after an error, besides the coordinator's own retries. */
const JOB_OPTIONS = {
  attempts: 20,
  backoff: { type: "fixed", delay: 1000 },
  removeOnComplete: true,
  removeOnFail: false,
} as const;

/**
 * Counts the solutions of n with the workers listening on the queue at `url`.
 * @throws NQueensError for bad input, an unreachable server, a run name taken by another n or
 *   split, a result that fails its verification, or workers that disagree on a sub-problem;
 *   CountInterrupted when `signal` aborts
 * @example const { total } = await runCoordinator(17, "redis://10.0.0.5:6379", { onProgress });
 */
export async function runCoordinator(
  n: number,
  url: string | QueueUrl,
  options: CoordinatorOptions = {},
): Promise<QueueCount> {
  checkSize(n, MAX_N);
  const address = typeof url === "string" ? parseQueueUrl(url) : url;
  const name = checkRunName(options.run ?? runName(n));
  const wanted = options.batch ?? batchSize(n);
  if (!Number.isInteger(wanted) || wanted < 1) {
    throw new NQueensError(
      `batch must be a whole number of sub-problems, at least 1: got ${wanted}`,
    );
  }
  const signal = options.signal;
  if (signal?.aborted) throw new CountInterrupted(0, split(n).length);
  const say = options.onMessage ?? (() => {});
  const redis = await openRedis(address, { connectSeconds: options.connectSeconds, onWait: say });
  const queue = new Queue<JobData>(QUEUE_NAME, { connection: redis, prefix: PREFIX });
  // Connection trouble is reported once by openRedis's onWait; BullMQ's copies are not needed.
  queue.on("error", () => {});
  // Waiting between looks blocks a connection (BLPOP on the run's `complete` list), so it gets
  // its own; its errors are the main connection's, reported there.
  const waiter = redis.duplicate();
  waiter.on("error", () => {});
  const seen = { done: 0 };
  try {
    const links = { redis, waiter, queue };
    return await follow(n, name, wanted, links, options, address.display, seen);
  } catch (e) {
    if (signal?.aborted) throw new CountInterrupted(seen.done, split(n).length);
    throw e;
  } finally {
    waiter.disconnect();
    await Promise.race([queue.close(), sleep(1000, true)]).catch(() => {});
    await closeRedis(redis);
  }
}

/** The coordinator's connections: commands, the blocking wait between looks, the queue. */
interface Links {
  readonly redis: Redis;
  readonly waiter: Redis;
  readonly queue: Queue<JobData>;
}

async function follow(
  n: number,
  name: string,
  wanted: number,
  { redis, waiter, queue }: Links,
  options: CoordinatorOptions,
  display: string,
  seen: { done: number },
): Promise<QueueCount> {
  const signal = options.signal;
  const say = options.onMessage ?? (() => {});
  const began = performance.now();
  const list = split(n);
  const version = splitVersion(n);
  const keys = runKeys(name);
  const pollMs = Math.max(50, (options.pollSeconds ?? 0.5) * 1000);
  const until = <T>(p: Promise<T>) => abortable(p, signal);

  const { created, batch } = await until(ensureRun(redis, name, n, wanted));
  const ranges = largestFirst(n, batchRanges(list.length, batch));
  const attached = !created;
  const enqueue = async (recheck: boolean) => {
    const have = new Set((await redis.hkeys(keys.results)).map(Number));
    const missing = ranges.filter(([from, to]) => {
      for (let id = from; id < to; id++) if (!have.has(id)) return true;
      return false;
    });
    if (recheck) {
      // A job that finished or failed but left results missing (data lost on the server) is
      // started again; one the queue no longer knows is added again below.
      for (const [from, to] of missing) {
        const id = jobId(name, from, to);
        const state = await queue.getJobState(id);
        if (state === "completed" || state === "failed") {
          const job = (await queue.getJob(id)) as Job<JobData> | undefined;
          await job?.retry(state).catch(() => {});
        }
      }
    }
    for (let i = 0; i < missing.length; i += 1000) {
      await queue.addBulk(
        missing.slice(i, i + 1000).map(([from, to]) => ({
          name,
          data: { run: name, n, version, from, to },
          opts: { ...JOB_OPTIONS, jobId: jobId(name, from, to) },
        })),
      );
    }
    return { done: have.size, jobs: missing.length };
  };
  const first = await until(enqueue(false));
  if (attached) {
    say(
      `attached to run ${name}: ${first.done} of ${plural(list.length, "sub-problem")} already done, ${plural(first.jobs, "job")} enqueued or waiting`,
    );
  } else {
    say(
      `started run ${name}: ${plural(list.length, "sub-problem")} in ${plural(ranges.length, "job")} of ${batch}`,
    );
  }

  // Progress: read the ids stored since the last look, add their weighted counts.
  let cursor = 0;
  let tally = new Tally(list);
  let reported = -1;
  let summed = -1;
  let lastCheck = Date.now();
  let lastFull = Date.now();
  let recheck = false;
  for (;;) {
    signal?.throwIfAborted();
    const ids = await until(redis.lrange(keys.done, cursor, cursor + 9999));
    if (ids.length > 0) {
      const records = await until(redis.hmget(keys.results, ...ids));
      ids.forEach((text, i) => {
        const id = Number(text);
        const record = records[i];
        if (record === null || !(id >= 0 && id < list.length)) return;
        const checked = checkRecord(version, id, record);
        if (checked.ok) tally.add(id, checked.record);
      });
      cursor += ids.length;
    }
    seen.done = tally.done;
    if (cursor !== reported) {
      reported = cursor;
      options.onProgress?.({
        run: name,
        done: tally.done,
        total: list.length,
        solutions: tally.total,
      });
    }
    if ((await until(redis.llen(keys.conflicts))) > 0) {
      const conflicts = await until(readConflicts(redis, name));
      const ids = [...new Set(conflicts.map((c) => c.id))];
      throw new NQueensError(
        `run ${name}: workers disagree on sub-problem ${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", ..." : ""}; no total (see: nqueens runs --queue ${display})`,
      );
    }
    if (cursor >= list.length && cursor !== summed) {
      summed = cursor;
      const results = await until(redis.hgetall(keys.results));
      const sum = totalOf(n, results);
      if (sum.ok) {
        await until(
          redis.hset(keys.meta, {
            total: sum.total.toString(),
            unique: sum.unique.toString(),
            finished: new Date().toISOString(),
          }),
        );
        const starts = await until(redis.lrange(keys.starts, 0, -1));
        return {
          n,
          total: sum.total,
          unique: sum.unique,
          run: name,
          subProblems: list.length,
          resumed: first.done,
          jobs: ranges.length,
          attached,
          seconds: (performance.now() - began) / 1000,
          workers: new Set(starts.map((line) => line.split("\t")[1])).size,
        };
      }
      if (sum.bad.length > 0) {
        const b = sum.bad[0];
        throw new NQueensError(
          `run ${name}: the stored result of sub-problem ${b.id} fails verification (${b.reason})${sum.bad.length > 1 ? ` and ${sum.bad.length - 1} more` : ""}; no total`,
        );
      }
      // The progress list names more results than the server holds: it lost data.
      recheck = true;
    }
    const now = Date.now();
    if (now - lastCheck > 3000 || recheck) {
      lastCheck = now;
      if (!(await until(redis.exists(keys.meta)))) {
        say(
          `run ${name} is gone from the server (Redis restarted without saving?); enqueuing it again`,
        );
        await until(ensureRun(redis, name, n, batch));
        cursor = 0;
        tally = new Tally(list);
        reported = -1;
        summed = -1;
        recheck = true;
      }
      await until(retryFailed(queue, name));
      const counts = await until(
        queue.getJobCounts("wait", "active", "delayed", "prioritized", "waiting-children"),
      );
      const queued = Object.values(counts).reduce((a, b) => a + b, 0);
      if (queued === 0 || recheck || now - lastFull > 30000) {
        lastFull = now;
        recheck = false;
        const { jobs } = await until(enqueue(true));
        if (jobs > 0 && queued === 0) {
          say(
            `run ${name}: ${plural(jobs, "job")} without results ${jobs === 1 ? "was" : "were"} enqueued again`,
          );
        }
      }
    }
    // Until the next look, or until the last result is stored, whichever comes first.
    await until(waiter.blpop(keys.complete, pollMs / 1000));
  }
}

/** Puts this run's failed jobs back in the queue (a worker error is never the end of a job). */
async function retryFailed(queue: Queue<JobData>, name: string): Promise<void> {
  const failed = (await queue.getJobs(["failed"], 0, 999)) as Job<JobData>[];
  for (const job of failed) {
    if (job?.name === name) await job.retry("failed").catch(() => {});
  }
}

function sleep(ms: number, unref = false): Promise<void> {
  return new Promise((r) => {
    const t = setTimeout(r, ms);
    if (unref) t.unref();
  });
}

/** Rejects with the signal's reason as soon as it is aborted, whatever `p` is waiting for. */
function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}
