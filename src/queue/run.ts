/**
 * A run: one count of one n, spread over jobs, with everything it stores in Redis.
 *
 * Keys (all under `nqueens:`, so one Redis can also hold other data):
 * | key                          | type | holds                                                  |
 * |------------------------------|------|--------------------------------------------------------|
 * | `nqueens:runs`               | set  | run names                                              |
 * | `nqueens:run:NAME:meta`      | hash | n, version (splitVersion), subProblems, batch, jobs, created; total, unique, finished once known |
 * | `nqueens:run:NAME:results`   | hash | sub-problem id -> verification record (record.ts); written once (HSETNX) |
 * | `nqueens:run:NAME:done`      | list | ids in the order they were first stored (progress cursor) |
 * | `nqueens:run:NAME:conflicts` | list | `id TAB worker TAB record` for each result that disagreed with the stored one |
 * | `nqueens:run:NAME:starts`    | list | `jobId TAB worker TAB attempt` each time a worker starts a job |
 * | `nqueens:run:NAME:complete`  | list | one element, pushed when the last missing result is stored (wakes the coordinator) |
 * | `nqueens:jobs:*`             | BullMQ | the queue (prefix `nqueens`, queue `jobs`), shared by all runs |
 *
 * A job covers the sub-problem ids `from` (inclusive) to `to` (exclusive) and has the id
 * `NAME_FROM-TO`, so enqueueing the same run twice adds nothing (BullMQ ignores a known job id).
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { estimatedCost, split, splitVersion } from "../engine/split.js";
import { uniqueShare } from "../engine/tally.js";
import { NQueensError } from "../errors.js";
import { checkRecord } from "./record.js";

/** BullMQ key prefix and queue name (keys `nqueens:jobs:*`). */
export const PREFIX = "nqueens";
export const QUEUE_NAME = "jobs";
export const RUNS_KEY = `${PREFIX}:runs`;

/** The Redis keys of one run. */
export function runKeys(name: string) {
  const base = `${PREFIX}:run:${name}`;
  return {
    meta: `${base}:meta`,
    results: `${base}:results`,
    done: `${base}:done`,
    conflicts: `${base}:conflicts`,
    starts: `${base}:starts`,
    complete: `${base}:complete`,
  } as const;
}

/** What a job asks for: sub-problems `from` to `to` - 1 of run `run`, a count of `n`. */
export interface JobData {
  readonly run: string;
  readonly n: number;
  /** `splitVersion(n)` of the coordinator; a worker with another split refuses the job. */
  readonly version: string;
  readonly from: number;
  readonly to: number;
}

/** A run's stored description. */
export interface RunMeta {
  readonly name: string;
  readonly n: number;
  readonly version: string;
  readonly subProblems: number;
  readonly batch: number;
  readonly jobs: number;
  readonly created: string;
  /** Set by the coordinator once every result is in and verified. */
  readonly total?: bigint;
  readonly unique?: bigint;
  readonly finished?: string;
}

/**
 * The default run name: n and the hash part of the split version, e.g. `q17-3f0c91a2`.
 * Another split of the same n gets another name, so it never mixes with this one.
 */
export function runName(n: number): string {
  const version = splitVersion(n);
  return `q${n}-${version.slice(version.lastIndexOf("/") + 1)}`;
}

/** Checks a run name given by the user: letters, digits, `.`, `_` and `-`, up to 64. */
export function checkRunName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) {
    throw new NQueensError(
      `run name must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit: got '${name}'`,
    );
  }
  return name;
}

/**
 * Sub-problems per job for n: at most about 64 jobs, and none longer than about 10 s on one
 * core (so from n=19 on there are more, and from n=22 a job is one sub-problem). Each job costs
 * a few milliseconds of Redis round trips and bookkeeping, so fewer, larger jobs cost less; with
 * the jobs taken largest first (`largestFirst`), 64 still let a few machines finish within a
 * small job of each other. A cluster counting a small n can ask for smaller jobs (`--batch`).
 * The time estimate (about 2.5 ms per sub-problem at n=17 on one core here, 6 times more per
 * step of n) only needs to be right within a few times.
 * @example batchSize(18) // 90: 64 jobs of about 1.2 s each on one core
 */
export function batchSize(n: number): number {
  const count = split(n).length;
  const perSubProblem = 0.0025 * 6 ** (n - 17);
  const bySeconds = Math.floor(10 / perSubProblem);
  return Math.max(1, Math.min(Math.ceil(count / 64), bySeconds));
}

/** The id ranges [from, to) of the jobs of a split of `count` sub-problems. */
export function batchRanges(count: number, batch: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 0; from < count; from += batch) out.push([from, Math.min(count, from + batch)]);
  return out;
}

