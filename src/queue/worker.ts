/**
 * The queue worker: takes jobs (ranges of sub-problem ids) from the BullMQ queue, solves them
 * with the engine's kernel on worker threads, and stores each result with its verification
 * record as soon as its batch arrives from the thread (about every half second), so a worker
 * that dies loses at most the sub-problems in progress.
 *
 * A worker that dies (crash, SIGKILL, machine gone) stops renewing its job's lock; after
 * `lockSeconds` another worker's stalled-job check moves the job back to the queue and it is
 * taken again, skipping the sub-problems whose results are already stored.
 */
import { hostname } from "node:os";
import { type Job, UnrecoverableError, Worker } from "bullmq";
import { SPLIT_VERSION, type SubResult, split, splitVersion } from "../engine/split.js";
import { NQueensError } from "../errors.js";
import { closeRedis, openRedis } from "./connection.js";
import type { GpuSolver } from "./gpu-solver.js";
import { SolverPool } from "./pool.js";
import { makeRecord } from "./record.js";
import { type JobData, PREFIX, QUEUE_NAME, startJob, storeResults } from "./run.js";
import { parseQueueUrl, type QueueUrl } from "./url.js";

/** Which solver a worker uses. `auto` picks the GPU when one is available. */
export type Backend = "cpu" | "gpu" | "auto";

/** Names the CPU solver in verification records. */
export const CPU_SOLVER = `cpu/${SPLIT_VERSION}`;
/** Names the GPU solver in verification records. */
export const GPU_SOLVER = `gpu/${SPLIT_VERSION}`;

/** Options for {@link startWorker}. */
export interface QueueWorkerOptions {
  /**
   * CPU solver threads; the worker holds one job more than that, ready for the first thread
   * that is free (a GPU takes one job at a time). @default 1
   */
  threads?: number;
  /**
   * `gpu`: count on the first WebGPU adapter (any, even a software one), or refuse to start
   * without one; `auto`: a hardware GPU when there is one, else the CPU. Jobs for an n above
   * the GPU kernel's limit are counted on the CPU. @default "cpu"
   */
  backend?: Backend;
  /** Name recorded with each job start and conflict. @default "HOST:PID" */
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
      conflicting: number;
      /** Since the job was taken, including any wait for a free thread. */
      seconds: number;
    }
  | { type: "failed"; jobId: string; message: string }
  /** A job of a run that is no longer on the server: completed without work. */
  | { type: "dropped"; jobId: string; run: string }
  | { type: "wait"; message: string };

/** What a worker did, when it is closed. */
export interface WorkerSummary {
  jobs: number;
  solved: number;
  conflicting: number;
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
    typeof d.version !== "string" ||
    !Number.isInteger(d.n) ||
    !Number.isInteger(d.from) ||
    !Number.isInteger(d.to)
  ) {
    throw new UnrecoverableError(`job data is not a sub-problem range: ${JSON.stringify(data)}`);
  }
  return d as JobData;
}

/**
 * Connects to the queue at `url` and starts taking jobs.
 * @throws NQueensError for a bad address, an unreachable server, or a backend that is missing
 * @example const w = await startWorker("redis://10.0.0.5:6379", { threads: 4 }); ... await w.close();
 */
