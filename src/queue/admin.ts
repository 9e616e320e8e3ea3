/**
 * Administering runs from any machine (`nqueens runs`): their progress and verdict (verdict.ts,
 * the coordinator's own rule, so `runs` and `count` always say the same; a run found
 * inconsistent is flagged), removing records that fail their tag, and forgetting a run.
 * Re-verifying a run by recounting, and clearing its flag: verify.ts. Everything that reads records needs the run's secret. A run of
 * either counting method is read through its split (run-split.ts), which its tagged version names.
 */
import { type Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { NQueensError } from "../errors.js";
import { completionRunSplit, isCompletionVersion } from "./completion-split.js";
import { closeRedis, openRedis } from "./connection.js";
import { jobIdsByRun, removeJobIds } from "./ghosts.js";
import { checkRecord } from "./record.js";
import { type QueueMethod, type RunSplit, splitFor } from "./run-split.js";
import { checkSecret, type RunKey, runKey } from "./secret.js";
import {
  checkedMeta,
  checkRunName,
  flagRun,
  metaChecks,
  PREFIX,
  QUEUE_NAME,
  RUNS_KEY,
  type RunMeta,
  readMeta,
  readVotes,
  runKeys,
} from "./store.js";
import { parseQueueUrl, type QueueUrl } from "./url.js";
import {
  type Dispute,
  type ForgedRecord,
  judgeRun,
  type OverruledVote,
  type RunVerdict,
  voteLines,
} from "./verdict.js";

/**
 * Where a run stands, as one word:
 * - `settled`: every sub-problem settled, no record fails its tag: `total` is the count;
 * - `running`: sub-problems still without a quorum;
 * - `forged`: some stored record fails its tag: no total until it is removed (`dropForged`);
 * - `disputed`: workers disagree on a sub-problem with no majority after every extra vote;
 * - `mismatch`: the total the coordinator stored differs from what the records add up to;
 * - `inconsistent`: every sub-problem is settled, but the counts give no whole unique count (a
 *   wrong vote was settled: `runs --verify` finds it);
 * - `flagged`: the run was found inconsistent (one of the three above, or a recount by
 *   `verifyRun` that disagrees) and stays so until the operator clears it (`clearFlag`);
 * - `foreign`: the run's description fails its tag under this secret (another secret's run, or
 *   changed by hand): nothing about it can be checked here;
 * - `damaged`: the description is not readable at all;
 * - `evicted`: the description is gone while the run's name is still listed or some of its jobs
 *   are still queued (Redis evicted keys under a `maxmemory-policy` other than noeviction, or
 *   someone deleted them): nothing of it can be trusted; forget it (`forgetRun`) and count again.
 */
export type RunState =
  | "settled"
  | "running"
  | "forged"
  | "disputed"
  | "mismatch"
  | "inconsistent"
  | "flagged"
  | "foreign"
  | "damaged"
  | "evicted";

/** A run and where it stands. */
export interface RunInfo {
  readonly run: string;
  readonly state: RunState;
  /** The stored description (absent when `damaged`). */
  readonly meta?: RunMeta;
  readonly n?: number;
  /** The counting method (absent when `damaged`, or for a split this program does not know). */
  readonly method?: QueueMethod;
  readonly subProblems?: number;
  readonly batch?: number;
  readonly jobs?: number;
  readonly replicas?: number;
  /** Settled sub-problems (checked here, with the secret). */
  readonly done: number;
  /** When and why the run was flagged (state `flagged`), as stored. */
  readonly flagged?: string;
  /** The count from the records, only when `settled`. */
  readonly total?: bigint;
  readonly unique?: bigint;
  /** Records that fail their tag. */
  readonly forged: readonly ForgedRecord[];
  /** Valid votes that were not counted (outvoted, impossible, or contradicting their worker). */
  readonly overruled: readonly OverruledVote[];
  /** Sub-problems whose votes disagree without a majority (yet, or after every extra vote). */
  readonly disputes: readonly Dispute[];
  /** Distinct workers with a valid vote. */
  readonly workers: readonly string[];
  /** Job starts recorded by workers, and how many of them were retries (attempt > 1). */
  readonly starts: number;
  readonly retries: number;
  /** For an `evicted` run: its job ids still in the queue (ghosts, their jobs' data gone or not). */
  readonly jobsLeft?: number;
}

/** The queue's job counts (all runs together). */
export interface QueueJobCounts {
  readonly waiting: number;
  /** Jobs a live worker holds (its lock is renewed). */
  readonly active: number;
  /**
   * Jobs still marked active whose lock has expired: their worker died or lost its connection
   * (or Redis restarted from its append-only file with them). A worker's stalled-job check puts
   * them back in the queue; until a worker runs, they stay here.
   */
  readonly stalled: number;
  readonly delayed: number;
  readonly failed: number;
}

export async function withRedis<T>(
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

export function needSecret(secret: unknown): string {
  if (typeof secret !== "string")
    throw new NQueensError("reading a run's records needs its secret", "secret-missing", {
      option: "secret",
    });
  return checkSecret(secret, "the secret");
}

/**
 * The split a run's (tag-checked) description names.
 * @throws NQueensError when this program splits n otherwise, or does not know the method
 */
function splitOfRun(name: string, meta: RunMeta): RunSplit {
  const s = splitFor(meta.n, meta.version);
  if (s?.version !== meta.version) {
    throw new NQueensError(
      s
        ? `run '${name}' was split as ${meta.version}; this program splits n=${meta.n} as ${s.version} and cannot check it`
        : `run '${name}' was split as ${meta.version}, a split this program does not know: it cannot check it`,
      "run-mismatch",
      { run: name },
    );
  }
  return s;
}

/** Judges one run: its description's tag, then every record (verdict.ts). */
export async function judged(
  redis: Redis,
  key: RunKey,
): Promise<{ meta: RunMeta | "damaged" | undefined; verdict?: RunVerdict; split?: RunSplit }> {
  const meta = await readMeta(redis, key.run);
  if (meta === undefined || meta === "damaged" || !metaChecks(key, meta)) return { meta };
  const split = isCompletionVersion(meta.version)
    ? await completionRunSplit(redis, key.run, meta.version)
    : splitOfRun(key.run, meta);
  const votes = await readVotes(redis, key.run);
  return { meta, verdict: judgeRun(split, key.withNonce(meta.nonce), votes, meta.replicas), split };
}

async function runInfo(redis: Redis, key: RunKey): Promise<RunInfo | undefined> {
  const { meta, verdict } = await judged(redis, key);
  if (meta === undefined) return undefined;
  const starts = await redis.lrange(runKeys(key.run).starts, 0, -1);
  const retries = starts.filter((s) => Number(s.split("\t")[2]) > 1).length;
  const base = {
    run: key.run,
    starts: starts.length,
    retries,
    forged: [],
    overruled: [],
    disputes: [],
    workers: [],
    done: 0,
  };
  if (meta === "damaged") return { ...base, state: "damaged" };
  const shape = {
    meta,
    n: meta.n,
    method: meta.method,
    subProblems: meta.subProblems,
    batch: meta.batch,
    jobs: meta.jobs,
    replicas: meta.replicas,
  };
  if (!verdict) return { ...base, ...shape, state: "foreign" };
  let state: RunState = "running";
  if (verdict.forged.length > 0) state = "forged";
  else if (verdict.inconsistent !== undefined) state = "inconsistent";
  else if (verdict.total !== undefined) {
    state =
      meta.total !== undefined && (meta.total !== verdict.total || meta.unique !== verdict.unique)
        ? "mismatch"
        : "settled";
  } else if (verdict.short.length === 0 && verdict.disputes.every((d) => d.exhausted)) {
    state = "disputed";
  }
  // Found inconsistent now: flagged from here on (shown as found this time, flagged after).
  let flagged = meta.flagged;
  if (flagged === undefined && (state === "mismatch" || state === "inconsistent")) {
    flagged = await flagRun(
      redis,
      key.run,
      state === "mismatch"
        ? `the stored total ${meta.total} is not what the records add up to (${verdict.total})`
        : `every sub-problem is settled but the counts are inconsistent (${verdict.inconsistent})`,
    );
  } else if (flagged !== undefined) state = "flagged";
  return {
    ...base,
    ...shape,
    state,
    flagged,
    done: verdict.settled.size,
    ...(state === "settled" ? { total: verdict.total, unique: verdict.unique } : {}),
    forged: verdict.forged,
    overruled: verdict.overruled,
    disputes: verdict.disputes,
    workers: verdict.workers,
  };
}

/**
 * Every run on the server, oldest first, each judged with `secret`, and the queue's job counts.
 * @param url - the queue's Redis address (text, or parsed by {@link parseQueueUrl})
 * @param options - `secret`: the cluster's secret, which each run's description is checked under;
 *   `connectSeconds`: how long to try to connect (3 s by default)
 * @returns the runs (each with its state, n, method, progress and votes) and the queue's jobs by
 *   state
 * @example const { runs } = await listRuns("redis://127.0.0.1:6379", { secret });
 */
export async function listRuns(
  url: string | QueueUrl,
  options: { secret: string; connectSeconds?: number },
): Promise<{ runs: RunInfo[]; jobs: QueueJobCounts }> {
  const secret = needSecret(options?.secret);
  return withRedis(url, options.connectSeconds, async (redis) => {
    const names = (await redis.smembers(RUNS_KEY)).filter((name) => RUN_NAME.test(name));
    // Runs whose description is gone but whose jobs are still queued are listed too (evicted).
    const queued = await jobIdsByRun(redis);
    const all = new Set([...names, ...[...queued.keys()].filter((n) => RUN_NAME.test(n))]);
    const runs: RunInfo[] = [];
    for (const name of [...all].sort()) {
      const info = await runInfo(redis, runKey(secret, name));
      runs.push(info ?? evictedRun(name, queued.get(name)?.length ?? 0));
    }
    runs.sort(
      (a, b) =>
        (a.meta?.created ?? "").localeCompare(b.meta?.created ?? "") || a.run.localeCompare(b.run),
    );
    return { runs, jobs: await jobCounts(redis) };
  });
}

/** A run name as `checkRunName` accepts it. */
const RUN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A run listed, or with jobs queued, whose description is gone. */
function evictedRun(run: string, jobsLeft: number): RunInfo {
  const none = { forged: [], overruled: [], disputes: [], workers: [] };
  return { run, state: "evicted", done: 0, starts: 0, retries: 0, jobsLeft, ...none };
}

/** The queue's job counts, with the active jobs whose lock has expired counted apart. */
async function jobCounts(redis: Redis): Promise<QueueJobCounts> {
  const queue = new Queue(QUEUE_NAME, { connection: redis, prefix: PREFIX });
  queue.on("error", () => {});
  try {
    const c = await queue.getJobCounts("wait", "active", "delayed", "failed");
    const active = await redis.lrange(`${PREFIX}:${QUEUE_NAME}:active`, 0, 9999);
    let stalled = 0;
    for (let i = 0; i < active.length; i += 500) {
      const locks = active.slice(i, i + 500).map((id) => `${PREFIX}:${QUEUE_NAME}:${id}:lock`);
      const held = await redis.exists(...locks);
      // EXISTS counts the keys that exist; a missing lock is a stalled job.
      stalled += locks.length - held;
    }
    return {
      waiting: c.wait ?? 0,
      active: Math.max(0, (c.active ?? 0) - stalled),
      stalled,
      delayed: c.delayed ?? 0,
      failed: c.failed ?? 0,
    };
  } finally {
    await queue.close().catch(() => {});
  }
}

/**
 * Removes the records of a run that fail their tag (forged, damaged, or written with another
 * secret) and returns them; their sub-problems are then solved again for the missing votes when
 * the count is run again. A record stored meanwhile is never lost: each sub-problem's records
 * are rewritten only if they are still what was read.
 * @param url - the queue's Redis address (text, or parsed by {@link parseQueueUrl})
 * @param name - the run's name
 * @param options - `secret`: the cluster's secret the run is under; `connectSeconds`: how long to
 *   try to connect (3 s by default)
 * @returns the run's name and the records removed, each with its sub-problem, its text and why it
 *   failed
 * @throws NQueensError when there is no such run or it is not under this secret
 */
export async function dropForged(
  url: string | QueueUrl,
  name: string,
  options: { secret: string; connectSeconds?: number },
): Promise<{ run: string; dropped: readonly ForgedRecord[] }> {
  checkRunName(name);
  const described = runKey(needSecret(options?.secret), name);
  return withRedis(url, options.connectSeconds, async (redis) => {
    const meta = await checkedMeta(redis, name, described, "forget");
    const key = described.withNonce(meta.nonce);
    const { version, size: count } = splitOfRun(name, meta);
    const keys = runKeys(name);
    const dropped: ForgedRecord[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const votes = await readVotes(redis, name);
      const changes: string[] = [];
      const found: ForgedRecord[] = [];
      for (const [field, text] of Object.entries(votes)) {
        const id = /^\d{1,9}$/.test(field) ? Number(field) : -1;
        const lines = voteLines(text);
        const keep =
          id >= 0 && id < count
            ? lines.filter((line) => checkRecord(key, version, id, line).ok)
            : [];
        if (keep.length === lines.length && id >= 0 && id < count) continue;
        for (const line of lines) {
          if (!keep.includes(line)) {
            const c = id >= 0 && id < count ? checkRecord(key, version, id, line) : undefined;
            found.push({
              id,
              reason:
                c && !c.ok ? c.reason : "is stored under a field that is not an id of this split",
              record: line.slice(0, 200),
            });
          }
        }
        changes.push(field, text, keep.join("\n"));
      }
      if (changes.length === 0) break;
      const changed = (await redis.eval(
        REWRITE,
        2,
        keys.votes,
        keys.settled,
        ...changes,
      )) as number[];
      // Keep what was dropped from the fields rewritten; those changed meanwhile are read again.
      const done = new Set(changed.map(String));
      dropped.push(...found.filter((f) => done.has(String(f.id)) || f.id < 0));
      if (changed.length * 3 === changes.length) break;
    }
    return { run: name, dropped };
  });
}

/**
 * Rewrites fields of the votes hash that still hold what was read: ARGV is field, expected value,
 * new value (empty: delete the field) triples. The rewritten ids leave the settled hint (the
 * coordinator looks at them again). Returns the fields rewritten.
 */
const REWRITE = `
local out = {}
for i = 1, #ARGV, 3 do
  local f, expected, value = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  if redis.call('HGET', KEYS[1], f) == expected then
    if value == '' then redis.call('HDEL', KEYS[1], f) else redis.call('HSET', KEYS[1], f, value) end
    redis.call('SREM', KEYS[2], f)
    out[#out + 1] = f
  end
end
return out
`;

/** What {@link forgetRun} removed. */
export interface ForgetReport {
  readonly run: string;
  /** Sub-problems whose records were deleted. */
  readonly results: number;
  /** The run's jobs taken off the queue (waiting, delayed or failed). */
  readonly jobs: number;
}

/**
 * Deletes a run from the server: its description, records, progress and job starts, and its jobs
 * that are not in progress. Its coordinator must be stopped first (one still following would
 * find the run gone and enqueue it again). Needs no secret: whoever can reach the server can
 * delete keys anyway.
 * @param url - the queue's Redis address (text, or parsed by {@link parseQueueUrl})
 * @param name - the run's name
 * @param options - `connectSeconds`: how long to try to connect (3 s by default)
 * @returns the run's name, the sub-problems whose records were deleted and the jobs taken off the
 *   queue
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
    const ghosts = (await jobIdsByRun(redis)).get(name) ?? [];
    if (!listed && !(await redis.exists(keys.meta)) && ghosts.length === 0) {
      throw new NQueensError(`no run named '${name}' on this server`, "no-such-run", { run: name });
    }
    const queue = new Queue(QUEUE_NAME, { connection: redis, prefix: PREFIX });
    queue.on("error", () => {});
    try {
      const ours = async (types: Parameters<typeof queue.getJobs>[0]) =>
        ((await queue.getJobs(types)) as (Job | undefined)[]).filter(
          (j): j is Job => j?.name === name,
        );
      const active = await ours(["active"]);
      const locked: Job[] = [];
      for (const job of active) {
        if (await redis.exists(`${PREFIX}:${QUEUE_NAME}:${job.id}:lock`)) locked.push(job);
      }
      if (locked.length > 0) {
        throw new NQueensError(
          `run '${name}' has ${locked.length} job${locked.length === 1 ? "" : "s"} in progress: stop its workers or let the jobs finish, then forget it`,
          "run-busy",
          { run: name },
        );
      }
      let jobs = 0;
      for (const job of [
        ...active,
        ...(await ours(["wait", "delayed", "prioritized", "failed", "completed"])),
      ]) {
        try {
          await job.remove();
          jobs++;
        } catch {
          // Taken by a worker since the check above: locked, so it stays (and finds no run).
        }
      }
      // Ids whose job data is gone (evicted): BullMQ's calls above do not see them.
      const left = new Set(ghosts);
      for (const id of left) if (locked.some((j) => j.id === id)) left.delete(id);
      jobs += await removeJobIds(redis, [...left]);
      const results = await redis.hlen(keys.votes);
      await redis.del(...Object.values(keys));
      await redis.srem(RUNS_KEY, name);
      return { run: name, results, jobs };
    } finally {
      await queue.close().catch(() => {});
    }
  });
}
