/**
 * The run store: one count of one n, spread over jobs, with everything it stores in Redis.
 *
 * Keys (all under `nqueens:`, so one Redis can also hold other data):
 * | key                          | type | holds                                                  |
 * |------------------------------|------|--------------------------------------------------------|
 * | `nqueens:runs`               | set  | run names                                              |
 * | `nqueens:run:NAME:meta`      | hash | n, version (the method's split version), subProblems, batch, jobs, replicas, created, nonce (128 random bits drawn when the run is created: every job tag and record key of the run covers it), mac (the tag of all of these); method (the one its version names); total, unique, finished once known; flagged (when and why the run was found inconsistent, until the operator clears it) |
 * | `nqueens:run:NAME:votes`     | hash | sub-problem id -> the workers' records (record.ts), one per line, appended, never overwritten |
 * | `nqueens:run:NAME:settled`   | set  | ids whose votes agree by a quorum of distinct worker names (a hint: tags are checked only where the secret is) |
 * | `nqueens:run:NAME:done`      | list | the same ids in the order they settled (the coordinator's progress cursor) |
 * | `nqueens:run:NAME:disputes`  | list | an id each time a record that disagrees with its others is stored |
 * | `nqueens:run:NAME:starts`    | list | `jobId TAB worker TAB attempt` each time a worker starts solving a job |
 * | `nqueens:run:NAME:wake`      | list | one element, pushed when the last sub-problem settles or a dispute starts (wakes the coordinator) |
 * | `nqueens:jobs:*`             | BullMQ | the queue (prefix `nqueens`, queue `jobs`), shared by all runs |
 *
 * A job asks for one vote on each sub-problem id from `from` (inclusive) to `to` (exclusive):
 * replica `r` of `replicas`. Its id is `NAME_FROM-TO` for the first replica and `NAME_FROM-TO_rR`
 * for the others (and for the extra votes a dispute asks for), so enqueueing the same run twice
 * adds nothing (BullMQ ignores a known job id). Its data carries the coordinator's tag, so a
 * worker solves only jobs that the holder of the secret made. Nothing here holds the secret: the
 * scripts see only records and tags.
 *
 * A run counts by one method (run-split.ts): the constellation search or the join of half-boards.
 * Its split version names the method, so the description, the jobs and the records of a run of
 * one method never pass for the other's; `method` is stored beside it for people reading Redis.
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { NQueensError, quote } from "../errors.js";
import { asSplit, methodOf, type QueueMethod, type RunSplit, runSplit } from "./run-split.js";
import { isNonce, newNonce, type RunKey } from "./secret.js";

/** BullMQ key prefix and queue name (keys `nqueens:jobs:*`). */
export const PREFIX = "nqueens";
export const QUEUE_NAME = "jobs";
export const RUNS_KEY = `${PREFIX}:runs`;

/** The Redis keys of one run. */
export function runKeys(name: string) {
  const base = `${PREFIX}:run:${name}`;
  return {
    meta: `${base}:meta`,
    votes: `${base}:votes`,
    settled: `${base}:settled`,
    done: `${base}:done`,
    disputes: `${base}:disputes`,
    starts: `${base}:starts`,
    wake: `${base}:wake`,
  } as const;
}

/** What a job asks for: one vote on sub-problems `from` to `to` - 1 of run `run`, a count of `n`. */
export interface JobData {
  readonly run: string;
  readonly n: number;
  /**
   * The coordinator's split version of n for the run's method (it names the method); a worker
   * with another split refuses the job.
   */
  readonly version: string;
  readonly from: number;
  readonly to: number;
  /** Which vote this is: 1 to `replicas`, or above for the extra votes of a dispute. */
  readonly replica: number;
  /** Distinct workers whose agreeing votes settle a sub-problem (the run's quorum). */
  readonly replicas: number;
  /** The coordinator's tag over all of the above (see `jobTag`). */
  readonly mac: string;
}

/** What a job's tag covers (the run is in the key, its nonce from its description). */
function jobParts(key: RunKey, d: Omit<JobData, "mac" | "run">) {
  if (key.nonce === undefined) {
    throw new TypeError(`run ${key.run}: a job's tag needs the run's nonce (its description's)`);
  }
  return ["job", key.nonce, d.n, d.version, d.from, d.to, d.replica, d.replicas] as const;
}

/** Whether a job's data carries the tag of the run's key and nonce (its coordinator's). */
export function jobChecks(key: RunKey, d: JobData): boolean {
  return key.verify(d.mac, ...jobParts(key, d));
}

