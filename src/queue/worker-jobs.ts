/**
 * A queue worker's jobs (worker.ts opens the worker and hands each job here): checks each one (its
 * run, its tag where the worker holds the secret, its split and range), hands back what this
 * worker must not solve, solves the rest on the worker's threads or GPU and stores the votes,
 * tagged with this worker's record key for the run (secret.ts).
 *
 * A worker that holds only its worker key cannot check the coordinator's tags on jobs and run
 * descriptions, nor the other workers' records (all need the secret): it checks that a job agrees
 * with the run's description (n, split, quorum), and solves every sub-problem of the job that it
 * has not voted on itself. Its records are checked where the secret is (the coordinator, `runs`).
 */
import { DelayedError, type Job, UnrecoverableError, type Worker } from "bullmq";
import type { Redis } from "ioredis";
import { SPLIT_VERSION, type SubResult } from "../engine/index.js";
import { completionSplitFor, isCompletionSplit, isCompletionVersion } from "./completion-split.js";
import type { GpuSolver } from "./gpu-solver.js";
import { SolverPool } from "./pool.js";
import { makeRecord } from "./record.js";
import { type RunSplit, splitFor } from "./run-split.js";
import { type RunKey, recordKey, runKey, type Tagger } from "./secret.js";
import {
  type JobData,
  jobChecks,
  metaChecks,
  noteStart,
  readJobView,
  storeVotes,
} from "./store.js";
import type { QueueUrl } from "./url.js";
import { notVotedOn, stillToSolve } from "./verdict.js";
import { solveParts } from "./worker-complete.js";
import type { WorkerEvent, WorkerSummary } from "./worker-events.js";

/** Names the GPU solver in verification records. */
const GPU_SOLVER = `gpu/${SPLIT_VERSION}`;

/**
 * What a worker stores for each result: normally one vote, the result under its own name. For the
 * tests' worker program only (src/dev/queue-worker.ts), never public: a faulty or lying worker
 * changes the result, a dishonest one writes votes under other names (`as`), with its own key.
 */
export type Tamper = (
  id: number,
  r: SubResult,
) => readonly { readonly as?: string; readonly result: SubResult; readonly solver?: string }[];

/** A worker's checked options, its backend and its connection, as `openWorker` made them. */
export interface Opened {
  readonly address: QueueUrl;
  /** The operator's secret, when the worker was started with it (it can check every tag then). */
  readonly secret: string | undefined;
  /** This worker's key: given, or derived from the secret for its name. */
  readonly workerKey: string;
  readonly name: string;
  readonly threads: number;
  readonly gpu: GpuSolver | undefined;
  /** The backend for the `ready` event. */
  readonly backendName: string;
  readonly lockMs: number;
  readonly emit: (event: WorkerEvent) => void;
  readonly redis: Redis;
  /** `down` while the connection is lost (openRedis reports it once; BullMQ's errors are not). */
  readonly link: { down: boolean };
}

/** Checks job data from the queue (it may come from another version of this program). */
function readJobData(data: unknown): JobData {
  const d = data as Partial<JobData> | null;
  if (
    !d ||
    typeof d.run !== "string" ||
    !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(d.run) ||
    typeof d.version !== "string" ||
    typeof d.mac !== "string" ||
    !Number.isInteger(d.n) ||
    !Number.isInteger(d.from) ||
    !Number.isInteger(d.to) ||
    !Number.isInteger(d.replica) ||
    !Number.isInteger(d.replicas)
  ) {
    throw new UnrecoverableError(
      `job data is not a tagged sub-problem range: ${JSON.stringify(data).slice(0, 200)}`,
    );
  }
  return d as JobData;
}

/**
 * A worker that hands a job back (it cannot solve it: it has voted on it already) puts it at the
 * back of the queue at once (through a delay of a few milliseconds: a delayed job comes back
 * behind the others), so that any worker can take it and this one takes the next job first.
 * After 3 hand-backs in a row (all that is left is what it cannot solve) it also stops taking
 * jobs for a while, 25 ms doubling up to 5 s, until it solves something again. So a job reaches
 * a worker that can solve it within a few looks, and one that no live worker can solve (a
 * quorum of 2 with one worker) costs a look every 5 s at most.
 */
const BACK_MS = 5;
const PAUSE_AFTER = 3;
const PAUSE_MS = 25;
const PAUSE_MAX_MS = 5000;

/** Nothing solved, nothing stored: a job dropped or refused. */
const NOTHING = { solved: 0, stored: 0, same: 0, disagreeing: 0 } as const;

/**
 * A worker's jobs: checks each one (its run, secret, tag, split and range), hands back what this
 * worker must not solve, solves the rest and stores the votes; and adds up what it did.
 */
