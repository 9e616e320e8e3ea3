/**
 * How the coordinator follows a run, a small state machine: `plan` (enqueue what the run misses),
 * then `poll` (add up what is hinted settled since the last look), `disputes` (one more vote where
 * votes disagree) and `settle` (judge every vote once all are hinted settled, disputes recounted
 * by recount.ts; every few seconds, check the run is still there, enqueue what is missing), until
 * the run is settled (`finish`) or can no longer be.
 */
import type { Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { type ErrorCode, NQueensError } from "../errors.js";
import { plural } from "../words.js";
import { abortable } from "./abortable.js";
import type { CoordinatorOptions, QueueCount } from "./coordinator-options.js";
import { dropLeftovers, dropRangeJobs, retryFailed } from "./coordinator-queue.js";
import { acceptsWrites, goneReason, redisFull } from "./pressure.js";
import { recountDisputes, recountNow } from "./recount.js";
import type { RunSplit, RunTally } from "./run-split.js";
import type { RunKey } from "./secret.js";
import {
  batchRanges,
  ensureRun,
  flagRun,
  type JobData,
  jobData,
  jobId,
  largestFirst,
  RunFlagged,
  readVotes,
  runKeys,
} from "./store.js";
import { judgeRun, judgeSub, PROVED_WRONG, type RunVerdict, voteLines } from "./verdict.js";

/** The coordinator's connections: commands, the blocking wait between looks, the queue. */
interface Links {
  readonly redis: Redis;
  readonly waiter: Redis;
  readonly queue: Queue<JobData>;
}

/** Every job can be retried this often after an error, besides the coordinator's own retries. */
const JOB_OPTIONS = {
  attempts: 20,
  backoff: { type: "fixed", delay: 1000 },
  removeOnComplete: true,
  removeOnFail: false,
} as const;

/** A job: one replica (or extra vote) of the sub-problem range `from`..`to`. */
type RangeJob = { from: number; to: number; replica: number };

/**
 * Follows run `key.run` (described by `plan`, `wanted` sub-problems per job for a new run) until
 * it is settled, and returns its count; `seen.done` follows the settled sub-problems, for the
 * caller's `CountInterrupted`.
 */
export async function follow(
  plan: RunSplit,
  key: RunKey,
  wanted: number,
  links: Links,
  options: CoordinatorOptions,
  display: string,
  seen: { done: number },
): Promise<QueueCount> {
  const began = performance.now();
  const { created, batch, replicas, nonce, flagged } = await abortable(
    ensureRun(links.redis, key, plan, wanted, options.replicas),
    options.signal,
  );
  // A run found inconsistent gives no total, this time or any other, until the operator clears it.
  if (flagged !== undefined) throw new RunFlagged(key.run, flagged);
  const layout = { batch, replicas, began };
  const run = new RunFollower(plan, key.withNonce(nonce), links, options, layout);
  return run.follow(created, display, seen);
}

/** A run being followed: its fixed layout, and what the coordinator has seen of it so far. */
class RunFollower {
  private readonly plan: RunSplit;
  /** The run's key with its nonce (a new one when the run had to be described again). */
  private key: RunKey;
  private readonly name: string;
  private readonly links: Links;
  private readonly options: CoordinatorOptions;
  private readonly keys: ReturnType<typeof runKeys>;
  private readonly say: (message: string, code?: ErrorCode) => void;
  private readonly began: number;
  private readonly batch: number;
  private readonly replicas: number;
  /** The jobs' sub-problem ranges, largest first. */
  private readonly ranges: [number, number][];
  // The job range of each sub-problem, so that extra votes are asked per range, not per id.
  private readonly rangeOf: Int32Array;
  private readonly told = new Set<string>();
  // Sub-problems whose votes have disagreed, for one notice every few seconds at most.
  private readonly disputes = new Set<number>();
  // Sub-problems with a record that failed its tag, for the outcome's notes.
  private readonly forgedSeen = new Set<number>();
  private lastDisputeNote = 0;
  private disputesSaid = 0;
  /** The last verdict on every vote (none yet for a run this call created). */
  private verdict: RunVerdict | undefined;
  // Progress: read the ids hinted settled since the last look, check their votes, add them up.
  private cursor = 0;
  private disputeCursor = 0;
  private tally: RunTally;
  private reported = -1;
  private judgedAt = -1;
  private lastCheck = 0;
  private lastFull = 0;
  private recheck = false;

  constructor(
    plan: RunSplit,
    key: RunKey,
    links: Links,
    options: CoordinatorOptions,
    layout: { batch: number; replicas: number; began: number },
  ) {
    this.plan = plan;
    this.key = key;
    this.name = key.run;
    this.links = links;
    this.options = options;
    this.keys = runKeys(key.run);
    this.say = options.onMessage ?? (() => {});
    this.began = layout.began;
    this.batch = layout.batch;
    this.replicas = layout.replicas;
    this.ranges = largestFirst(plan, batchRanges(plan.size, layout.batch));
    this.rangeOf = new Int32Array(plan.size);
    this.ranges.forEach(([from, to], i) => {
      this.rangeOf.fill(i, from, to);
    });
    this.tally = plan.tally();
  }

  /** Waits for `p`, or rejects as soon as the caller's signal aborts. */
  private until<T>(p: Promise<T>): Promise<T> {
    return abortable(p, this.options.signal);
  }

  /** Plans, then polls and settles until the run is settled; `seen.done` follows the tally. */
  async follow(created: boolean, display: string, seen: { done: number }): Promise<QueueCount> {
    const resumed = await this.start(created);
    const pollMs = Math.max(50, (this.options.pollSeconds ?? 0.5) * 1000);
    for (;;) {
      this.options.signal?.throwIfAborted();
      await this.poll();
      await this.readDisputes();
      seen.done = this.tally.done;
      this.progress();
      const v = await this.settle(seen, display);
      if (v) return this.finish(v, v.total, v.unique, resumed, !created);
      // Until the next look, or until the last sub-problem settles or a dispute starts.
      await this.until(this.links.waiter.blpop(this.keys.wake, pollMs / 1000));
    }
  }

  /** plan: judges what an existing run has, enqueues what it misses, and says so. */
  private async start(created: boolean): Promise<number> {
    const { name, replicas, ranges } = this;
    const size = this.plan.size;
    this.verdict = created ? undefined : await this.judgeAll();
    const resumed = this.verdict?.settled.size ?? 0;
    const firstJobs = await this.until(this.enqueue(this.verdict, false));
    if (!created) {
      this.say(
        `attached to run ${name}: ${resumed} of ${plural(size, "sub-problem")} already settled, ${plural(firstJobs, "job")} enqueued or waiting`,
      );
    } else {
      const quorum = replicas > 1 ? `, each solved by ${replicas} distinct workers` : "";
      this.say(
        `started run ${name}: ${plural(size, "sub-problem")} in ${plural(ranges.length, "job")} of ${this.batch}${quorum}`,
      );
    }
    this.lastCheck = Date.now();
    this.lastFull = Date.now();
    if (this.verdict) this.rebuild(this.verdict);
    return resumed;
  }

  /**
   * Jobs asking one more vote on the open sub-problems `open` (id and stored records): one per
   * range, numbered past every vote stored in it, so that it is a job not run before (a worker
   * solves only the sub-problems of the range that are still open and that it has not voted on).
   */
  private moreVotes(open: readonly { id: number; records: number }[]): RangeJob[] {
    const next = new Map<number, number>();
    for (const { id, records } of open) {
      const r = this.rangeOf[id];
      next.set(r, Math.max(next.get(r) ?? this.replicas, records));
    }
    return [...next].map(([r, most]) => ({
      from: this.ranges[r][0],
      to: this.ranges[r][1],
      replica: most + 1,
    }));
  }

  /** The jobs the verdict still asks for: replicas of ranges with short ids, extra votes. */
  private wantedJobs(verdict: RunVerdict | undefined): RangeJob[] {
    const { replicas, ranges } = this;
    const jobs: RangeJob[] = [];
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
    jobs.push(...this.moreVotes((verdict?.disputes ?? []).filter((d) => !d.exhausted)));
    return jobs;
  }

  /** The queue's entries for `jobs`: tagged data, and ids that make a second copy a no-op. */
  private entries(jobs: readonly RangeJob[]) {
    const { name, key, plan, replicas } = this;
    return jobs.map(({ from, to, replica }) => ({
      name,
      data: jobData(key, plan, from, to, replica, replicas),
      opts: { ...JOB_OPTIONS, jobId: jobId(name, from, to, replica) },
    }));
  }

  /** Enqueues the jobs the verdict asks for (`recheck`: restarting those the queue has ended). */
  private async enqueue(verdict: RunVerdict | undefined, recheck: boolean): Promise<number> {
    const { queue } = this.links;
    const jobs = this.wantedJobs(verdict);
    if (recheck) {
      // A job that finished or failed but left votes missing (data lost on the server) is
      // started again; one the queue no longer knows is added again below.
      for (const { from, to, replica } of jobs) {
        const id = jobId(this.name, from, to, replica);
        const state = await queue.getJobState(id);
        if (state === "completed" || state === "failed") {
          const job = (await queue.getJob(id)) as Job<JobData> | undefined;
          await job?.retry(state).catch(() => {});
        }
      }
    }
    for (let i = 0; i < jobs.length; i += 1000) {
      await queue.addBulk(this.entries(jobs.slice(i, i + 1000)));
    }
    return jobs.length;
  }

  private async judgeAll(): Promise<RunVerdict> {
    const votes = await this.until(readVotes(this.links.redis, this.name));
    return judgeRun(this.plan, this.key, votes, this.replicas);
  }

  private tell(what: string, message: string, code?: ErrorCode): void {
    if (!this.told.has(what)) {
      this.told.add(what);
      this.say(message, code);
    }
  }

  private noteForged(ids: readonly number[]): void {
    for (const id of ids) this.forgedSeen.add(id);
    if (ids.length > 0) {
      this.tell(
        "forged",
        `run ${this.name}: the record of sub-problem ${some(ids)} fails its MAC (forged, damaged, or written with another secret); the run gives no total while it is there`,
        "run-unsettled",
      );
    }
  }

  private rebuild(v: RunVerdict): void {
    this.tally = this.plan.tally();
    for (const [id, r] of v.settled) this.tally.add(id, r);
  }

  /** poll: reads the ids hinted settled since the last look, checks their votes, adds them up. */
  private async poll(): Promise<void> {
    const { redis } = this.links;
    const { key, plan, replicas, tally } = this;
    const ids = await this.until(redis.lrange(this.keys.done, this.cursor, this.cursor + 9999));
    if (ids.length === 0) return;
    const records = await this.until(redis.hmget(this.keys.votes, ...ids));
    const forged: number[] = [];
    const touched = new Set<number>();
    ids.forEach((text, i) => {
      const id = Number(text);
      if (!(Number.isInteger(id) && id >= 0 && id < plan.size) || tally.has(id)) return;
      const j = judgeSub(key, plan.version, id, voteLines(records[i]), replicas, plan);
      if (j.forged.length > 0) forged.push(id);
      if (j.verdict.state === "settled") {
        tally.add(id, j.verdict.result);
        touched.add(this.rangeOf[id]);
      }
    });
    this.noteForged(forged);
    this.cursor += ids.length;
    // A range just settled: the jobs of it still waiting (stale replicas) are not needed.
    const settled = (id: number) => tally.has(id);
    for (const r of touched) {
      const range = this.ranges[r];
      await this.until(dropRangeJobs(this.links.queue, this.name, range, replicas, settled));
    }
  }

  /**
   * disputes: reads the sub-problems whose votes disagreed since the last look and asks one more
   * vote on each that a majority can still settle; those that none can are left for a person.
   */
  private async readDisputes(): Promise<void> {
    const { redis } = this.links;
    const { key, plan, replicas, name } = this;
    const disputed = await this.until(
      redis.lrange(this.keys.disputes, this.disputeCursor, this.disputeCursor + 999),
    );
    if (disputed.length === 0) return;
    this.disputeCursor += disputed.length;
    const unique = [...new Set(disputed)].filter((t) => Number(t) >= 0 && Number(t) < plan.size);
    const records =
      unique.length > 0 ? await this.until(redis.hmget(this.keys.votes, ...unique)) : [];
    const open: { id: number; records: number }[] = [];
    const stuck: number[] = []; // disputes every worker that took jobs has voted on
    const workers = await this.workersSoFar();
    unique.forEach((text, i) => {
      const id = Number(text);
      const lines = voteLines(records[i]);
      const j = judgeSub(key, plan.version, id, lines, replicas, plan);
      this.noteForged(j.forged.length > 0 ? [id] : []);
      // Enough records, but some do not count (impossible, forged): one more vote.
      const short = j.verdict.state === "short" && lines.length >= replicas;
      if (j.verdict.state === "disputed" && j.verdict.exhausted) {
        const counts = j.votes.map((v) => `${v.worker} ${v.result.count}`).join(", ");
        this.tell(
          `exhausted ${id}`,
          `run ${name}: workers disagree on sub-problem ${id} (${counts}) with no majority after ${plural(j.votes.length, "vote")}; it is left for a person`,
          "run-unsettled",
        );
      } else if (j.verdict.state === "disputed" || short) {
        if (j.verdict.state === "disputed") this.disputes.add(id);
        const { state, voters } = j.verdict;
        const noOther = workers.length > 0 && workers.every((w) => voters.includes(w));
        if (state === "disputed" && noOther) stuck.push(id);
        else open.push({ id, records: lines.length });
      }
    });
    if (stuck.length > 0) {
      this.say(
        `run ${name}: workers disagree on sub-problem ${some(stuck)} and every worker that took jobs (${workers.join(", ")}) has voted on ${stuck.length === 1 ? "it" : "them"}: a quorum of ${replicas} needs ${replicas + 1} workers to break a tie; recounting ${stuck.length === 1 ? "it" : "them"} here`,
      );
      await this.until(recountNow(redis, plan, key, stuck));
    }
    const { disputes } = this;
    if (disputes.size > this.disputesSaid && Date.now() - this.lastDisputeNote > 5000) {
      this.lastDisputeNote = Date.now();
      this.disputesSaid = disputes.size;
      this.say(
        `run ${name}: workers disagree on ${plural(disputes.size, "sub-problem")} so far (the latest: ${some([...disputes].slice(-5))}); asking one more worker for each`,
      );
    }
    const extra = this.moreVotes(open);
    if (extra.length > 0) await this.until(this.links.queue.addBulk(this.entries(extra)));
  }

  /** Reports the settled sub-problems when there are more (or fewer) than last time. */
  private progress(): void {
    const { tally } = this;
    if (tally.done !== this.reported) {
      this.reported = tally.done;
      this.options.onProgress?.({
        run: this.name,
        done: tally.done,
        total: this.plan.size,
        solutions: tally.total,
      });
    }
  }

  /**
   * settle: judges every vote once all sub-problems are hinted settled; every few seconds (or
   * when that verdict found votes missing) checks the run and the queue and enqueues what is
   * missing. Returns the verdict that settles the run, if this look found it.
   */
  private async settle(seen: { done: number }, display: string): Promise<Settled | undefined> {
    let fresh = false;
    if (this.cursor >= this.plan.size && this.judgedAt !== this.cursor) {
      this.judgedAt = this.cursor;
      fresh = true;
      const r = await this.decide(seen, display);
      if (r) return r;
      // Everything hinted settled, yet the verdict says otherwise: votes missing (data lost on
      // the server) or forged ones counted by the hint; ask for what is missing.
      this.recheck = true;
    }
    const now = Date.now();
    if (now - this.lastCheck > 3000 || this.recheck) {
      this.lastCheck = now;
      // Workers wait while Redis is full; the coordinator stops, saying so (coordinator.ts).
      if (!(await this.until(acceptsWrites(this.links.redis)))) throw redisFull(display, this.name);
      if (await this.enqueueIfGone()) fresh = false;
      await this.until(retryFailed(this.links.queue, this.name));
      await this.checkQuorum();
      return this.refill(now, fresh, seen, display);
    }
    return undefined;
  }

  /** Describes and enqueues the run again when it is gone from the server (true then). */
  private async enqueueIfGone(): Promise<boolean> {
    const { redis } = this.links;
    if (await this.until(redis.exists(this.keys.meta))) return false;
    this.say(
      `run ${this.name} is gone from the server ${await this.until(goneReason(redis))}; enqueuing it again`,
    );
    // Described again with the same nonce (the key holds it): the same run, not a new one.
    const again = await this.until(
      ensureRun(redis, this.key, this.plan, this.batch, this.replicas),
    );
    this.key = this.key.withNonce(again.nonce);
    this.cursor = 0;
    this.disputeCursor = 0;
    this.tally = this.plan.tally();
    this.reported = -1;
    this.judgedAt = -1;
    this.recheck = true;
    return true;
  }

  /** The distinct workers that have taken the run's jobs so far. */
  private async workersSoFar(): Promise<string[]> {
    const starts = await this.until(this.links.redis.lrange(this.keys.starts, 0, -1));
    return [...new Set(starts.map((line) => line.split("\t")[1]))];
  }

  /** Says once when fewer distinct workers than the quorum have taken jobs after 5 s. */
  private async checkQuorum(): Promise<void> {
    const { replicas, name } = this;
    if (replicas > 1 && performance.now() - this.began > 5000) {
      const who = await this.workersSoFar();
      if (who.length < replicas) {
        this.tell(
          "quorum",
          `run ${name}: a quorum of ${replicas} needs ${replicas} distinct workers; ${who.length === 0 ? "none has" : `only ${who.length} (${who.join(", ")}) ${who.length === 1 ? "has" : "have"}`} taken jobs so far`,
        );
      }
    }
  }

  /**
   * When the queue is empty, a recheck is due, or every 30 s: judges every vote (unless that was
   * just done) and enqueues again the jobs whose votes are missing.
   */
  private async refill(
    now: number,
    fresh: boolean,
    seen: { done: number },
    display: string,
  ): Promise<Settled | undefined> {
    const counts = await this.until(
      this.links.queue.getJobCounts("wait", "active", "delayed", "prioritized", "waiting-children"),
    );
    const queued = Object.values(counts).reduce((a, b) => a + b, 0);
    if (queued === 0 || this.recheck || now - this.lastFull > 30000) {
      this.lastFull = now;
      this.recheck = false;
      if (!fresh) {
        const r = await this.decide(seen, display);
        if (r) return r;
      }
      const jobs = await this.until(this.enqueue(this.verdict, true));
      if (jobs > 0 && queued === 0) {
        this.say(
          `run ${this.name}: ${plural(jobs, "job")} without all ${jobs === 1 ? "its" : "their"} votes ${jobs === 1 ? "was" : "were"} enqueued again`,
        );
      }
    }
    return undefined;
  }

  /**
   * Reads and judges every vote: the verdict when the run is settled, undefined while votes are
   * still to come; throws when nothing more can come and the run is still not settled.
   */
  private async decide(seen: { done: number }, display: string): Promise<Settled | undefined> {
    const { name } = this;
    let v = await this.judgeAll();
    const tell = (what: string, m: string) => this.tell(what, m, "votes-overruled");
    const again = () => this.judgeAll(); // disputes and liars' votes recounted, settled by that
    if (v.overruled.length > 0)
      v = await this.until(recountDisputes(this.links.redis, this.plan, this.key, v, again, tell));
    for (const d of v.disputes) this.disputes.add(d.id);
    for (const o of v.overruled) if (o.reason !== PROVED_WRONG) this.disputes.add(o.id);
    this.verdict = v;
    this.rebuild(v);
    seen.done = this.tally.done;
    if (v.total !== undefined && v.unique !== undefined) return v as Settled;
    if (v.inconsistent !== undefined) {
      await this.until(
        flagRun(
          this.links.redis,
          name,
          `every sub-problem is settled but the counts are inconsistent (${v.inconsistent})`,
        ),
      );
      throw new NQueensError(
        `run ${name}: every sub-problem is settled but the counts are inconsistent (${v.inconsistent}): a wrong vote was settled; no total`,
        "run-unsettled",
        { run: name, queue: display, option: "inconsistent" },
      );
    }
    const forgedIds = [...new Set(v.forged.map((f) => f.id))];
    this.noteForged(forgedIds);
    if (v.short.length > 0 || v.disputes.some((d) => !d.exhausted)) return undefined;
    if (v.forged.length > 0) {
      throw new NQueensError(
        `run ${name}: ${plural(v.forged.length, "stored record")} ${v.forged.length === 1 ? "fails its" : "fail their"} MAC (forged, damaged, or written with another secret), on sub-problem ${some(forgedIds)}; no total`,
        "run-unsettled",
        { run: name, queue: display, option: "forged" },
      );
    }
    throw new NQueensError(
      `run ${name}: workers disagree on sub-problem ${some(v.disputes.map((d) => d.id))} with no majority; no total`,
      "run-unsettled",
      { run: name, queue: display, option: "disputed" },
    );
  }

  /** finish: stores the total, removes the jobs left over, and reports the votes overruled. */
  private async finish(
    v: RunVerdict,
    total: bigint,
    unique: bigint,
    resumed: number,
    attached: boolean,
  ): Promise<QueueCount> {
    const { redis, queue } = this.links;
    const { name, keys } = this;
    // A total stored before that the records no longer add up to: they changed since (a forger,
    // or a hand in Redis); neither total is to be trusted.
    const [was, wasUnique] = await this.until(redis.hmget(keys.meta, "total", "unique"));
    if (was && (was !== total.toString() || wasUnique !== unique.toString())) {
      const why = `the stored total ${was} is not what the records add up to now (${total})`;
      throw new RunFlagged(name, (await this.until(flagRun(redis, name, why))) ?? why);
    }
    await this.until(
      redis.hset(keys.meta, {
        total: total.toString(),
        unique: unique.toString(),
        finished: new Date().toISOString(),
      }),
    );
    const starts = await this.until(redis.lrange(keys.starts, 0, -1));
    await this.until(dropLeftovers(redis, queue, name));
    const outvoted = v.overruled;
    if (outvoted.length > 0) {
      const who = [...new Set(outvoted.map((o) => o.worker))].join(", ");
      this.say(
        `run ${name}: ${plural(outvoted.length, "vote")} from ${who} ${outvoted.length === 1 ? "was" : "were"} overruled (sub-problem ${some(outvoted.map((o) => o.id))}); the total counts only agreeing votes`,
        "votes-overruled",
      );
    }
    return {
      n: this.plan.n,
      method: this.plan.method,
      total,
      unique,
      run: name,
      subProblems: this.plan.size,
      resumed,
      jobs: this.ranges.length,
      replicas: this.replicas,
      attached,
      seconds: (performance.now() - this.began) / 1000,
      workers: new Set(starts.map((line) => line.split("\t")[1])).size,
      overruled: outvoted,
      notes: {
        disputes: sorted(this.disputes),
        forged: sorted(this.forgedSeen),
        recounted: sorted(v.recounted),
        liars: [...v.liars].sort(),
        overruledWorkers: [...new Set(outvoted.map((o) => o.worker))].sort(),
        overruledVotes: outvoted.length,
      },
    };
  }
}

/** A verdict that settles the run: its total and unique count are known. */
type Settled = RunVerdict & { readonly total: bigint; readonly unique: bigint };

/** Sub-problem ids in order. */
function sorted(ids: Iterable<number>): number[] {
  return [...ids].sort((a, b) => a - b);
}

/** The ids of a list, at most five, for a message. */
function some(ids: readonly number[]): string {
  return `${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", ..." : ""}`;
}