/**
 * The job ranges in the order to enqueue them: the largest estimated work first (the split's
 * `estimatedCost`, summed over a range), so the jobs that run last are small and the workers
 * finish close together. Sub-problem ids run from the border inwards, and the last tenth of them
 * holds about a sixth of the work at n=16: taken in id order, the big jobs would come last.
 */
export function largestFirst(n: number, ranges: readonly [number, number][]): [number, number][] {
  const list = split(n);
  const cost = ranges.map(([from, to]) => {
    let sum = 0;
    for (let id = from; id < to; id++) sum += estimatedCost(n, list[id]);
    return sum;
  });
  return ranges
    .map((range, i) => ({ range, cost: cost[i] }))
    .sort((a, b) => b.cost - a.cost || a.range[0] - b.range[0])
    .map((r) => r.range);
}

/** The job id of a batch: deterministic, so that adding it again is a no-op. */
export function jobId(run: string, from: number, to: number): string {
  return `${run}_${from}-${to}`;
}

/**
 * Runs a Lua script by its SHA-1 (EVALSHA), sending the text only the first time a server (or a
 * restarted one) does not know it.
 */
async function runScript(
  redis: Redis,
  script: string,
  keys: number,
  ...args: (string | number)[]
): Promise<unknown> {
  const sha = createHash("sha1").update(script).digest("hex");
  try {
    return await redis.evalsha(sha, keys, ...args);
  } catch (e) {
    if (!(e instanceof Error) || !e.message.startsWith("NOSCRIPT")) throw e;
    return redis.eval(script, keys, ...args);
  }
}

const ENSURE_RUN = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  return redis.call('HMGET', KEYS[1], 'n', 'version', 'subProblems', 'batch')
end
redis.call('HSET', KEYS[1], 'n', ARGV[2], 'version', ARGV[3], 'subProblems', ARGV[4],
  'batch', ARGV[5], 'jobs', ARGV[6], 'created', ARGV[7])
redis.call('SADD', KEYS[2], ARGV[1])
return false
`;

/**
 * Creates the run's description, or checks that the stored one is for the same n and split.
 * Returns the batch size the run uses (the stored one when attaching) and whether it was new.
 * @throws NQueensError when the name is taken by a run of another n or split
 */
export async function ensureRun(
  redis: Redis,
  name: string,
  n: number,
  batch: number,
): Promise<{ created: boolean; batch: number }> {
  const version = splitVersion(n);
  const count = split(n).length;
  const jobs = batchRanges(count, batch).length;
  const keys = runKeys(name);
  const found = (await runScript(
    redis,
    ENSURE_RUN,
    2,
    keys.meta,
    RUNS_KEY,
    name,
    n,
    version,
    count,
    batch,
    jobs,
    new Date().toISOString(),
  )) as (string | null)[] | null;
  if (found === null) return { created: true, batch };
  const [storedN, storedVersion, storedCount, storedBatch] = found;
  if (storedN !== String(n) || storedVersion !== version || storedCount !== String(count)) {
    throw new NQueensError(
      `run '${name}' is a count of n=${storedN} with split ${storedVersion}, not n=${n} with split ${version}: choose another run name`,
    );
  }
  const b = Number(storedBatch);
  if (!Number.isInteger(b) || b < 1)
    throw new NQueensError(`run '${name}' has a damaged batch size`);
  return { created: false, batch: b };
}

/** Reads a run's description, or undefined when there is no such run. */
export async function readMeta(redis: Redis, name: string): Promise<RunMeta | undefined> {
  const h = await redis.hgetall(runKeys(name).meta);
  if (!h.n) return undefined;
  return {
    name,
    n: Number(h.n),
    version: h.version ?? "",
    subProblems: Number(h.subProblems),
    batch: Number(h.batch),
    jobs: Number(h.jobs),
    created: h.created ?? "",
    total: h.total === undefined ? undefined : BigInt(h.total),
    unique: h.unique === undefined ? undefined : BigInt(h.unique),
    finished: h.finished,
  };
}

/**
 * Stores results: for each id, the record is written if none is there (HSETNX), its id pushed on
 * the progress list; if one is there and agrees (same three counts) nothing changes; if it
 * disagrees, the stored one stays and the new one goes to the conflicts list. When the results
 * now number the run's sub-problems, one element is left on the `complete` list, which the
 * coordinator waits on (so it sees the end at once, not at its next look).
 * KEYS: results, done, conflicts, meta, complete. ARGV: worker name, then id, record pairs.
 * Returns {stored, same, conflicting}.
 */
const STORE = `
local stored, same, conflicting = 0, 0, 0
local head = '^count=%d+ f180=%d+ f90=%d+'
for i = 2, #ARGV, 2 do
  local id, rec = ARGV[i], ARGV[i + 1]
  if redis.call('HSETNX', KEYS[1], id, rec) == 1 then
    redis.call('RPUSH', KEYS[2], id)
    stored = stored + 1
  else
    local old = redis.call('HGET', KEYS[1], id)
    local a, b = string.match(old, head), string.match(rec, head)
    if a ~= nil and a == b then
      same = same + 1
    else
      redis.call('RPUSH', KEYS[3], id .. '\\t' .. ARGV[1] .. '\\t' .. rec)
      conflicting = conflicting + 1
    end
  end