export class JobHandler {
  readonly summary: WorkerSummary = { jobs: 0, solved: 0, disagreeing: 0 };
  /** The CPU threads: all the work without a GPU; with one, join jobs and n above its limit. */
  pool: SolverPool | undefined;
  /** The BullMQ worker that calls `handle` (paused after hand-backs); set once it is made. */
  worker: Worker<JobData> | undefined;
  /** Set by close: a pause after hand-backs is no longer undone. */
  closingNow = false;
  private readonly opened: Opened;
  private readonly tamper: Tamper | undefined;
  private readonly keys = new Map<string, RunKey>();
  private readonly own = new Map<string, Tagger>();
  // Ranges (`run from-to`) this process is solving now, with the replica of each, so that it
  // never takes two replicas of one range at once (it holds several jobs at a time).
  private readonly inFlight = new Map<string, number>();
  private readonly told = new Set<string>();
  // Hand-backs in a row, for the pause after the next one; and the pause's timer.
  private handBacks = 0;
  private pausedUntil = 0;

  constructor(opened: Opened, tamper: Tamper | undefined) {
    this.opened = opened;
    this.tamper = tamper;
    if (!opened.gpu) this.cpu();
  }

  private cpu(): SolverPool {
    this.pool ??= new SolverPool(this.opened.threads);
    return this.pool;
  }

  /** The run's key, when this worker holds the secret. */
  private keyOf(run: string): RunKey | undefined {
    const { secret } = this.opened;
    if (secret === undefined) return undefined;
    let key = this.keys.get(run);
    if (!key) {
      key = runKey(secret, run);
      if (this.keys.size > 1000) this.keys.clear();
      this.keys.set(run, key);
    }
    return key;
  }

  /**
   * This worker's record key for the run with the nonce its description holds (its votes are
   * tagged with it; a nonce changed by hand makes them useless, never counted elsewhere).
   */
  private ownKey(run: string, nonce: string): Tagger {
    let key = this.own.get(`${run} ${nonce}`);
    if (!key) {
      key = recordKey(this.opened.workerKey, run, nonce);
      if (this.own.size > 1000) this.own.clear();
      this.own.set(`${run} ${nonce}`, key);
    }
    return key;
  }

  private tellOnce(what: string, event: WorkerEvent): void {
    if (this.told.has(what)) return;
    if (this.told.size > 10000) this.told.clear();
    this.told.add(what);
    this.opened.emit(event);
  }

  private async handBack(job: Job<JobData>, token: string | undefined): Promise<never> {
    await job.moveToDelayed(Date.now() + BACK_MS, token);
    this.handBacks++;
    const ms = Math.min(PAUSE_MAX_MS, PAUSE_MS * 2 ** (this.handBacks - PAUSE_AFTER));
    const worker = this.worker;
    if (
      worker &&
      this.handBacks >= PAUSE_AFTER &&
      !this.closingNow &&
      Date.now() >= this.pausedUntil
    ) {
      this.pausedUntil = Date.now() + ms;
      void worker.pause(true).then(() => {
        setTimeout(() => {
          if (!this.closingNow) void worker.resume();
        }, ms).unref();
      });
    }
    throw new DelayedError();
  }

  /** Takes one job: checks it, then solves what it still needs from this worker. */
  async handle(job: Job<JobData>, token?: string): Promise<JobOutcome> {
    const { emit, redis } = this.opened;
    const d = readJobData(job.data);
    const jobId = job.id ?? "?";
    const described = this.keyOf(d.run);
    // The split of the method the job's version names (checked against it below); a completion
    // run's jobs carry its board, split again here (completion-split.ts).
    const plan = isCompletionVersion(d.version)
      ? completionSplitFor((job.data as { board?: unknown }).board, d.version)
      : splitFor(d.n, d.version);
    const count = plan?.size ?? 0;
    const inRange = d.from >= 0 && d.to <= count && d.from < d.to;
    const ids = inRange ? Array.from({ length: d.to - d.from }, (_, i) => d.from + i) : [];
    const view = await readJobView(redis, d.run, ids);
    if (view === undefined) {
      // The run was forgotten (`runs --forget`): nothing to store it in, nobody to add it up.
      emit({ type: "dropped", jobId, run: d.run });
      return { ...NOTHING };
    }
    if (described && (!view.meta || !metaChecks(described, view.meta))) {
      // Not this worker's secret (or a description changed by hand): leave it to the others.
      this.tellOnce(`secret ${d.run}`, {
        type: "deferred",
        jobId,
        run: d.run,
        reason: `run ${d.run} was not created with this worker's secret (its description fails its MAC); its jobs are left for other workers`,
      });
      return this.handBack(job, token);
    }
    const key = described && view.meta ? described.withNonce(view.meta.nonce) : undefined;
    const refusal = key
      ? jobChecks(key, d)
        ? undefined
        : "its data fails its MAC: not made by the run's coordinator (forged?); dropped unsolved"
      : view.meta?.n !== d.n || view.meta.version !== d.version || view.meta.replicas !== d.replicas
        ? "its n, split or quorum is not the run's description's: not made by the run's coordinator (forged?); dropped unsolved"
        : undefined;
    if (refusal !== undefined || !view.meta) {
      emit({
        type: "refused",
        jobId,
        run: d.run,
        reason: refusal ?? "its run's description is damaged; dropped unsolved",
      });
      return { ...NOTHING };
    }
    if (plan?.version !== d.version) {
      // Not this worker's to solve: fail it (it is retried, perhaps by an up-to-date worker).
      throw new Error(
        plan
          ? `run ${d.run} uses split ${d.version}, this worker's split of n=${d.n} is ${plan.version}`
          : `run ${d.run} uses split ${d.version}, which this worker does not know for n=${d.n}`,
      );
    }
    if (!inRange) {
      throw new UnrecoverableError(`ids ${d.from}..${d.to - 1} are outside the split of ${d.n}`);
    }
    const range = `${d.run} ${d.from}-${d.to}`;
    const holding = this.inFlight.get(range);
    if (holding !== undefined && holding !== d.replica) {
      this.tellOnce(`busy ${jobId}`, {
        type: "deferred",
        jobId,
        run: d.run,
        reason:
          "this worker is solving another replica of the same sub-problems; left for another worker",
      });
      return this.handBack(job, token);
    }
    this.inFlight.set(range, d.replica);
    try {
      const own = this.ownKey(d.run, view.meta.nonce);
      return await this.solveJob(job, d, plan, { key, own }, view.votes, token);
    } finally {
      this.inFlight.delete(range);
    }
  }

