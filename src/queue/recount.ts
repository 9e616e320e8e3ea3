/**
 * The coordinator's own recounts before it trusts a total (issue 35): every sub-problem that had
 * a dispute (a vote overruled there: outvoted, impossible, contradicting itself), then every
 * sub-problem that a liar voted on (a worker that a recount, or an impossible or
 * self-contradicting count of its own, has proved wrong), round after round until no recount
 * finds a new liar. Each recount is stored as a record of the operator's (record.ts, `v=op`),
 * which settles its sub-problem whatever the votes say, so `count`, `runs` and `runs --verify`
 * keep reading the run through the one verdict (verdict.ts).
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
import { PROVED_WRONG, type RunVerdict } from "./verdict.js";

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
 * again (`judge`), until nothing is left to recount; returns the last verdict. Each liar is named
 * through `tell` under the key `liar NAME` (which says it once per key), with what proved it
 * wrong: a recount (this call's, or one made at once for a tie) or its own records (an
 * impossible count, two counts for one sub-problem), which need no recount to be found.
 */
export async function recountDisputes(
  redis: Redis,
  plan: RunSplit,
  key: RunKey,
  verdict: RunVerdict,
  judge: () => Promise<RunVerdict>,
  tell: (what: string, message: string) => void,
): Promise<RunVerdict> {
  let v = verdict;
  let recounts = 0;
  const nameLiars = () => {
    const byRecount = new Set(
      v.overruled.filter((o) => o.reason === PROVED_WRONG).map((o) => o.worker),
    );
    for (const w of v.liars) {
      const by = !byRecount.has(w)
        ? "impossible or self-contradicting counts"
        : recounts > 0
          ? `a recount of ${plural(recounts, "disputed sub-problem")}`
          : "a recount";
      tell(
        `liar ${w}`,
        `run ${key.run}: ${by} proved wrong the votes of ${w}; every vote they cast is recounted`,
      );
    }
  };
  const solve = plan.recounter();
  for (;;) {
    nameLiars();
    const ids = toRecount(v);
    if (ids.length === 0) return v;
    const entries = ids.map(
      (id) =>
        [id, makeRecount(key, plan.version, id, `recount/${plan.cpuSolver}`, solve(id))] as const,
    );
    await storeVotes(redis, key.run, entries);
    recounts = ids.length;
    v = await judge();
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
