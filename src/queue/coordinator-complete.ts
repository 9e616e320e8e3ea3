/**
 * The completion coordinator: `nqueens complete FILE --queue URL`. The instance is split into
 * parts (completion-split.ts), each part a sub-problem of a run on the queue, described, tagged
 * and enqueued with the count's machinery (store.ts); the same `nqueens worker`s decide the parts
 * (worker-complete.ts) and vote with tagged records (record.ts).
 *
 * - The first "yes" whose completion checks against the instance is the answer: the run's
 *   description gets `answer`, the workers stop, the jobs left are removed. A "yes" whose board
 *   is not a completion of the instance (or that carries none) is refused and its worker named,
 *   and the coordinator decides that part itself (a recount, record.ts's `v=op`), as a count
 *   recounts a dispute.
 * - "No" only when every part is settled "no": by `replicas` distinct workers, none of them one
 *   refused anywhere in the run, or by a recount. With `replicas` 2, a worker that says "no" on a
 *   part with a completion is caught when another finds it (and named).
 * - Safe to stop (the signal) and start again: the run's name comes from the board and the split,
 *   so a second call attaches to it and enqueues only what is missing.
 */
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { PartialBoard } from "../board.js";
import { CompletionInterrupted } from "../completion/index.js";
import { type ErrorCode, NQueensError, shownValue } from "../errors.js";
import { MAX_REPLICAS } from "../limits.js";
import { checkOptions } from "../shapes.js";
import { plural } from "../words.js";
import { abortable } from "./abortable.js";
import {
  type CompletionSplit,
  checkYes,
  completionSplit,
  decidePartHere,
  MAX_COMPLETION_PARTS,
  partOf,
  yesSolver,
} from "./completion-split.js";
import type { QueueProgress } from "./coordinator-options.js";
import { closeLinks, dropLeftovers, openLinks, retryFailed } from "./coordinator-queue.js";
import { acceptsWrites, isRedisFull, redisFull } from "./pressure.js";
import { checkRecord, makeRecount } from "./record.js";
import { checkSecret, type RunKey, runKey } from "./secret.js";
import {
  batchRanges,
  checkRunName,
  ensureRun,
  type JobData,
  jobData,
  jobId,
  largestFirst,
  RunFlagged,
  readVotes,
  runKeys,
  storeVotes,
} from "./store.js";
import { parseQueueUrl, type QueueUrl } from "./url.js";
import { voteLines } from "./verdict.js";

/** Options for {@link runCompletion}. */
export interface CompletionQueueOptions {
  /** The operator's secret (at least 16 characters), as for a count. */
  secret: string;
  /**
   * Distinct workers whose "no" settles a part, for a new run. A "yes" needs one worker: its
   * completion is checked here. @default 1
   */
  replicas?: number;
  /** Parts to split the instance into (1 to 4096; fewer when it runs out of lines). @default 256 */
  parts?: number;
  /** Parts per job, for a new run. @default enough for about 64 jobs */
  batch?: number;
  /** Run name. @default `c{n}-{split hash}` */
  run?: string;
  /** Use a Redis whose `maxmemory-policy` evicts keys. @default false */
  allowEviction?: boolean;
  /** How often to look at the votes. @default 0.5 */
  pollSeconds?: number;
  /** Give up on the first connection after this long. @default 3 */
  connectSeconds?: number;
  /** Stops following the run (it goes on in the workers); rejects with `CompletionInterrupted`. */
  signal?: AbortSignal;
  /** Called when more parts are settled "no" (`done` of `total`; `solutions` stays 0). */
  onProgress?: (progress: QueueProgress) => void;
  /** One-line notices: the run started or attached, votes refused (`votes-overruled`). */
  onMessage?: (message: string, code?: ErrorCode) => void;
}

/** A vote the coordinator refused. */
export interface RefusedVote {
  /** The part. */
  readonly id: number;
  readonly worker: string;
  readonly reason: string;
}

/** The outcome of a completion through the queue. */
export interface QueueCompletion {
  readonly n: number;
  /** A completion, checked against the instance, or undefined when there is none. */
  readonly cols: number[] | undefined;
  /** Who found the completion (`operator` for the coordinator's own decision). */
  readonly foundBy: string | undefined;
  readonly run: string;
  /** Parts the instance was split into (0: propagation alone proved there is no completion). */
  readonly parts: number;
  /** Parts already settled when this call started (attaching to a run). */
  readonly resumed: number;
  readonly jobs: number;
  readonly replicas: number;
  readonly attached: boolean;
  /** Wall-clock seconds of this call. */
  readonly seconds: number;
  /** Distinct workers that took jobs of this run. */
  readonly workers: number;
  /** Votes refused: a "yes" that is no completion, a "no" on a part with one. */
  readonly refused: readonly RefusedVote[];
}