  /** Solves what job `d` still needs from this worker, given its sub-problems' stored records. */
  private async solveJob(
    job: Job<JobData>,
    d: JobData,
    plan: RunSplit,
    keys: { key: RunKey | undefined; own: Tagger },
    stored: readonly string[],
    token: string | undefined,
  ): Promise<JobOutcome> {
    const { name, emit, redis, gpu } = this.opened;
    const jobId = job.id ?? "?";
    const version = d.version;
    const { key, own } = keys;
    const { todo, mine } = key
      ? stillToSolve(d, plan, key, stored, name)
      : notVotedOn(d, own, stored, name);
    if (todo.length === 0 && mine > 0) {
      this.tellOnce(`mine ${jobId}`, {
        type: "deferred",
        jobId,
        run: d.run,
        reason: `this worker has voted on ${mine === 1 ? "its sub-problem" : `its ${mine} open sub-problems`} already; left for another worker (a quorum of ${d.replicas} needs ${d.replicas} workers, and a dispute one more)`,
      });
      return this.handBack(job, token);
    }
    if (todo.length > 0) this.handBacks = 0;
    const started = performance.now();
    const attempt = job.attemptsMade + job.stalledCounter + 1;
    if (todo.length > 0) await noteStart(redis, d.run, { jobId, worker: name, attempt });
    emit({
      type: "start",
      jobId,
      run: d.run,
      n: d.n,
      from: d.from,
      to: d.to,
      todo: todo.length,
      attempt,
    });
    const store = batchedStore(redis, d.run);
    const onGpu = gpu !== undefined && plan.method === "constellations" && d.n <= gpu.maxN;
    const solver = onGpu ? GPU_SOLVER : plan.cpuSolver;
    const tamper = this.tamper;
    const onResult = (id: number, r: SubResult, how = solver) => {
      for (const v of tamper ? tamper(id, r) : [{ result: r }]) {
        const by = v.solver ?? how;
        store.add(id, makeRecord(own, version, id, by, v.as ?? name, v.result));
      }
    };
    if (todo.length > 0) {
      if (isCompletionSplit(plan)) {
        await solveParts(redis, d.run, plan, todo, this.opened.threads, onResult);
      } else if (onGpu) await gpu?.solve(d.n, todo, onResult);
      else await this.cpu().solve(plan, todo, onResult);
    }
    await store.flush();
    const { outcome } = store;
    this.summary.jobs++;
    this.summary.solved += todo.length;
    this.summary.disagreeing += outcome.disagreeing;
    emit({
      type: "done",
      jobId,
      run: d.run,
      solved: todo.length,
      ...outcome,
      seconds: (performance.now() - started) / 1000,
    });
    return { solved: todo.length, ...outcome };
  }
}

/** What a job did: sub-problems solved, and its votes stored, already there, disagreeing. */
interface JobOutcome {
  solved: number;
  stored: number;
  same: number;
  disagreeing: number;
}

/**
 * Stores a job's votes in run `run`. Results come in batches (a message from a thread, a GPU
 * checkpoint record): each batch is stored in one call, once the whole batch is in. A failed
 * store fails the job at the end (`flush`).
 */
function batchedStore(redis: Redis, run: string) {
  const outcome = { stored: 0, same: 0, disagreeing: 0 };
  let pending: [number, string][] = [];
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => {
    const entries = pending;
    pending = [];
    flushing = flushing.then(async () => {
      const r = await storeVotes(redis, run, entries);
      outcome.stored += r.stored;
      outcome.same += r.same;
      outcome.disagreeing += r.disagreeing;
    });
    return flushing;
  };
  const add = (id: number, record: string) => {
    pending.push([id, record]);
    if (pending.length === 1) queueMicrotask(() => void flush().catch(() => {}));
  };
  return { outcome, add, flush };
}