/**
 * A job's data for replica `replica` of the ids `from` to `to` - 1 of a split (a number n: the
 * constellation split of n), tagged.
 */
export function jobData(
  key: RunKey,
  of: number | RunSplit,
  from: number,
  to: number,
  replica: number,
  replicas: number,
): JobData {
  const { n, version } = asSplit(of);
  const d = { n, version, from, to, replica, replicas };
  return { run: key.run, ...d, mac: key.tag(...jobParts(key, d)) };
}

/** A run's stored description. */
export interface RunMeta {
  readonly name: string;
  readonly n: number;
  readonly version: string;
  /** The method the version names; absent for a split this program does not know. */
  readonly method?: QueueMethod;
  readonly subProblems: number;
  readonly batch: number;
  readonly jobs: number;
  /** Distinct workers whose agreeing votes settle a sub-problem. */
  readonly replicas: number;
  readonly created: string;
  /**
   * 128 random bits (32 hex digits) drawn when the run was created: the run's job tags and
   * record keys cover it, so nothing of a forgotten run of the same name counts in this one.
   */
  readonly nonce: string;
  /** The coordinator's tag over the fields above. */
  readonly mac: string;
  /** Set by the coordinator once every sub-problem is settled. */
  readonly total?: bigint;
  readonly unique?: bigint;
  readonly finished?: string;
  /**
   * Set when the run was found inconsistent (a recount that disagrees, a stored total the records
   * no longer add up to, settled counts that add up to no whole count): when and why. Until the
   * operator clears it (`clearFlag`), the coordinator refuses the run.
   */
  readonly flagged?: string;
}

/** The fields of a description that its tag covers, in order. */
const META_FIELDS = [
  "n",
  "version",
  "subProblems",
  "batch",
  "jobs",
  "replicas",
  "created",
  "nonce",
] as const;

/** Whether a stored description carries the tag of this key (made by the holder of the secret). */
export function metaChecks(key: RunKey, meta: RunMeta): boolean {
  return key.verify(meta.mac, "meta", ...META_FIELDS.map((f) => String(meta[f])));
}

/**
 * The default run name: n, the method (for the join) and the hash part of the split version,
 * e.g. `q17-3f0c91a2`, `q20-join-5e0d7b19`; another split of n gets another name (never mixed).
 * @param n - the board's size @param method - the run's method @returns the run's name
 */
export function runName(n: number, method: QueueMethod = "constellations"): string {
  const version = runSplit(n, method).version;
  const hash = version.slice(version.lastIndexOf("/") + 1);
  return method === "join" ? `q${n}-join-${hash}` : `q${n}-${hash}`;
}

/** Checks a run name given by the user: letters, digits, `.`, `_` and `-`, up to 64. */
export function checkRunName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) {
    throw new NQueensError(
      `run name must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit: got ${quote(name)}`,
      "invalid-value",
      { option: "run", value: name },
    );
  }
  return name;
}

/**
 * Sub-problems per job for a run of n by `method`: at most about 64 jobs, and none longer than
 * about 10 s on one core (see run-split.ts). A cluster counting a small n can ask for smaller
 * jobs (`--batch`). @param n - the board's size @param method - the run's method
 * @returns the sub-problems per job
 * @example batchSize(18) // 90: 64 jobs, each well under 10 s of one core
 */
export function batchSize(n: number, method: QueueMethod = "constellations"): number {
  return runSplit(n, method).batch;
}

/** The id ranges [from, to) of the jobs of a split of `count` sub-problems. */
export function batchRanges(count: number, batch: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 0; from < count; from += batch) out.push([from, Math.min(count, from + batch)]);
  return out;
}

/**
 * The job ranges in the order to enqueue them: the largest estimated work first (the split's
 * `cost`, summed over a range), so the jobs that run last are small and the workers finish close
 * together. Constellation ids run from the border inwards, and the last tenth of them holds
 * about a sixth of the work at n=16: taken in id order, the big jobs would come last. (A number
 * n stands for the constellation split of n.)
 */
export function largestFirst(
  of: number | RunSplit,
  ranges: readonly [number, number][],
): [number, number][] {
  const s = asSplit(of);
  const cost = ranges.map(([from, to]) => {
    let sum = 0;
    for (let id = from; id < to; id++) sum += s.cost(id);
    return sum;
  });
  return ranges
    .map((range, i) => ({ range, cost: cost[i] }))
    .sort((a, b) => b.cost - a.cost || a.range[0] - b.range[0])
    .map((r) => r.range);
}