/** Every job can be retried this often after an error, besides the coordinator's own retries. */
const JOB_OPTIONS = {
  attempts: 20,
  backoff: { type: "fixed", delay: 1000 },
  removeOnComplete: true,
  removeOnFail: false,
} as const;

/** Parts asked for by default: several per thread of a few machines. */
const DEFAULT_PARTS = 256;

/**
 * Decides whether a partial board (missing 1 to 32 queens) has a completion, with the workers
 * listening on the queue at `url`.
 * @param board - the instance: n, its queens, and any blocked squares or excluded diagonals
 * @param url - the queue's Redis address (text, or parsed by {@link parseQueueUrl})
 * @param options - the secret, the quorum for a "no", the parts, progress and an abort signal
 *   (see {@link CompletionQueueOptions})
 * @returns the completion (checked) or undefined, with the run's name, parts and the votes refused
 * @throws NQueensError for a malformed board, one missing no queen or more than 32, bad options,
 *   a missing or short secret, an unreachable server, a run name taken by another instance or
 *   secret, a Redis that evicts or is full; RunFlagged for a flagged run; CompletionInterrupted
 *   when `signal` aborts
 * @example const { cols } = await runCompletion(board, "redis://10.0.0.5:6379", { secret });
 */
export async function runCompletion(
  board: PartialBoard,
  url: string | QueueUrl,
  options: CompletionQueueOptions,
): Promise<QueueCompletion> {
  const began = performance.now();
  const address = typeof url === "string" ? parseQueueUrl(url) : url;
  options = checkOptions(options, "runCompletion");
  const target = whole(options.parts ?? DEFAULT_PARTS, "parts", 1, MAX_COMPLETION_PARTS);
  const replicas = whole(options.replicas ?? 1, "replicas", 1, MAX_REPLICAS);
  if (options.batch !== undefined) whole(options.batch, "batch", 1, MAX_COMPLETION_PARTS);
  if (typeof options.secret !== "string") {
    throw new NQueensError("a queue run needs a secret (the secret option)", "secret-missing", {
      option: "secret",
    });
  }
  const secret = checkSecret(options.secret, "the secret");
  const plan = completionSplit(board, target);
  const hash = plan.version.slice(plan.version.lastIndexOf("/") + 1);
  const name = checkRunName(options.run ?? `c${plan.n}-${hash.slice(0, 8)}`);
  const none = { n: plan.n, run: name, parts: 0, resumed: 0, jobs: 0, replicas, attached: false };
  if (plan.size === 0) {
    // Propagation alone proves there is no completion: nothing to enqueue.
    const seconds = (performance.now() - began) / 1000;
    return { ...none, cols: undefined, foundBy: undefined, seconds, workers: 0, refused: [] };
  }
  const signal = options.signal;
  if (signal?.aborted) throw new CompletionInterrupted(0, plan.size, 0n);
  const say = options.onMessage ?? (() => {});
  const links = await openLinks(address, options, say);
  const follower = new CompletionFollower(plan, runKey(secret, name), links);
  try {
    const batch = options.batch ?? plan.batch;
    return await follower.follow(options, { batch, began, display: address.display });
  } catch (e) {
    if (signal?.aborted) throw new CompletionInterrupted(follower.done, plan.size, 0n);
    if (isRedisFull(e)) throw redisFull(address.display, name);
    throw e;
  } finally {
    await closeLinks(links);
  }
}

function whole(value: number, option: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new NQueensError(
      `${option} must be a whole number from ${min} to ${max}: got ${shownValue(value)}`,
      "out-of-range",
      { option, value, min, max },
    );
  }
  return value;
}

/** What the votes of one part say. */
interface PartState {
  /** A checked completion, and who gave it. */
  yes?: { cols: number[]; worker: string };
  /** Workers whose valid "no" is stored. */
  noes: string[];
  /** Settled "no" by the operator's own decision. */
  recountNo: boolean;
}

/** A completion run being followed. */
class CompletionFollower {
  done = 0;
  private key: RunKey;
  private readonly refused = new Map<string, RefusedVote>();
  private readonly liars = new Set<string>();
  private readonly decided = new Set<number>();
  private readonly forged = new Set<number>();
  private readonly ranges: [number, number][] = [];

