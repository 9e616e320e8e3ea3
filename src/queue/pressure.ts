/**
 * Redis under memory pressure (issue 35, "nothing hangs and nothing lies"). A queue needs every
 * write to land: a run's jobs, locks and records are keys, and one that vanishes is work lost or
 * a vote that never counts.
 *
 * - **Full** (`maxmemory` reached under `noeviction`): Redis refuses writes with
 *   `OOM command not allowed ...`. The coordinator stops with `queue-full` (temporary: run the
 *   count again once there is room, it attaches); a worker pauses, tries one small write with a
 *   capped exponential backoff ({@link backoffMs}), and says one line when Redis is full and one
 *   when it accepts writes again.
 * - **Evicting** (any `maxmemory-policy` but `noeviction`): Redis deletes keys to make room, and a
 *   run's jobs come back as ghosts or its records go missing. The coordinator reads the policy
 *   at start and refuses such a server (`queue-evicting`) unless told to allow it; a managed
 *   Redis that refuses `CONFIG GET` is noted once.
 */
import type { Redis } from "ioredis";
import { NQueensError } from "../errors.js";
import { PREFIX } from "./store.js";

/** True for Redis's refusal of a write at its memory limit (`OOM command not allowed ...`). */
export function isRedisFull(e: unknown): boolean {
  const message = e instanceof Error ? e.message : typeof e === "string" ? e : "";
  return /(^|\W)OOM command not allowed/.test(message);
}

/** The first wait of a worker's backoff on a full Redis, and the longest. */
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 8000;

/**
 * The wait before write attempt `attempt` (0, 1, ...) on a full Redis: 0.5 s doubling up to 8 s,
 * so that a worker notices room within 8 s and spends nothing while it waits (one small write
 * every 8 s).
 */
export function backoffMs(attempt: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(attempt, 16));
}

/** A key of its own for the write probe, gone after 10 s (nothing else reads it). */
const PROBE_KEY = `${PREFIX}:write-probe`;

/**
 * Tries one small write: true when Redis takes it, false when it is full.
 * @throws what Redis throws for anything else
 */
export async function acceptsWrites(redis: Redis): Promise<boolean> {
  try {
    await redis.set(PROBE_KEY, "1", "PX", 10_000);
    return true;
  } catch (e) {
    if (isRedisFull(e)) return false;
    throw e;
  }
}

/**
 * Waits until Redis accepts writes, trying one write after each {@link backoffMs} (a
 * connection error in between is waited out the same way); resolves false if `stopped()` turns
 * true first.
 */
export async function untilWritable(redis: Redis, stopped: () => boolean): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    // Unref'd: a worker that is closed while it waits ends at once.
    await new Promise((r) => setTimeout(r, backoffMs(attempt)).unref());
    if (stopped()) return false;
    if (await acceptsWrites(redis).catch(() => false)) return true;
  }
}

/** The error for a full Redis, as the coordinator throws it (`queue-full`, temporary). */
export function redisFull(display: string, run: string): NQueensError {
  return new NQueensError(
    `Redis at ${display} is full (its used memory reached maxmemory) and refuses writes: raise its maxmemory or free keys (nqueens runs --forget an old run), then count again to attach to run ${run}`,
    "queue-full",
    { queue: display, run },
  );
}

/** Redis's eviction policy, or undefined when the server will not say (`CONFIG GET` refused). */
async function evictionPolicy(redis: Redis): Promise<string | undefined> {
  try {
    const reply = (await redis.config("GET", "maxmemory-policy")) as unknown;
    // RESP2: [name, value]; a proxy may answer otherwise.
    if (Array.isArray(reply) && typeof reply[1] === "string") return reply[1];
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks that Redis never evicts keys (`maxmemory-policy noeviction`): throws `queue-evicting`
 * unless `allow`; says once (`note`) when the policy cannot be read, and what it must be.
 * @throws NQueensError (`queue-evicting`) for an evicting policy
 */
export async function checkNoEviction(
  redis: Redis,
  display: string,
  allow: boolean,
  note: (message: string) => void,
): Promise<void> {
  const policy = await evictionPolicy(redis);
  if (policy === undefined) {
    note(
      `could not read the maxmemory-policy of Redis at ${display} (CONFIG GET refused); a queue needs noeviction`,
    );
    return;
  }
  if (policy === "noeviction" || allow) return;
  throw new NQueensError(
    `Redis at ${display} evicts keys when its memory is full (maxmemory-policy ${policy}), which would delete a run's jobs and records: set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction), or allow it with the allowEviction option`,
    "queue-evicting",
    { queue: display, value: policy, option: "allowEviction" },
  );
}

/** The keys Redis has evicted since it started, from the text of `INFO stats`, if it says. */
export function evictedKeys(info: string): number | undefined {
  const m = /^evicted_keys:(\d+)\r?$/m.exec(info);
  return m ? Number(m[1]) : undefined;
}

/**
 * Why a run's description may be gone from the server, in brackets: keys evicted (when Redis
 * says it has evicted any since it started), else a restart without saving.
 */
export async function goneReason(redis: Redis): Promise<string> {
  const evicted = evictedKeys(await redis.info("stats").catch(() => ""));
  return evicted !== undefined && evicted > 0
    ? `(Redis has evicted ${evicted} keys since it started: its maxmemory-policy evicts; set it to noeviction)`
    : "(Redis restarted without saving?)";
}