end
if stored > 0 then
  local want = tonumber(redis.call('HGET', KEYS[4], 'subProblems') or '')
  if want and redis.call('LLEN', KEYS[2]) >= want then
    redis.call('LPUSH', KEYS[5], 1)
    redis.call('LTRIM', KEYS[5], 0, 0)
  end
end
return {stored, same, conflicting}
`;

/** How a batch of results was taken by the store. */
export interface StoreOutcome {
  /** New results written. */
  stored: number;
  /** Results that were already there with the same counts. */
  same: number;
  /** Results that disagree with the stored ones (kept aside, flagged). */
  conflicting: number;
}

/** Stores results of run `name` as pairs of sub-problem id and record. */
export async function storeResults(
  redis: Redis,
  name: string,
  worker: string,
  entries: readonly (readonly [number, string])[],
): Promise<StoreOutcome> {
  if (entries.length === 0) return { stored: 0, same: 0, conflicting: 0 };
  const keys = runKeys(name);
  const args: (string | number)[] = [worker];
  for (const [id, record] of entries) args.push(id, record);
  const [stored, same, conflicting] = (await runScript(
    redis,
    STORE,
    5,
    keys.results,
    keys.done,
    keys.conflicts,
    keys.meta,
    keys.complete,
    ...args,
  )) as [number, number, number];
  return { stored, same, conflicting };
}

/** A conflict as stored: the sub-problem, who reported the disagreeing result, and that result. */
export interface Conflict {
  readonly id: number;
  readonly worker: string;
  readonly record: string;
}

/**
 * Starts a job: if the run still exists, notes the start (`starts`) and returns the stored
 * result of each id (null where there is none); if the run is gone (forgotten), writes nothing.
 * KEYS: meta, starts, results. ARGV: the start line, then the ids.
 */
const START_JOB = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('RPUSH', KEYS[2], ARGV[1])
local have = {}
for i = 2, #ARGV do have[i - 1] = redis.call('HGET', KEYS[3], ARGV[i]) end
return have
`;

/**
 * Notes that `worker` starts job `jobId` (its `attempt`), in one round trip with reading which
 * of its sub-problems already have a result. Undefined when the run no longer exists.
 */
export async function startJob(
  redis: Redis,
  name: string,
  line: { jobId: string; worker: string; attempt: number },
  ids: readonly number[],
): Promise<(string | null)[] | undefined> {
  const keys = runKeys(name);
  const have = (await runScript(
    redis,
    START_JOB,
    3,
    keys.meta,
    keys.starts,
    keys.results,
    `${line.jobId}\t${line.worker}\t${line.attempt}`,
    ...ids,
  )) as (string | null)[] | null;
  return have ?? undefined;
}

/** The conflicts flagged for a run. */
export async function readConflicts(redis: Redis, name: string): Promise<Conflict[]> {
  const rows = await redis.lrange(runKeys(name).conflicts, 0, -1);
  return rows.map((row) => {
    const [id, worker, record] = row.split("\t");
    return { id: Number(id), worker: worker ?? "", record: record ?? "" };
  });
}

/** The outcome of reading all of a run's results. */
export type RunTotal =
  | { readonly ok: true; readonly total: bigint; readonly unique: bigint }
  | {
      readonly ok: false;
      readonly missing: number;
      readonly bad: { id: number; reason: string }[];
    };

/**
 * Adds up stored results into the total and unique counts (the engine's `uniqueShare`), checking
 * every record first: any missing or untrustworthy record means no total.
 */
export function totalOf(n: number, results: Record<string, string>): RunTotal {
  const list = split(n);
  const version = splitVersion(n);
  let total = 0n;
  let unique = 0n;
  let missing = 0;
  const bad: { id: number; reason: string }[] = [];
  for (const sp of list) {
    const text = results[sp.id];
    if (text === undefined) {
      missing++;
      continue;
    }
    const checked = checkRecord(version, sp.id, text);
    if (!checked.ok) {
      bad.push({ id: sp.id, reason: checked.reason });
      continue;
    }
    try {
      unique += uniqueShare(sp, checked.record);
    } catch {
      bad.push({ id: sp.id, reason: "its symmetric counts are inconsistent" });
      continue;
    }
    total += BigInt(sp.weight) * BigInt(checked.record.count);
  }
  if (missing > 0 || bad.length > 0) return { ok: false, missing, bad };
  return { ok: true, total, unique };
}