  constructor(
    private readonly plan: CompletionSplit,
    key: RunKey,
    private readonly links: { redis: Redis; waiter: Redis; queue: Queue<JobData> },
  ) {
    this.key = key;
  }

  async follow(
    options: CompletionQueueOptions,
    wanted: { batch: number; began: number; display: string },
  ): Promise<QueueCompletion> {
    const { began, display } = wanted;
    const { plan, links } = this;
    const { redis } = links;
    const name = this.key.run;
    const until = <T>(p: Promise<T>) => abortable(p, options.signal);
    const say = options.onMessage ?? (() => {});
    const { created, batch, replicas, nonce, flagged } = await until(
      ensureRun(redis, this.key, plan, wanted.batch, options.replicas),
    );
    if (flagged !== undefined) throw new RunFlagged(name, flagged);
    this.key = this.key.withNonce(nonce);
    // The board beside the description, for `runs` (its version, under the tag, hashes it).
    await until(redis.hsetnx(runKeys(name).meta, "board", JSON.stringify(plan.board)));
    this.ranges.push(...largestFirst(plan, batchRanges(plan.size, batch)));
    let states = await until(this.judge(replicas, say));
    const resumed = this.settled(states, replicas);
    say(
      created
        ? `started run ${name}: ${plural(plan.size, "part")} in ${plural(this.ranges.length, "job")}${replicas > 1 ? `, each "no" from ${replicas} distinct workers` : ""}`
        : `attached to run ${name}: ${resumed} of ${plural(plan.size, "part")} already settled`,
    );
    await until(this.enqueue(states, replicas));
    const pollMs = Math.max(50, (options.pollSeconds ?? 0.5) * 1000);
    let reported = -1;
    let lastCheck = Date.now();
    let lastFull = Date.now();
    for (;;) {
      options.signal?.throwIfAborted();
      const found = [...states.values()].find((s) => s.yes)?.yes;
      this.done = this.settled(states, replicas);
      if (this.done !== reported) {
        reported = this.done;
        options.onProgress?.({ run: name, done: this.done, total: plan.size, solutions: 0n });
      }
      if (found || this.done === plan.size) {
        const answer = found ? `yes ${found.cols.join(" ")}` : "no";
        await until(redis.hset(runKeys(name).meta, { answer, finished: new Date().toISOString() }));
        await until(dropLeftovers(redis, links.queue, name));
        const starts = await until(redis.lrange(runKeys(name).starts, 0, -1));
        return {
          n: plan.n,
          cols: found?.cols,
          foundBy: found?.worker,
          run: name,
          parts: plan.size,
          resumed,
          jobs: this.ranges.length,
          replicas,
          attached: !created,
          seconds: (performance.now() - began) / 1000,
          workers: new Set(starts.map((line) => line.split("\t")[1])).size,
          refused: [...this.refused.values()],
        };
      }
      await until(links.waiter.blpop(runKeys(name).wake, pollMs / 1000));
      if (Date.now() - lastCheck > 3000) {
        lastCheck = Date.now();
        if (!(await until(acceptsWrites(redis)))) throw redisFull(display, name);
        if (!(await until(redis.exists(runKeys(name).meta)))) {
          // Gone (a Redis restarted without its data): described again with its nonce.
          say(`run ${name} is gone from the server; enqueuing it again`);
          await until(ensureRun(redis, this.key, plan, batch, replicas));
          await until(redis.hsetnx(runKeys(name).meta, "board", JSON.stringify(plan.board)));
        }
        await until(retryFailed(links.queue, name));
        const counts = await until(
          links.queue.getJobCounts("wait", "active", "delayed", "prioritized"),
        );
        // The queue is shared: with other runs' jobs in it, look every 30 s all the same.
        if (Object.values(counts).every((c) => c === 0) || Date.now() - lastFull > 30000) {
          lastFull = Date.now();
          await until(this.enqueue(states, replicas));
        }
      }
      states = await until(this.judge(replicas, say));
    }
  }

  /** Parts settled "no". */
  private settled(states: Map<number, PartState>, replicas: number): number {
    let done = 0;
    for (const s of states.values()) if (this.isNo(s, replicas)) done++;
    return done;
  }

  private isNo(s: PartState, replicas: number): boolean {
    if (s.yes) return false;
    return s.recountNo || s.noes.filter((w) => !this.liars.has(w)).length >= replicas;
  }