/** The job id of replica `replica` of the ids [from, to): deterministic, so adding it again is a no-op. */
export function jobId(run: string, from: number, to: number, replica = 1): string {
  return replica === 1 ? `${run}_${from}-${to}` : `${run}_${from}-${to}_r${replica}`;
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
  return redis.call('HMGET', KEYS[1], ${META_FIELDS.map((f) => `'${f}'`).join(", ")}, 'mac', 'method', 'flagged')
end
redis.call('HSET', KEYS[1], ${META_FIELDS.map((f, i) => `'${f}', ARGV[${i + 2}]`).join(", ")},
  'mac', ARGV[${META_FIELDS.length + 2}], 'method', ARGV[${META_FIELDS.length + 3}])
redis.call('SADD', KEYS[2], ARGV[1])
return false
`;

/** What `ensureRun` found or made. */
type Ensured = {
  created: boolean;
  batch: number;
  replicas: number;
  nonce: string;
  flagged?: string;
};

/**
 * Creates the run's description for a split (a number n: the constellation split of n), tagged
 * with the run's key, or checks the stored one: its tag, and that it is for the same n, method
 * and split. Returns the batch size and quorum the run uses (the stored ones when attaching) and
 * whether it was new, and the run's nonce (drawn now for a new run, unless `key` holds one: a
 * coordinator describing its run again).
 * @throws NQueensError when the stored description fails its tag (another secret, or changed by
 *   hand), when the name is taken by a run of another n or split, or when `replicas` is given and
 *   differs from the run's
 */
export async function ensureRun(
  redis: Redis,
  key: RunKey,
  of: number | RunSplit,
  batch: number,
  replicas?: number,
): Promise<Ensured> {
  const name = key.run;
  const { n, version, size: count, method } = asSplit(of);
  const jobs = batchRanges(count, batch).length;
  const keys = runKeys(name);
  const fresh = {
    n,
    version,
    subProblems: count,
    batch,
    jobs,
    replicas: replicas ?? 1,
    created: new Date().toISOString(),
    // A run described again by its coordinator (gone from a restarted Redis) keeps its nonce:
    // its workers' votes in flight are its own.
    nonce: key.nonce ?? newNonce(),
  };
  const values = META_FIELDS.map((f) => String(fresh[f]));
  const mac = key.tag("meta", ...values);
  const found = (await runScript(
    redis,
    ENSURE_RUN,
    2,
    keys.meta,
    RUNS_KEY,
    name,
    ...values,
    mac,
    method,
  )) as (string | null)[] | null;
  if (found === null) return { created: true, batch, replicas: fresh.replicas, nonce: fresh.nonce };
  const meta = metaFrom(
    name,
    Object.fromEntries([...META_FIELDS, "mac", "method", "flagged"].map((f, i) => [f, found[i]])),
  );
  if (!meta || !metaChecks(key, meta)) {
    throw new NQueensError(
      `run '${name}' on this server was not created with this secret, or its description was changed (it fails its MAC): use the run's own secret, or another run name`,
      "run-mismatch",
      { run: name, option: "secret" },
    );
  }
  if (meta.n !== n || meta.version !== version || meta.subProblems !== count) {
    throw new NQueensError(
      `run '${name}' is a count of n=${meta.n} with split ${meta.version}, not n=${n} with split ${version}: choose another run name`,
      "run-mismatch",
      { run: name, option: "n", value: n },
    );
  }
  if (replicas !== undefined && replicas !== meta.replicas) {
    throw new NQueensError(
      `run '${name}' was started with replicas ${meta.replicas}, not ${replicas}: attach without the replicas option, or choose another run name`,
      "run-mismatch",
      { run: name, option: "replicas", value: replicas, min: meta.replicas, max: meta.replicas },
    );
  }
  const { batch: was, replicas: quorum, nonce, flagged } = meta;
  return { created: false, batch: was, replicas: quorum, nonce, flagged };
}

/**
 * The error for a count of a flagged run (see {@link RunMeta.flagged}): the run gives no total
 * until the operator has looked at it and cleared the flag (`clearFlag`).
 */
export class RunFlagged extends NQueensError {
  constructor(
    /** The run's name. */
    readonly run: string,
    /** When and why the run was flagged, as stored. */
    readonly reason: string,
  ) {
    super(
      `run '${run}' is flagged: ${reason}; no total until the flag is cleared (clearFlag)`,
      "run-flagged",
      { run, reason },
    );
  }
}

/**
 * Flags run `name` as found inconsistent, with `why` (the time is put before it), unless it is
 * flagged already (the first finding stays) or gone. Returns the flag the run now carries.
 */
