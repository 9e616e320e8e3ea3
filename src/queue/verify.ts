/**
 * Re-verifying a run (`nqueens runs --verify`): every record's tag, then recounts on this machine
 * of what matters most, every settled sub-problem that rests on fewer independent votes than the
 * run's quorum, and a random sample of the others. A recount that disagrees flags the run, and
 * the flag stays until the operator clears it (`clearFlag`, `runs --clear-flag`).
 */
import { randomInt } from "node:crypto";
import type { SubResult } from "../engine/index.js";
import { NQueensError, shownValue } from "../errors.js";
import { judged, needSecret, withRedis } from "./admin.js";
import { agree } from "./record.js";
import type { QueueMethod } from "./run-split.js";
import { defaultSample, missChance, parseSample, type Sample, wrongOf } from "./sample.js";
import { runKey } from "./secret.js";
import { checkedMeta, checkRunName, flagRun, runKeys } from "./store.js";
import type { QueueUrl } from "./url.js";
import type { ForgedRecord, OverruledVote } from "./verdict.js";

/** One sub-problem recounted by {@link verifyRun}. */
export interface VerifiedSubProblem {
  readonly id: number;
  /** The settled result. */
  readonly stored: SubResult;
  readonly recount: SubResult;
  readonly ok: boolean;
}

/** The outcome of {@link verifyRun}. */
export interface VerifyReport {
  readonly run: string;
  readonly n: number;
  readonly method: QueueMethod;
  readonly subProblems: number;
  /** Settled sub-problems. */
  readonly settled: number;
  /** The run's quorum. */
  readonly replicas: number;
  /**
   * Settled sub-problems that rest on fewer independent votes than the quorum, all recounted
   * (the first of `checked`); the sample was drawn from the others.
   */
  readonly weak: number;
  /** Workers whose votes are not independent: overruled somewhere in the run. */
  readonly untrusted: readonly string[];
  /** The run's flag after this check (set now when a recount disagreed), if any. */
  readonly flagged?: string;
  /** Every record was checked for its tag: those that fail it (whatever the sample). */
  readonly forged: readonly ForgedRecord[];
  readonly overruled: readonly OverruledVote[];
  readonly checked: readonly VerifiedSubProblem[];
  /** The other settled sub-problems, which the sample was drawn from. */
  readonly sampledFrom: number;
  /** How many of them the sample took. */
  readonly sampled: number;
  /** The chance that the sample missed the wrong one, had exactly one of those been wrong. */
  readonly missOne: number;
  /** The chance that it missed every wrong one, had 1% of those (`wrongShare`) been wrong. */
  readonly missShare: number;
  /** 1% of the sub-problems the sample was drawn from, at least one. */
  readonly wrongShare: number;
  /** No forged record, at least one sub-problem recounted, and every recount agreed. */
  readonly ok: boolean;
}

/**
 * Checks every record of a run for its tag, then recounts on this machine and compares: every
 * settled sub-problem that rests on fewer independent votes than the run's quorum (its settling
 * votes, not counting those of a worker overruled anywhere in the run: one that lied once is no
 * witness), and a random sample of the other settled ones. `sample` is a number of those others
 * or a share of them (`{ percent: 5 }`; 100 for all), or until 1.0 the same as text (`"5%"`,
 * `"all"`). @default the fewest that miss every wrong one, were 1% of them wrong, with a chance
 * below 1% (sample.ts, `defaultSample`); the report states that chance and the chance of missing
 * a single wrong one
 * A recount that disagrees flags the run (see `RunMeta.flagged`) until `clearFlag`.
 * @param url - the queue's Redis address (text, or parsed by {@link parseQueueUrl})
 * @param name - the run's name
 * @param options - `secret`: the cluster's secret the run is under; `sample`: the other settled
 *   sub-problems to recount (see above); progress, an abort signal and `connectSeconds`
 * @returns the run's figures, the forged records, each sub-problem recounted with what it was and
 *   what it is, and `ok`
 * @throws NQueensError when there is no such run, it is not under this secret, or this program's
 *   split of n differs
 * @example const r = await verifyRun(url, "q17-3f0c91a2", { secret, sample: 20 }); r.ok
 */