  /**
   * Reads and checks every vote: a "yes" is believed once its board checks; a vote that does not
   * check is refused and named, and its part decided here.
   */
  private async judge(
    replicas: number,
    say: (message: string, code?: ErrorCode) => void,
  ): Promise<Map<number, PartState>> {
    const { plan, key } = this;
    const votes = await readVotes(this.links.redis, key.run);
    const states = new Map<number, PartState>();
    const toDecide: number[] = [];
    for (let id = 0; id < plan.size; id++) {
      const s: PartState = { noes: [], recountNo: false };
      states.set(id, s);
      for (const line of voteLines(votes[id])) {
        const c = checkRecord(key, plan.version, id, line);
        if (!c.ok) {
          // A forged record counts for nothing; said once.
          if (!this.forged.has(id)) {
            this.forged.add(id);
            say(
              `run ${key.run}: a record of part ${id} ${c.reason}; it is not counted`,
              "run-unsettled",
            );
          }
          continue;
        }
        const { worker, solver, count, fixed180, fixed90 } = c.record;
        const refuse = (reason: string) => {
          if (!this.refused.has(`${id} ${worker}`)) {
            this.refused.set(`${id} ${worker}`, { id, worker, reason });
            say(
              `run ${key.run}: refused the vote of ${worker} on part ${id}: ${reason}`,
              "votes-overruled",
            );
          }
          this.liars.add(worker);
        };
        if (fixed180 !== 0 || fixed90 !== 0 || count > 1) {
          refuse(`its answer ${count} ${fixed180} ${fixed90} is no part's (1 or 0)`);
        } else if (count === 0) {
          if (c.recount) s.recountNo = true;
          else s.noes.push(worker);
        } else {
          const yes = checkYes(plan, solver);
          if ("cols" in yes) s.yes ??= { cols: yes.cols, worker };
          else {
            refuse(yes.refused);
            toDecide.push(id);
          }
        }
      }
      if (s.yes) {
        for (const w of s.noes) {
          if (!this.refused.has(`${id} ${w}`)) {
            this.refused.set(`${id} ${w}`, {
              id,
              worker: w,
              reason: `it said "no" on a part with a completion (found by ${s.yes.worker})`,
            });
            say(
              `run ${key.run}: ${w} said "no" on part ${id}, which has a completion (found by ${s.yes.worker})`,
              "votes-overruled",
            );
          }
          this.liars.add(w);
        }
      }
    }
    const open = toDecide.filter((id) => !this.decided.has(id) && !states.get(id)?.yes);
    if (open.length > 0) {
      await this.decideHere(open);
      return this.judge(replicas, say);
    }
    return states;
  }

  /** Decides parts here (a refused vote's), storing each answer as the operator's record. */
  private async decideHere(ids: readonly number[]): Promise<void> {
    const { plan, key } = this;
    for (const id of ids) {
      this.decided.add(id);
      const cols = await decidePartHere(plan, id);
      // The operator's record: a "no", or a "yes" with the completion found here (the answer).
      if (cols) {
        const { place } = partOf(plan, cols);
        const record = makeRecount(key, plan.version, id, yesSolver(place), {
          count: 1,
          fixed180: 0,
          fixed90: 0,
        });
        await storeVotes(this.links.redis, key.run, [[id, record]]);
      } else {
        const record = makeRecount(key, plan.version, id, `recount/${plan.cpuSolver}`, {
          count: 0,
          fixed180: 0,
          fixed90: 0,
        });
        await storeVotes(this.links.redis, key.run, [[id, record]]);
      }
    }
  }

  /** Enqueues the jobs whose parts still miss "no" votes (a job already queued is a no-op). */
  private async enqueue(states: Map<number, PartState>, replicas: number): Promise<void> {
    const { plan, key } = this;
    const name = key.run;
    const entries = [];
    for (const [from, to] of this.ranges) {
      let most = 0;
      for (let id = from; id < to; id++) {
        const s = states.get(id);
        if (!s || this.isNo(s, replicas)) continue;
        most = Math.max(most, replicas - s.noes.filter((w) => !this.liars.has(w)).length);
      }
      for (let replica = replicas - most + 1; replica <= replicas; replica++) {
        entries.push({
          name,
          data: { ...jobData(key, plan, from, to, replica, replicas), board: plan.board },
          opts: { ...JOB_OPTIONS, jobId: jobId(name, from, to, replica) },
        });
      }
    }
    for (let i = 0; i < entries.length; i += 1000) {
      await this.links.queue.addBulk(entries.slice(i, i + 1000));
    }
  }
}