export async function flagRun(
  redis: Redis,
  name: string,
  why: string,
): Promise<string | undefined> {
  const meta = runKeys(name).meta;
  const flag = `${new Date().toISOString()}: ${why.replace(/\s+/g, " ").slice(0, 400)}`;
  const set = (await redis.eval(
    "if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSETNX', KEYS[1], 'flagged', ARGV[1]) end return redis.call('HGET', KEYS[1], 'flagged')",
    1,
    meta,
    flag,
  )) as string | null;
  return set ?? undefined;
}

/**
 * A description from its stored fields, or undefined when they are not all there and well formed
 * (a stored method that is not the one the version names included; runs made before methods were
 * stored have none).
 */
function metaFrom(name: string, h: Record<string, string | null | undefined>): RunMeta | undefined {
  const int = (text: string | null | undefined) =>
    text !== null && text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  const meta = {
    name,
    n: int(h.n),
    version: h.version ?? "",
    subProblems: int(h.subProblems),
    batch: int(h.batch),
    jobs: int(h.jobs),
    replicas: int(h.replicas),
    created: h.created ?? "",
    nonce: h.nonce ?? "",
    mac: h.mac ?? "",
  };
  // A run made before nonces has none: its records cannot be told from a forgotten run's.
  if (!isNonce(meta.nonce)) return undefined;
  if (![meta.n, meta.subProblems, meta.batch, meta.jobs, meta.replicas].every(Number.isInteger)) {
    return undefined;
  }
  const method = methodOf(meta.version);
  if (h.method && h.method !== method) return undefined;
  const big = (text: string | null | undefined) =>
    text && /^\d{1,40}$/.test(text) ? BigInt(text) : undefined;
  return {
    ...meta,
    method,
    total: big(h.total),
    unique: big(h.unique),
    finished: h.finished ?? undefined,
    flagged: h.flagged || undefined,
  };
}

/**
 * Reads a run's description: undefined when there is no such run, `"damaged"` when its fields
 * are missing or malformed (its tag is checked by the caller, who holds the key).
 */
export async function readMeta(
  redis: Redis,
  name: string,
): Promise<RunMeta | "damaged" | undefined> {
  const h = await redis.hgetall(runKeys(name).meta);
  if (Object.keys(h).length === 0) return undefined;
  return metaFrom(name, h) ?? "damaged";
}

/**
 * A run's description, checked under its key, or the one-line error for a run that is not there
 * or fails its MAC (`then`, if given, says what to do about it: `forget`, forget the run).
 * @throws NQueensError for a missing or damaged run, or one of another secret
 */
export async function checkedMeta(
  redis: Redis,
  name: string,
  key: RunKey,
  then?: "forget",
): Promise<RunMeta> {
  const meta = await readMeta(redis, name);
  if (meta === undefined) {
    throw new NQueensError(`no run named '${name}' on this server`, "no-such-run", { run: name });
  }
  if (meta === "damaged" || !metaChecks(key, meta)) {
    throw new NQueensError(
      `run '${name}' was not created with this secret, or its description was changed (it fails its MAC)${then === undefined ? "" : ": forget the run to delete it"}`,
      "run-mismatch",
      { run: name, option: "secret", reason: then },
    );
  }
  return meta;
}

/**
 * Stores votes: each record is appended to its sub-problem's records unless the very same line
 * is there already (storing again is a no-op). Then, as a hint for the coordinator (which checks
 * the tags itself): when the records of one sub-problem agree by at least the run's quorum of
 * distinct worker names, and by more than any other count, its id is added to the settled set
 * and pushed on the progress list; when they disagree, its id is pushed on the disputes list.
 * When the settled set is complete, or on a dispute, the coordinator is woken (`wake`).
 * KEYS: votes, settled, done, disputes, meta, wake. ARGV: id, record pairs.
 * Returns {stored, same, disagreeing}.
 */
