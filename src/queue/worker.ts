/**
 * The queue worker: takes jobs (ranges of sub-problem ids) from the BullMQ queue, checks that
 * the run's coordinator made them (their tag, under the run's key), solves the sub-problems that
 * still need this worker's vote with the engine's kernel on worker threads, and stores each
 * result as a tagged record (its vote) as soon as its batch arrives from the thread (about every
 * half second), so a worker that dies loses at most the sub-problems in progress.
 *
 * A worker that dies (crash, SIGKILL, machine gone) stops renewing its job's lock; after
 * `lockSeconds` another worker's stalled-job check moves the job back to the queue and it is
 * taken again, skipping the sub-problems that are settled. A job whose sub-problems this worker
 * has already voted on (another replica of the same range) is handed back for another worker,
 * so that the votes that settle a sub-problem come from distinct workers.
 *
 * Jobs of either counting method are solved (run-split.ts; the method is the one the job's tagged
 * split version names): constellation sub-problems with the engine's kernel, join tasks with one
 * `JoinSolver` per thread, kept between jobs of the same n (its quadrant tables take 60 MB per
 * thread at n = 20, 534 MB at n = 22). A GPU counts constellations only: join jobs go to the CPU
 * threads.
 */
import { hostname } from "node:os";
import { DelayedError, type Job, UnrecoverableError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { type BackendChoice, type GpuAccess, pickBackend } from "../backends.js";
import { SPLIT_VERSION, type SubResult } from "../engine/index.js";
import { NQueensError } from "../errors.js";
import { MAX_GPU_N } from "../limits.js";
import { closeRedis, openRedis } from "./connection.js";
import type { GpuSolver } from "./gpu-solver.js";
import { SolverPool } from "./pool.js";
import { checkWorkerName, makeRecord } from "./record.js";
import { type RunSplit, splitFor } from "./run-split.js";
import { checkSecret, type RunKey, runKey } from "./secret.js";
import {
  type JobData,
  jobChecks,
  metaChecks,
  noteStart,
  PREFIX,
  QUEUE_NAME,
  readJobView,
  storeVotes,
} from "./store.js";
import { parseQueueUrl, type QueueUrl } from "./url.js";
import { stillToSolve } from "./verdict.js";

/** Which solver a worker uses. `auto` picks the GPU when one is available. */
export type Backend = BackendChoice;

/** The GPU a worker opens (any adapter: `pickBackend` refuses a software one for `auto`). */
async function workerGpu(): Promise<GpuAccess<GpuSolver>> {
  const [{ openGpuSolver }, { GPU_AUTO_MIN_N }] = await Promise.all([
    import("./gpu-solver.js"),
    import("../gpu/index.js"),
  ]);
  return { open: openGpuSolver, autoFromN: GPU_AUTO_MIN_N, maxN: MAX_GPU_N };
}

/** Names the GPU solver in verification records. */
const GPU_SOLVER = `gpu/${SPLIT_VERSION}`;

/** Options for {@link startWorker}. */
export interface QueueWorkerOptions {
  /**
   * The secret of the runs this worker solves for (the coordinator's, at least 16 characters):
   * it checks the jobs' tags and tags this worker's records. Never sent to Redis.
   */
  secret: string;
  /**
   * CPU solver threads; the worker holds one job more than that, ready for the first thread
   * that is free (a GPU takes one job at a time). @default 1
   */
  threads?: number;
  /**
   * `gpu`: count on the first WebGPU adapter (any, even a software one), or refuse to start
   * without one; `auto`: a hardware GPU when there is one, else the CPU. Jobs for an n above
   * the GPU kernel's limit, and every join job, are counted on the CPU. @default "cpu"
   */
  backend?: Backend;
  /**
   * Name recorded in each of this worker's records and job starts: 1 to 64 characters, no
   * spaces or control characters. Votes count as distinct when their names differ.
   * @default "HOST:PID"
   */
  name?: string;
  /**
   * How long a job's lock lasts without renewal: a dead worker's job is retried after about
   * 1.5 times this. Renewed at half of it while the worker lives. @default 30
   */
  lockSeconds?: number;
  /** Give up on the first connection after this long. @default 3 */
  connectSeconds?: number;
  /** What the worker is doing, for a log. */
  onEvent?: (event: WorkerEvent) => void;
}

/**
 * Changes each result before it is tagged and stored, to play a faulty or lying worker (one that
 * holds the secret): for the tests' worker program only (src/dev/queue-worker.ts), never public.
 */
type Tamper = (id: number, r: SubResult) => SubResult;

/** What a worker reports. */
export type WorkerEvent =
  | {
      type: "ready";
      name: string;
      url: string;
      /** Solver threads (1 on a GPU). */
      threads: number;
      /** `cpu`, or `gpu (ADAPTER)`, and for `auto` without a GPU why not. */
      backend: string;
    }
  | {
      type: "start";
      jobId: string;
      run: string;
      n: number;
      from: number;
      to: number;
      /** Sub-problems still without a result (the others were stored by an earlier attempt). */
      todo: number;
      /** 1 the first time this job is started, 2 on its first retry, ... */
      attempt: number;
    }
  | {
      type: "done";
      jobId: string;
      run: string;
      solved: number;
      stored: number;
      same: number;
      /** This worker's votes that disagree with another stored vote (the run asks one more worker). */
      disagreeing: number;
      /** Since the job was taken, including any wait for a free thread. */
      seconds: number;
    }
  | { type: "failed"; jobId: string; message: string }
  /** A job of a run that is no longer on the server: completed without work. */
  | { type: "dropped"; jobId: string; run: string }
  /**
   * A job handed back for another worker (told once per job): this worker has voted on its
   * sub-problems already, or the run is not under this worker's secret.
   */
  | { type: "deferred"; jobId: string; run: string; reason: string }
  /** A job whose tag does not check out (not made by the run's coordinator): dropped unsolved. */
  | { type: "refused"; jobId: string; run: string; reason: string }
  | { type: "wait"; message: string };

/** What a worker did, when it is closed. */
export interface WorkerSummary {
  jobs: number;
  solved: number;
  disagreeing: number;
}

/** A running worker. */
export interface QueueWorker {
  readonly name: string;
  /**
   * Stops taking jobs. Without `force`, waits for the jobs in progress to finish; with it, stops
   * the solver threads at once (those jobs fail now and are retried, here or elsewhere).
   */
  close(force?: boolean): Promise<WorkerSummary>;
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

/**
 * Connects to the queue at `url` and starts taking jobs.
 * @throws NQueensError for a bad address or bad options, an unreachable server; GpuUnavailable
 *   (an NQueensError) for `backend: "gpu"` without a GPU
 * @example const w = await startWorker("redis://10.0.0.5:6379", { threads: 4 }); ... await w.close();
 */
export function startWorker(
  url: string | QueueUrl,
  options: QueueWorkerOptions,
): Promise<QueueWorker> {
  return startWorkerWith(url, options, undefined);
}

/** {@link startWorker} with results changed by `tamper` (a lying worker, for the tests). */
export async function startWorkerWith(
  url: string | QueueUrl,
  options: QueueWorkerOptions,
  tamper: Tamper | undefined,
): Promise<QueueWorker> {
  const opened = await openWorker(url, options);
  const { name, gpu, threads, lockMs, emit } = opened;
  const jobs = new JobHandler(opened, tamper);
  const worker = new Worker<JobData>(QUEUE_NAME, (job, token) => jobs.handle(job, token), {
    connection: opened.redis,
    prefix: PREFIX,
    // One job more than threads: it waits in the pool, so a thread that finishes a job starts
    // the next at once instead of idling through the Redis round trips of taking one (measured:
    // README, "What the queue costs"). The GPU solves one job at a time.
    concurrency: gpu ? 1 : threads + 1,
    lockDuration: lockMs,
    stalledInterval: Math.max(250, Math.round(lockMs / 2)),
    // A job whose worker died is put back this many times before it counts as failed (and the
    // coordinator puts failed jobs back too): dead workers must never lose work.
    maxStalledCount: 1000,
    name,
  });
  jobs.worker = worker;
  worker.on("error", (e: Error) => {
    if (!opened.link.down) emit({ type: "failed", jobId: "-", message: e.message.split("\n")[0] });
  });
  worker.on("failed", (job, e) => {
    emit({ type: "failed", jobId: job?.id ?? "?", message: e.message.split("\n")[0] });
  });
  await worker.waitUntilReady();
  emit({
    type: "ready",
    name,
    url: opened.address.display,
    threads: gpu ? 1 : threads,
    backend: opened.backendName,
  });

  let closing: Promise<WorkerSummary> | undefined;
  return {
    name,
    close(force = false) {
      jobs.closingNow = true;
      if (force) closing = closeWorker(opened, jobs, worker, true);
      closing ??= closeWorker(opened, jobs, worker, false);
      return closing;
    },
  };
}

/** A worker's checked options, its backend and its connection, as `openWorker` made them. */
interface Opened {
  readonly address: QueueUrl;
  readonly secret: string;
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

/** Checks the options, picks the backend (opening the GPU) and connects. */
async function openWorker(url: string | QueueUrl, options: QueueWorkerOptions): Promise<Opened> {
  const address = typeof url === "string" ? parseQueueUrl(url) : url;
  if (typeof options.secret !== "string") {
    throw new NQueensError("a queue worker needs the run's secret (the secret option)");
  }
  const secret = checkSecret(options.secret, "the secret");
  const name = checkWorkerName(options.name ?? `${hostname()}:${process.pid}`);
  const threads = options.threads ?? 1;
  if (!Number.isInteger(threads) || threads < 1 || threads > 1024) {
    throw new NQueensError(`threads must be a whole number from 1 to 1024: got ${threads}`);
  }
  // A worker takes jobs of every n: the backend is decided once, without one.
  const picked = await pickBackend({ backend: options.backend ?? "cpu" }, workerGpu);
  const gpu = picked.backend === "gpu" ? picked.gpu : undefined;
  const backendName = gpu
    ? `gpu (${gpu.name})`
    : picked.backend === "cpu" && picked.why
      ? `cpu (${picked.why})`
      : "cpu";
  const lockMs = Math.round((options.lockSeconds ?? 30) * 1000);
  if (!(lockMs >= 500))
    throw new NQueensError(`lock time must be at least 0.5 s: got ${lockMs} ms`);
  const emit = options.onEvent ?? (() => {});
  const link = { down: false };
  const redis = await openRedis(address, {
    connectSeconds: options.connectSeconds,
    onWait: (message) => {
      link.down = message.startsWith("lost");
      emit({ type: "wait", message });
    },
  }).catch((e: unknown) => {
    gpu?.close();
    throw e;
  });
  return { address, secret, name, threads, gpu, backendName, lockMs, emit, redis, link };
}

/**
 * Stops the worker. Without `force`, lets the jobs in progress finish first; with it, stops the
 * solvers at once (those jobs fail now and are retried, here or elsewhere).
 */
async function closeWorker(
  opened: Opened,
  jobs: JobHandler,
  worker: Worker<JobData>,
  force: boolean,
): Promise<WorkerSummary> {
  if (force) {
    await jobs.pool?.close();
    opened.gpu?.close();
    await worker.close(true);
  } else {
    await worker.close();
    await jobs.pool?.close();
    opened.gpu?.close();
  }
  await closeRedis(opened.redis);
  return jobs.summary;
}

/** Nothing solved, nothing stored: a job dropped or refused. */
const NOTHING = { solved: 0, stored: 0, same: 0, disagreeing: 0 } as const;

/**
 * A worker's jobs: checks each one (its run, secret, tag, split and range), hands back what this
 * worker must not solve, solves the rest and stores the votes; and adds up what it did.
 */
class JobHandler {
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

  private keyOf(run: string): RunKey {
    let key = this.keys.get(run);
    if (!key) {
      key = runKey(this.opened.secret, run);
      if (this.keys.size > 1000) this.keys.clear();
      this.keys.set(run, key);
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
    const key = this.keyOf(d.run);
    // The split of the method the job's version names (checked against it below).
    const plan = splitFor(d.n, d.version);
    const count = plan?.size ?? 0;
    const inRange = d.from >= 0 && d.to <= count && d.from < d.to;
    const ids = inRange ? Array.from({ length: d.to - d.from }, (_, i) => d.from + i) : [];
    const view = await readJobView(redis, d.run, ids);
    if (view === undefined) {
      // The run was forgotten (`runs --forget`): nothing to store it in, nobody to add it up.
      emit({ type: "dropped", jobId, run: d.run });
      return { ...NOTHING };
    }
    if (!view.meta || !metaChecks(key, view.meta)) {
      // Not this worker's secret (or a description changed by hand): leave it to the others.
      this.tellOnce(`secret ${d.run}`, {
        type: "deferred",
        jobId,
        run: d.run,
        reason: `run ${d.run} was not created with this worker's secret (its description fails its MAC); its jobs are left for other workers`,
      });
      return this.handBack(job, token);
    }
    if (!jobChecks(key, d)) {
      emit({
        type: "refused",
        jobId,
        run: d.run,
        reason:
          "its data fails its MAC: not made by the run's coordinator (forged?); dropped unsolved",
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
      return await this.solveJob(job, d, plan, key, view.votes, token);
    } finally {
      this.inFlight.delete(range);
    }
  }

  /** Solves what job `d` still needs from this worker, given its sub-problems' stored records. */
  private async solveJob(
    job: Job<JobData>,
    d: JobData,
    plan: RunSplit,
    key: RunKey,
    stored: readonly string[],
    token: string | undefined,
  ): Promise<JobOutcome> {
    const { name, emit, redis, gpu } = this.opened;
    const jobId = job.id ?? "?";
    const version = d.version;
    const { todo, mine } = stillToSolve(d, plan, key, stored, name);
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
    const onResult = (id: number, r: SubResult) => {
      const result = tamper ? tamper(id, r) : r;
      store.add(id, makeRecord(key, version, id, solver, name, result));
    };
    if (todo.length > 0) {
      if (onGpu) await gpu?.solve(d.n, todo, onResult);
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