export async function verifyRun(
  url: string | QueueUrl,
  name: string,
  options: {
    secret: string;
    sample?: Sample | string;
    connectSeconds?: number;
    onProgress?: (checked: number, of: number) => void;
  },
): Promise<VerifyReport> {
  checkRunName(name);
  const secret = needSecret(options?.secret);
  const key = runKey(secret, name);
  const { meta, verdict, split } = await withRedis(url, options.connectSeconds, (redis) =>
    judged(redis, key),
  );
  if (meta === undefined) {
    throw new NQueensError(`no run named '${name}' on this server`, "no-such-run", { run: name });
  }
  if (meta === "damaged" || !verdict || !split) {
    throw new NQueensError(
      `run '${name}' was not created with this secret, or its description was changed (it fails its MAC): nothing to verify`,
      "run-mismatch",
      { run: name, option: "secret" },
    );
  }
  const untrusted = new Set(verdict.overruled.map((o) => o.worker));
  const weak: number[] = [];
  const others: number[] = [];
  for (const [id, voters] of verdict.settledBy) {
    const independent = voters.filter((w) => !untrusted.has(w)).length;
    (independent < meta.replicas ? weak : others).push(id);
  }
  const take = sampleSize(options.sample, others.length);
  // A partial Fisher-Yates shuffle: the first `take` ids are a uniform sample.
  for (let i = 0; i < take; i++) {
    const j = i + randomInt(others.length - i);
    [others[i], others[j]] = [others[j], others[i]];
  }
  const sample = [...weak.sort((a, b) => a - b), ...others.slice(0, take).sort((a, b) => a - b)];
  const solve = split.recounter();
  const checked: VerifiedSubProblem[] = [];
  for (const id of sample) {
    const recount = solve(id);
    const stored = verdict.settled.get(id) as SubResult;
    checked.push({ id, stored, recount, ok: agree(stored, recount) });
    options.onProgress?.(checked.length, sample.length);
  }
  let flagged = meta.flagged;
  const wrong = checked.filter((c) => !c.ok);
  if (wrong.length > 0) {
    const [c] = wrong;
    const more = wrong.length > 1 ? ` (and ${wrong.length - 1} more)` : "";
    flagged = await withRedis(url, options.connectSeconds, (redis) =>
      flagRun(
        redis,
        name,
        `a recount disagrees: sub-problem ${c.id} settled ${c.stored.count}, recounted ${c.recount.count}${more}`,
      ),
    );
  }
  return {
    run: name,
    n: meta.n,
    method: split.method,
    subProblems: split.size,
    settled: verdict.settled.size,
    replicas: meta.replicas,
    weak: weak.length,
    untrusted: [...untrusted].sort(),
    forged: verdict.forged,
    overruled: verdict.overruled,
    checked,
    sampledFrom: others.length,
    sampled: take,
    missOne: missChance(others.length, 1, take),
    missShare: missChance(others.length, wrongOf(others.length), take),
    wrongShare: wrongOf(others.length),
    flagged,
    ok: verdict.forged.length === 0 && checked.length > 0 && wrong.length === 0,
  };
}

/**
 * Clears the flag of a run found inconsistent, once the operator has looked at it (the records
 * stay as they are: a run with a wrong settled vote is better forgotten and counted again).
 * Returns the flag it had.
 * @param url - the queue's Redis address (text, or parsed by {@link parseQueueUrl})
 * @param name - the run's name
 * @param options - `secret`: the cluster's secret the run is under; `connectSeconds`: how long to
 *   try to connect (3 s by default)
 * @returns the run's name and the reason it was flagged with, if it was
 * @throws NQueensError when there is no such run or it is not under this secret
 */
export async function clearFlag(
  url: string | QueueUrl,
  name: string,
  options: { secret: string; connectSeconds?: number },
): Promise<{ run: string; flagged?: string }> {
  checkRunName(name);
  const key = runKey(needSecret(options?.secret), name);
  return withRedis(url, options.connectSeconds, async (redis) => {
    const meta = await checkedMeta(redis, name, key);
    await redis.hdel(runKeys(name).meta, "flagged");
    return { run: name, flagged: meta.flagged };
  });
}

/** The number of sub-problems to recount out of `of`. */
function sampleSize(asked: Sample | string | undefined, of: number): number {
  if (asked === undefined) return defaultSample(of);
  const sample = typeof asked === "string" ? parseSample(asked) : asked;
  if (typeof sample === "number") {
    if (!Number.isInteger(sample) || sample < 1) {
      throw new NQueensError(
        `sample must be a whole number of sub-problems, at least 1: got ${shownValue(sample)}`,
        "out-of-range",
        { option: "sample", value: sample, min: 1 },
      );
    }
    return Math.min(of, sample);
  }
  const { percent } = sample;
  if (!(percent > 0 && percent <= 100)) {
    throw new NQueensError(
      `sample.percent must be above 0 and at most 100: got ${shownValue(percent)}`,
      "out-of-range",
      { option: "sample.percent", value: percent, max: 100 },
    );
  }
  return Math.min(of, Math.max(1, Math.ceil((of * percent) / 100)));
}