const STORE = `
local stored, same, disagreeing = 0, 0, 0
local quorum = tonumber(redis.call('HGET', KEYS[5], 'replicas') or '1') or 1
for i = 1, #ARGV, 2 do
  local id, rec = ARGV[i], ARGV[i + 1]
  local old = redis.call('HGET', KEYS[1], id)
  local lines, dup = {}, false
  if old then
    for line in string.gmatch(old, '[^\\n]+') do
      if line == rec then dup = true end
      lines[#lines + 1] = line
    end
  end
  if dup then
    same = same + 1
  else
    lines[#lines + 1] = rec
    if old then redis.call('HSET', KEYS[1], id, old .. '\\n' .. rec)
    else redis.call('HSET', KEYS[1], id, rec) end
    stored = stored + 1
    local groups, seen, heads = {}, {}, 0
    for _, line in ipairs(lines) do
      local h = string.match(line, '^count=%d+ f180=%d+ f90=%d+')
      local w = string.match(line, ' worker=(%S+)')
      if h and w and not seen[h .. ' ' .. w] then
        seen[h .. ' ' .. w] = true
        if not groups[h] then
          groups[h] = 0
          heads = heads + 1
        end
        groups[h] = groups[h] + 1
      end
    end
    local best, second = 0, 0
    for _, c in pairs(groups) do
      if c > best then second = best; best = c elseif c > second then second = c end
    end
    if heads > 1 then
      redis.call('RPUSH', KEYS[4], id)
      redis.call('LPUSH', KEYS[6], 1)
      redis.call('LTRIM', KEYS[6], 0, 0)
      disagreeing = disagreeing + 1
    end
    if best >= quorum and best > second and redis.call('SADD', KEYS[2], id) == 1 then
      redis.call('RPUSH', KEYS[3], id)
    end
  end
end
if stored > 0 then
  local want = tonumber(redis.call('HGET', KEYS[5], 'subProblems') or '')
  if want and redis.call('SCARD', KEYS[2]) >= want then
    redis.call('LPUSH', KEYS[6], 1)
    redis.call('LTRIM', KEYS[6], 0, 0)
  end
end
return {stored, same, disagreeing}
`;

/** How a batch of votes was taken by the store. */
export interface StoreOutcome {
  /** New records appended. */
  stored: number;
  /** Records that were already there, the very same. */
  same: number;
  /** New records whose counts differ from another record of the same sub-problem. */
  disagreeing: number;
}

/** Stores the votes of run `name`, as pairs of sub-problem id and record. */
export async function storeVotes(
  redis: Redis,
  name: string,
  entries: readonly (readonly [number, string])[],
): Promise<StoreOutcome> {
  if (entries.length === 0) return { stored: 0, same: 0, disagreeing: 0 };
  const keys = runKeys(name);
  const args: (string | number)[] = [];
  for (const [id, record] of entries) args.push(id, record);
  const [stored, same, disagreeing] = (await runScript(
    redis,
    STORE,
    6,
    keys.votes,
    keys.settled,
    keys.done,
    keys.disputes,
    keys.meta,
    keys.wake,
    ...args,
  )) as [number, number, number];
  return { stored, same, disagreeing };
}

/**
 * A job's view of its run, in one round trip: the description's fields and, for each id, its
 * records ('' where there is none); false when the run is gone (forgotten).
 * KEYS: meta, votes. ARGV: the ids.
 */
const READ_JOB = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local meta = redis.call('HMGET', KEYS[1], ${META_FIELDS.map((f) => `'${f}'`).join(", ")}, 'mac', 'method')
for i = 1, #meta do meta[i] = meta[i] or '' end
local have = {meta}
for i = 1, #ARGV do have[i + 1] = redis.call('HGET', KEYS[2], ARGV[i]) or '' end
return have
`;

/**
 * The description of run `name` and the stored records of `ids`, for a worker starting a job.
 * Undefined when the run no longer exists; `meta` is undefined when it is damaged.
 */
export async function readJobView(
  redis: Redis,
  name: string,
  ids: readonly number[],
): Promise<{ meta: RunMeta | undefined; votes: string[] } | undefined> {
  const keys = runKeys(name);
  const got = (await runScript(redis, READ_JOB, 2, keys.meta, keys.votes, ...ids)) as
    | [string[], ...string[]]
    | null;
  if (!got) return undefined;
  const [fields, ...votes] = got;
  const h = Object.fromEntries(
    [...META_FIELDS, "mac", "method"].map((f, i) => [f, fields[i] || undefined]),
  );
  return { meta: metaFrom(name, h), votes };
}

/** Notes that `worker` starts solving job `jobId` (its `attempt`). */
export async function noteStart(
  redis: Redis,
  name: string,
  line: { jobId: string; worker: string; attempt: number },
): Promise<void> {
  await redis.rpush(runKeys(name).starts, `${line.jobId}\t${line.worker}\t${line.attempt}`);
}

/** Every stored vote of a run: id -> records, one per line. */
export function readVotes(redis: Redis, name: string): Promise<Record<string, string>> {
  return redis.hgetall(runKeys(name).votes);
}