export async function startWorker(
  url: string | QueueUrl,
  options: QueueWorkerOptions = {},
): Promise<QueueWorker> {
  const address = typeof url === "string" ? parseQueueUrl(url) : url;
  const threads = options.threads ?? 1;
  if (!Number.isInteger(threads) || threads < 1 || threads > 1024) {
    throw new NQueensError(`--workers must be a whole number from 1 to 1024: got ${threads}`);
  }
  const backend = options.backend ?? "cpu";
  let gpu: GpuSolver | undefined;
  let backendName = "cpu";
  if (backend === "gpu" || backend === "auto") {
    try {
      gpu = await (await import("./gpu-solver.js")).openGpuSolver();
    } catch (e) {
      const why = e instanceof Error ? e.message.split("\n")[0] : String(e);
      if (backend === "gpu") throw new NQueensError(`--backend gpu: ${why}`);
      backendName = `cpu (no GPU: ${why})`;
    }
    if (gpu && backend === "auto" && gpu.software) {
      backendName = `cpu (the only GPU adapter, ${gpu.name}, runs on the CPU)`;
      gpu.close();
      gpu = undefined;
    }
    if (gpu) backendName = `gpu (${gpu.name})`;
  }
  const lockMs = Math.round((options.lockSeconds ?? 30) * 1000);
  if (!(lockMs >= 500))
    throw new NQueensError(`lock time must be at least 0.5 s: got ${lockMs} ms`);
  const name = options.name ?? `${hostname()}:${process.pid}`;
  const emit = options.onEvent ?? (() => {});
  let connectionDown = false;
  const redis = await openRedis(address, {
    connectSeconds: options.connectSeconds,
    onWait: (message) => {
      connectionDown = message.startsWith("lost");
      emit({ type: "wait", message });
    },
  }).catch((e: unknown) => {
    gpu?.close();
    throw e;
  });
  let pool: SolverPool | undefined;
  // The CPU threads: all the work without a GPU; with one, only jobs for n above its limit.
  const cpu = () => {
    pool ??= new SolverPool(threads);
    return pool;
  };
  if (!gpu) cpu();
  const summary: WorkerSummary = { jobs: 0, solved: 0, conflicting: 0 };

  const handle = async (job: Job<JobData>) => {
    const d = readJobData(job.data);
    const version = splitVersion(d.n);
    if (version !== d.version) {
      // Not this worker's to solve: fail it (it is retried, perhaps by an up-to-date worker).
      throw new Error(
        `run ${d.run} uses split ${d.version}, this worker's split of n=${d.n} is ${version}`,
      );
    }
    const count = split(d.n).length;
    if (d.from < 0 || d.to > count || d.from >= d.to) {
      throw new UnrecoverableError(`ids ${d.from}..${d.to - 1} are outside the split of ${d.n}`);
    }
    const started = performance.now();
    const jobId = job.id ?? "?";
    const ids = Array.from({ length: d.to - d.from }, (_, i) => d.from + i);
    const attempt = job.attemptsStarted;
    const have = await startJob(redis, d.run, { jobId, worker: name, attempt }, ids);
    if (have === undefined) {
      // The run was forgotten (`runs --forget`): nothing to store it in, nobody to add it up.
      emit({ type: "dropped", jobId, run: d.run });
      return { solved: 0, stored: 0, same: 0, conflicting: 0 };
    }
    const todo = ids.filter((_, i) => have[i] === null);
    emit({
      type: "start",
      jobId,
      run: d.run,
      n: d.n,
      from: d.from,
      to: d.to,
      todo: todo.length,
      attempt: job.attemptsStarted,
    });
    const outcome = { stored: 0, same: 0, conflicting: 0 };
    let pending: [number, string][] = [];
    let flushing: Promise<void> = Promise.resolve();
    const flush = () => {
      const entries = pending;
      pending = [];
      flushing = flushing.then(async () => {
        const r = await storeResults(redis, d.run, name, entries);
        outcome.stored += r.stored;
        outcome.same += r.same;
        outcome.conflicting += r.conflicting;
      });
      return flushing;
    };
    const onGpu = gpu !== undefined && d.n <= gpu.maxN;
    const solver = onGpu ? GPU_SOLVER : CPU_SOLVER;
    // Results come in batches (a message from a thread, a GPU checkpoint record): each batch is
    // stored in one call, once the whole batch is in. A failed store fails the job at the end.
    const onResult = (id: number, r: SubResult) => {
      pending.push([id, makeRecord(version, id, solver, r)]);
      if (pending.length === 1) queueMicrotask(() => void flush().catch(() => {}));
    };
    if (onGpu) await gpu?.solve(d.n, todo, onResult);
    else await cpu().solve(d.n, todo, onResult);
    await flush();
    summary.jobs++;
    summary.solved += todo.length;
    summary.conflicting += outcome.conflicting;
    emit({
      type: "done",
      jobId,
      run: d.run,
      solved: todo.length,
      ...outcome,
      seconds: (performance.now() - started) / 1000,
    });
    return { solved: todo.length, ...outcome };
  };

  const worker = new Worker<JobData>(QUEUE_NAME, handle, {
    connection: redis,
    prefix: PREFIX,
    // One job more than threads: it waits in the pool, so a thread that finishes a job starts
    // the next at once instead of idling through the Redis round trips of taking one (about
    // 5 ms a job here, a few per cent of a run). The GPU solves one job at a time.
    concurrency: gpu ? 1 : threads + 1,
    lockDuration: lockMs,
    stalledInterval: Math.max(250, Math.round(lockMs / 2)),
    // A job whose worker died is put back this many times before it counts as failed (and the
    // coordinator puts failed jobs back too): dead workers must never lose work.
    maxStalledCount: 1000,
    name,
  });
  worker.on("error", (e: Error) => {
    if (!connectionDown) emit({ type: "failed", jobId: "-", message: e.message.split("\n")[0] });
  });
  worker.on("failed", (job, e) => {
    emit({ type: "failed", jobId: job?.id ?? "?", message: e.message.split("\n")[0] });
  });
  await worker.waitUntilReady();
  emit({
    type: "ready",
    name,
    url: address.display,
    threads: gpu ? 1 : threads,
    backend: backendName,
  });

  let closing: Promise<WorkerSummary> | undefined;
  return {
    name,
    close(force = false) {
      if (force) {
        closing = (async () => {
          await pool?.close();
          gpu?.close();
          await worker.close(true);
          await closeRedis(redis);
          return summary;
        })();
      }
      closing ??= (async () => {
        await worker.close();
        await pool?.close();
        gpu?.close();
        await closeRedis(redis);
        return summary;
      })();
      return closing;
    },
  };
}
