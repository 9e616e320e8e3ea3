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
 */
import { type Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { MAX_N } from "../engine/constellations/split.js";
import { type CountMethod, pickMethod } from "../engine/method.js";
import { CountInterrupted, type Progress } from "../engine/types.js";
import { checkSize, NQueensError } from "../errors.js";
import { plural } from "../words.js";
import { closeRedis, openRedis } from "./connection.js";
import { type QueueMethod, type RunSplit, runSplit } from "./run-split.js";
import { checkSecret, type RunKey, runKey } from "./secret.js";
import {
  batchRanges,
  checkRunName,
  ensureRun,
  type JobData,
  jobData,
  jobId,
  largestFirst,
  MAX_REPLICAS,
  PREFIX,
  QUEUE_NAME,
  readVotes,
  runKeys,
  runName,
} from "./store.js";
import { parseQueueUrl, type QueueUrl } from "./url.js";
import { judgeRun, judgeSub, type OverruledVote, type RunVerdict, voteLines } from "./verdict.js";

/** Options for {@link runCoordinator}. */
export interface CoordinatorOptions {
  /**
   * The run's secret, the same for the coordinator and every worker (at least 16 characters);
   * it keys every tag and is never sent to Redis.
   */
  secret: string;
  /**
   * Distinct workers that must agree on each sub-problem, for a new run (an existing run keeps
   * its own; a different value given here is refused). 2 makes one faulty or lying worker
   * visible and outvoted, at twice the work. @default 1
   */
  replicas?: number;
  /**
   * How the count is split into jobs: `join` (the join's tasks, n up to 25), `constellations`
   * (the constellation search's sub-problems), or `auto`: the join for n = 16..23, as a local
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
   * disagree, records that fail their tag, votes outvoted at the end.
   */
  onMessage?: (message: string) => void;
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

/** Every job can be retried this often after an error, besides the coordinator's own retries. */
const JOB_OPTIONS = {
  attempts: 20,
  backoff: { type: "fixed", delay: 1000 },
  removeOnComplete: true,
  removeOnFail: false,
} as const;

/** Checks a quorum size. */
export function checkReplicas(replicas: number): number {
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS) {
    throw new NQueensError(
      `replicas must be a whole number from 1 to ${MAX_REPLICAS}: got ${replicas}`,
    );
  }
  return replicas;
}

/**
 * Counts the solutions of n with the workers listening on the queue at `url`.
 * @throws NQueensError for bad input (the join beyond n = 25 included), a missing or short
 *   secret, an unreachable server, a run name taken by another n, method or split or by another
 *   secret, stored records that fail their tag,
 *   or workers that disagree on a sub-problem with no majority; CountInterrupted when `signal`
 *   aborts
 * @example const { total } = await runCoordinator(17, "redis://10.0.0.5:6379", { secret, onProgress });
 */
export async function runCoordinator(
  n: number,
  url: string | QueueUrl,
  options: CoordinatorOptions,
): Promise<QueueCount> {
  checkSize(n, MAX_N);
  const address = typeof url === "string" ? parseQueueUrl(url) : url;
  const method = pickMethod(n, options.method ?? "constellations");
  const plan = runSplit(n, method);
  const name = checkRunName(options.run ?? runName(n, method));
  if (typeof options.secret !== "string") {
    throw new NQueensError("a queue run needs a secret (the secret option)");
  }
  const key = runKey(checkSecret(options.secret, "the secret"), name);
  if (options.replicas !== undefined) checkReplicas(options.replicas);
  const wanted = options.batch ?? plan.batch;
  if (!Number.isInteger(wanted) || wanted < 1) {
    throw new NQueensError(
      `batch must be a whole number of sub-problems, at least 1: got ${wanted}`,
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

/** The coordinator's connections: commands, the blocking wait between looks, the queue. */
interface Links {
  readonly redis: Redis;
  readonly waiter: Redis;
  readonly queue: Queue<JobData>;
}

/** The ids of a list, at most five, for a message. */
function some(ids: readonly number[]): string {
  return `${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", ..." : ""}`;
}

async function follow(
  plan: RunSplit,
  key: RunKey,
  wanted: number,
  { redis, waiter, queue }: Links,
  options: CoordinatorOptions,
  display: string,
  seen: { done: number },
): Promise<QueueCount> {
  const name = key.run;
  const signal = options.signal;
  const say = options.onMessage ?? (() => {});
  const began = performance.now();
  const { n, version, size } = plan;
  const keys = runKeys(name);
  const pollMs = Math.max(50, (options.pollSeconds ?? 0.5) * 1000);
  const until = <T>(p: Promise<T>) => abortable(p, signal);

  const { created, batch, replicas } = await until(
    ensureRun(redis, key, plan, wanted, options.replicas),
  );
  const ranges = largestFirst(plan, batchRanges(size, batch));
  // The job range of each sub-problem, so that extra votes are asked per range, not per id.
  const rangeOf = new Int32Array(size);
  ranges.forEach(([from, to], i) => {
    rangeOf.fill(i, from, to);
  });
  /**
   * Jobs asking one more vote on the open sub-problems `open` (id and stored records): one per
   * range, numbered past every vote stored in it, so that it is a job not run before (a worker
   * solves only the sub-problems of the range that are still open and that it has not voted on).
   */
  const moreVotes = (open: readonly { id: number; records: number }[]) => {
    const next = new Map<number, number>();
    for (const { id, records } of open) {
      const r = rangeOf[id];
      next.set(r, Math.max(next.get(r) ?? replicas, records));
    }
    return [...next].map(([r, most]) => ({
      from: ranges[r][0],
      to: ranges[r][1],
      replica: most + 1,
    }));
  };
  const attached = !created;
  const told = new Set<string>();
  // Sub-problems whose votes have disagreed, for one notice every few seconds at most.
  const disputes = new Set<number>();
  let lastDisputeNote = 0;
  let disputesSaid = 0;
  const tell = (what: string, message: string) => {
    if (!told.has(what)) {
      told.add(what);
      say(message);
    }
  };

  /** The jobs the verdict still asks for: replicas of ranges with short ids, extra votes. */
  const wantedJobs = (verdict: RunVerdict | undefined) => {
    const jobs: { from: number; to: number; replica: number }[] = [];
    const need = new Map<number, number>(); // id -> votes still missing
    if (verdict) for (const s of verdict.short) need.set(s.id, replicas - s.voters.length);
    for (let replica = 1; replica <= replicas; replica++) {
      for (const [from, to] of ranges) {
        let most = verdict ? 0 : replicas;
        for (let id = from; id < to && verdict; id++) most = Math.max(most, need.get(id) ?? 0);
        // The last `most` replicas of the range: those not yet done, or lost.
        if (replica > replicas - most) jobs.push({ from, to, replica });
      }
    }
    jobs.push(...moreVotes((verdict?.disputes ?? []).filter((d) => !d.exhausted)));
    return jobs;
  };
  const enqueue = async (verdict: RunVerdict | undefined, recheck: boolean) => {
    const jobs = wantedJobs(verdict);
    if (recheck) {
      // A job that finished or failed but left votes missing (data lost on the server) is
      // started again; one the queue no longer knows is added again below.
      for (const { from, to, replica } of jobs) {
        const id = jobId(name, from, to, replica);
        const state = await queue.getJobState(id);
        if (state === "completed" || state === "failed") {
          const job = (await queue.getJob(id)) as Job<JobData> | undefined;
          await job?.retry(state).catch(() => {});
        }
      }
    }
    for (let i = 0; i < jobs.length; i += 1000) {
      await queue.addBulk(
        jobs.slice(i, i + 1000).map(({ from, to, replica }) => ({
          name,
          data: jobData(key, plan, from, to, replica, replicas),
          opts: { ...JOB_OPTIONS, jobId: jobId(name, from, to, replica) },
        })),
      );
    }
    return jobs.length;
  };
  const judgeAll = async () => judgeRun(plan, key, await until(readVotes(redis, name)), replicas);

  let verdict = created ? undefined : await judgeAll();
  const resumed = verdict?.settled.size ?? 0;
  const firstJobs = await until(enqueue(verdict, false));
  if (attached) {
    say(
      `attached to run ${name}: ${resumed} of ${plural(size, "sub-problem")} already settled, ${plural(firstJobs, "job")} enqueued or waiting`,
    );
  } else {
    const quorum = replicas > 1 ? `, each solved by ${replicas} distinct workers` : "";
    say(
      `started run ${name}: ${plural(size, "sub-problem")} in ${plural(ranges.length, "job")} of ${batch}${quorum}`,
    );
  }

  // Progress: read the ids hinted settled since the last look, check their votes, add them up.
  let cursor = 0;
  let disputeCursor = 0;
  let tally = plan.tally();
  let reported = -1;
  let judgedAt = -1;
  let lastCheck = Date.now();
  let lastFull = Date.now();
  let recheck = false;
  const noteForged = (ids: readonly number[]) => {
    if (ids.length > 0) {
      tell(
        "forged",
        `run ${name}: the record of sub-problem ${some(ids)} fails its MAC (forged, damaged, or written with another secret); the run gives no total while it is there (see nqueens runs)`,
      );
    }
  };
  const rebuild = (v: RunVerdict) => {
    tally = plan.tally();
    for (const [id, r] of v.settled) tally.add(id, r);
  };
  if (verdict) rebuild(verdict);
  /**
   * Reads and judges every vote: the result when the run is settled, undefined while votes are
   * still to come; throws when nothing more can come and the run is still not settled.
   */
  const decide = async (): Promise<QueueCount | undefined> => {
    const v = await judgeAll();
    verdict = v;
    rebuild(v);
    seen.done = tally.done;
    if (v.total !== undefined && v.unique !== undefined) return finish(v, v.total, v.unique);
    if (v.inconsistent !== undefined) {
      throw new NQueensError(
        `run ${name}: every sub-problem is settled but the counts are inconsistent (${v.inconsistent}): a wrong vote was settled; no total (nqueens runs --queue ${display} --verify ${name} recounts a sample; --replicas 2 outvotes a faulty worker)`,
      );
    }
    const forgedIds = [...new Set(v.forged.map((f) => f.id))];
    noteForged(forgedIds);
    if (v.short.length > 0 || v.disputes.some((d) => !d.exhausted)) return undefined;
    if (v.forged.length > 0) {
      throw new NQueensError(
        `run ${name}: ${plural(v.forged.length, "stored record")} ${v.forged.length === 1 ? "fails its" : "fail their"} MAC (forged, damaged, or written with another secret), on sub-problem ${some(forgedIds)}; no total (see nqueens runs --queue ${display}; --drop-forged ${name} removes them)`,
      );
    }
    throw new NQueensError(
      `run ${name}: workers disagree on sub-problem ${some(v.disputes.map((d) => d.id))} with no majority; no total (see nqueens runs --queue ${display})`,
    );
  };
  for (;;) {
    signal?.throwIfAborted();
    const ids = await until(redis.lrange(keys.done, cursor, cursor + 9999));
    if (ids.length > 0) {
      const records = await until(redis.hmget(keys.votes, ...ids));
      const forged: number[] = [];
      ids.forEach((text, i) => {
        const id = Number(text);
        if (!(Number.isInteger(id) && id >= 0 && id < size) || tally.has(id)) return;
        const j = judgeSub(key, version, id, voteLines(records[i]), replicas, plan);
        if (j.forged.length > 0) forged.push(id);
        if (j.verdict.state === "settled") tally.add(id, j.verdict.result);
      });
      noteForged(forged);
      cursor += ids.length;
    }
    const disputed = await until(redis.lrange(keys.disputes, disputeCursor, disputeCursor + 999));
    if (disputed.length > 0) {
      disputeCursor += disputed.length;
      const unique = [...new Set(disputed)].filter((t) => Number(t) >= 0 && Number(t) < size);
      const records = unique.length > 0 ? await until(redis.hmget(keys.votes, ...unique)) : [];
      const open: { id: number; records: number }[] = [];
      unique.forEach((text, i) => {
        const id = Number(text);
        const lines = voteLines(records[i]);
        const j = judgeSub(key, version, id, lines, replicas, plan);
        noteForged(j.forged.length > 0 ? [id] : []);
        // Enough records, but some do not count (impossible, forged): one more vote.
        const short = j.verdict.state === "short" && lines.length >= replicas;
        if (j.verdict.state === "disputed" && j.verdict.exhausted) {
          const counts = j.votes.map((v) => `${v.worker} ${v.result.count}`).join(", ");
          tell(
            `exhausted ${id}`,
            `run ${name}: workers disagree on sub-problem ${id} (${counts}) with no majority after ${plural(j.votes.length, "vote")}; it is left for a person (see nqueens runs)`,
          );
        } else if (j.verdict.state === "disputed" || short) {
          if (j.verdict.state === "disputed") disputes.add(id);
          open.push({ id, records: lines.length });
        }
      });
      if (disputes.size > disputesSaid && Date.now() - lastDisputeNote > 5000) {
        lastDisputeNote = Date.now();
        disputesSaid = disputes.size;
        say(
          `run ${name}: workers disagree on ${plural(disputes.size, "sub-problem")} so far (the latest: ${some([...disputes].slice(-5))}); asking one more worker for each`,
        );
      }
      const extra = moreVotes(open);
      if (extra.length > 0) {
        await until(
          queue.addBulk(
            extra.map(({ from, to, replica }) => ({
              name,
              data: jobData(key, plan, from, to, replica, replicas),
              opts: { ...JOB_OPTIONS, jobId: jobId(name, from, to, replica) },
            })),
          ),
        );
      }
    }
    seen.done = tally.done;
    if (tally.done !== reported) {
      reported = tally.done;
      options.onProgress?.({
        run: name,
        done: tally.done,
        total: size,
        solutions: tally.total,
      });
    }
    let fresh = false;
    if (cursor >= size && judgedAt !== cursor) {
      judgedAt = cursor;
      fresh = true;
      const r = await decide();
      if (r) return r;
      // Everything hinted settled, yet the verdict says otherwise: votes missing (data lost on
      // the server) or forged ones counted by the hint; ask for what is missing.
      recheck = true;
    }
    const now = Date.now();
    if (now - lastCheck > 3000 || recheck) {
      lastCheck = now;
      if (!(await until(redis.exists(keys.meta)))) {
        say(
          `run ${name} is gone from the server (Redis restarted without saving?); enqueuing it again`,
        );
        await until(ensureRun(redis, key, plan, batch, replicas));
        cursor = 0;
        disputeCursor = 0;
        tally = plan.tally();
        reported = -1;
        judgedAt = -1;
        fresh = false;
        recheck = true;
      }
      await until(retryFailed(queue, name));
      if (replicas > 1 && performance.now() - began > 5000) {
        const starts = await until(redis.lrange(keys.starts, 0, -1));
        const who = [...new Set(starts.map((line) => line.split("\t")[1]))];
        if (who.length < replicas) {
          tell(
            "quorum",
            `run ${name}: a quorum of ${replicas} needs ${replicas} distinct workers; ${who.length === 0 ? "none has" : `only ${who.length} (${who.join(", ")}) ${who.length === 1 ? "has" : "have"}`} taken jobs so far`,
          );
        }
      }
      const counts = await until(
        queue.getJobCounts("wait", "active", "delayed", "prioritized", "waiting-children"),
      );
      const queued = Object.values(counts).reduce((a, b) => a + b, 0);
      if (queued === 0 || recheck || now - lastFull > 30000) {
        lastFull = now;
        recheck = false;
        if (!fresh) {
          const r = await decide();
          if (r) return r;
        }
        const jobs = await until(enqueue(verdict, true));
        if (jobs > 0 && queued === 0) {
          say(
            `run ${name}: ${plural(jobs, "job")} without all ${jobs === 1 ? "its" : "their"} votes ${jobs === 1 ? "was" : "were"} enqueued again`,
          );
        }
      }
    }
    // Until the next look, or until the last sub-problem settles or a dispute starts.
    await until(waiter.blpop(keys.wake, pollMs / 1000));
  }

  async function finish(v: RunVerdict, total: bigint, unique: bigint): Promise<QueueCount> {
    await until(
      redis.hset(keys.meta, {
        total: total.toString(),
        unique: unique.toString(),
        finished: new Date().toISOString(),
      }),
    );
    const starts = await until(redis.lrange(keys.starts, 0, -1));
    await until(dropLeftovers(redis, queue, name));
    const outvoted = v.overruled;
    if (outvoted.length > 0) {
      const who = [...new Set(outvoted.map((o) => o.worker))].join(", ");
      say(
        `run ${name}: ${plural(outvoted.length, "vote")} from ${who} ${outvoted.length === 1 ? "was" : "were"} overruled (sub-problem ${some(outvoted.map((o) => o.id))}); the total counts only agreeing votes (see nqueens runs)`,
      );
    }
    return {
      n,
      method: plan.method,
      total,
      unique,
      run: name,
      subProblems: size,
      resumed,
      jobs: ranges.length,
      replicas,
      attached,
      seconds: (performance.now() - began) / 1000,
      workers: new Set(starts.map((line) => line.split("\t")[1])).size,
      overruled: outvoted,
    };
  }
}

/**
 * Removes a settled run's jobs that no worker holds: replicas handed back or still waiting,
 * failed ones, and active ones whose lock is gone (a worker that died, or a Redis restarted from
 * its append-only file with them): nothing they could add is needed any more. A job a worker
 * holds finishes on its own (its vote is one more, harmless).
 */
async function dropLeftovers(redis: Redis, queue: Queue<JobData>, name: string): Promise<void> {
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
