/**
 * The coordinator's own recounts before it trusts a total (issue 35): every sub-problem that had
 * a dispute (a vote overruled there: outvoted, impossible, contradicting itself), then every
 * sub-problem that a worker voted on once a recount has proved one of its votes wrong, round
 * after round until no recount finds a new liar. Each recount is stored as a record of the
 * operator's (record.ts, `v=op`), which settles its sub-problem whatever the votes say, so
 * `count`, `runs` and `runs --verify` keep reading the run through the one verdict (verdict.ts).
 *
 * Two colluding keys can settle a lie where an honest worker disagrees (2 against 1 at a quorum
 * of 2): the recount of that dispute proves them wrong, and every other vote they cast is then
 * recounted too. A lie they settle without any dispute is left to `runs --verify`'s sample.
 */
import type { Redis } from "ioredis";
import { plural } from "../words.js";
import { makeRecount } from "./record.js";
import type { RunSplit } from "./run-split.js";
import type { RunKey } from "./secret.js";
import { runKeys, storeVotes } from "./store.js";
import type { RunVerdict } from "./verdict.js";

/** The sub-problems of a verdict that the operator must recount before its total is trusted. */
function toRecount(v: RunVerdict): number[] {
  const want = new Set<number>();
  for (const o of v.overruled) if (!v.recounted.has(o.id)) want.add(o.id);
  const liars = new Set(v.liars);
  if (liars.size > 0) {
    for (const [id, voters] of v.settledBy) {
      if (!v.recounted.has(id) && voters.some((w) => liars.has(w))) want.add(id);
    }
  }
  return [...want].sort((a, b) => a - b);
}

/**
 * Recounts what `toRecount` asks for, on this machine, stores the recounts and judges the run
 * again (`judge`), until nothing is left to recount; returns the last verdict. `say` is told the
 * liars found, once each.
 */
export async function recountDisputes(
  redis: Redis,
  plan: RunSplit,
  key: RunKey,
  verdict: RunVerdict,
  judge: () => Promise<RunVerdict>,
  say: (message: string) => void,
): Promise<RunVerdict> {
  let v = verdict;
  const solve = plan.recounter();
  const named = new Set<string>();
  for (;;) {
    const ids = toRecount(v);
    if (ids.length === 0) return v;
    const entries = ids.map(
      (id) =>
        [id, makeRecount(key, plan.version, id, `recount/${plan.cpuSolver}`, solve(id))] as const,
    );
    await storeVotes(redis, key.run, entries);
    v = await judge();
    const fresh = v.liars.filter((w) => !named.has(w));
    if (fresh.length > 0) {
      for (const w of fresh) named.add(w);
      say(
        `run ${key.run}: a recount of ${plural(ids.length, "disputed sub-problem")} proved wrong the votes of ${fresh.join(", ")}; every vote they cast is recounted`,
      );
    }
  }
}

/**
 * Recounts the disputed sub-problems `ids` here at once, stores the recounts (each settles its
 * sub-problem) and hints them settled, for a dispute that no other worker can break: every
 * worker that has taken the run's jobs has voted on it already (`--replicas 2` with two
 * workers), so the extra vote it would ask for would wait for ever.
 */
export async function recountNow(
  redis: Redis,
  plan: RunSplit,
  key: RunKey,
  ids: readonly number[],
): Promise<void> {
  const solve = plan.recounter();
  const entries = ids.map(
    (id) =>
      [id, makeRecount(key, plan.version, id, `recount/${plan.cpuSolver}`, solve(id))] as const,
  );
  await storeVotes(redis, key.run, entries);
  const keys = runKeys(key.run);
  for (const id of ids) {
    if ((await redis.sadd(keys.settled, String(id))) === 1)
      await redis.rpush(keys.done, String(id));
  }
}
