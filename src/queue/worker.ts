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
 * A worker votes with its worker key (secret.ts), given by the operator for its name, or with the
 * operator's secret (one machine, one operator), from which it derives its own name's key. Its
 * jobs are handled in worker-jobs.ts; what it reports is worker-events.ts.
 *
 * Jobs of either counting method are solved (run-split.ts; the method is the one the job's tagged
 * split version names): constellation sub-problems with the engine's kernel, join tasks with one
 * `JoinSolver` per thread, kept between jobs of the same n (its quadrant tables take 45 MB per
 * thread at n = 20, 401 MB at n = 22). A GPU counts constellations only: join jobs go to the CPU
 * threads.
 */
import { hostname } from "node:os";
import { Worker } from "bullmq";
import { type BackendChoice, type GpuAccess, pickBackend } from "../backend-choice.js";
import { NQueensError, shownValue } from "../errors.js";
import { GPU_AUTO_MIN_N, MAX_GPU_N } from "../limits.js";
import { checkOptions } from "../shapes.js";
import { closeRedis, openRedis } from "./connection.js";
import type { GpuSolver } from "./gpu-solver.js";
import { isRedisFull, untilWritable } from "./pressure.js";
import { checkSecret, checkWorkerKey, workerKey } from "./secret.js";
import { type JobData, PREFIX, QUEUE_NAME } from "./store.js";
import { parseQueueUrl, type QueueUrl } from "./url.js";
import type { WorkerEvent, WorkerSummary } from "./worker-events.js";
import { JobHandler, type Opened, type Tamper } from "./worker-jobs.js";
import { checkWorkerName } from "./worker-name.js";

/** Which solver a worker uses. `auto` picks the GPU when one is available. */
export type Backend = BackendChoice;

/** The GPU a worker opens (any adapter: `pickBackend` refuses a software one for `auto`). */
async function workerGpu(): Promise<GpuAccess<GpuSolver>> {
  const { openGpuSolver } = await import("./gpu-solver.js");
  return { open: openGpuSolver, autoFromN: GPU_AUTO_MIN_N, maxN: MAX_GPU_N };
}

/** Options for {@link startWorker}. */
export interface QueueWorkerOptions {
  /**
   * The operator's secret (the coordinator's, at least 16 characters), for a worker on the
   * operator's own machine: it checks the jobs' tags and every record, and derives this worker's
   * key for its name. Never sent to Redis. Give this or `workerKey`.
   */
  secret?: string;
  /**
   * This worker's key, as `workerKey(secret, name)` made it on the operator's machine (64 hex
   * digits): it tags this worker's records, which then check out only under `name`, the name it
   * was made for (required with it). Never sent to Redis. Give this or `secret`.
   */
  workerKey?: string;
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

/** A running worker. */
export interface QueueWorker {
  readonly name: string;
  /**
   * Stops taking jobs. Without `force`, waits for the jobs in progress to finish; with it, stops
   * the solver threads at once (those jobs fail now and are retried, here or elsewhere).
   * @param force - stop the jobs in progress now instead of waiting for them
   * @returns what it did: the jobs it finished, the sub-problems it solved, and its votes that
   *   disagreed with one stored before
   */
  close(force?: boolean): Promise<WorkerSummary>;
}

/**
 * Connects to the queue at `url` and starts taking jobs.
 * @param url - the queue's Redis address (text, or parsed by {@link parseQueueUrl})
 * @param options - the worker's key (or the secret) and name, its threads or backend, and its
 *   events (see {@link QueueWorkerOptions})
 * @returns the running worker; `close()` stops it
 * @throws NQueensError for a bad address or bad options, an unreachable server; GpuUnavailable
 *   (an NQueensError) for `backend: "gpu"` without a GPU
 * @example const w = await startWorker("redis://10.0.0.5:6379", { workerKey, name: "host-a", threads: 4 }); ... await w.close();
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
    // docs/queue.md, "What the queue costs"). The GPU solves one job at a time.
    concurrency: gpu ? 1 : threads + 1,
    lockDuration: lockMs,
    stalledInterval: Math.max(250, Math.round(lockMs / 2)),
    // A job whose worker died is put back this many times before it counts as failed (and the
    // coordinator puts failed jobs back too): dead workers must never lose work.
    maxStalledCount: 1000,
    name,
  });
  jobs.worker = worker;
  const full = waitWhileFull(opened, worker, () => jobs.closingNow);
  worker.on("error", (e: Error) => {
    if (isRedisFull(e)) full();
    else if (!opened.link.down && !AFTERMATH.test(e.message)) {
      emit({ type: "failed", jobId: "-", message: e.message.split("\n")[0] });
    }
  });
  worker.on("failed", (job, e) => {
    if (isRedisFull(e)) full();
    else if (!AFTERMATH.test(e.message)) {
      emit({ type: "failed", jobId: job?.id ?? "?", message: e.message.split("\n")[0] });
    }
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

/**
 * BullMQ's errors for a job whose lock or key vanished under the worker: after a cut (the lock
 * expired meanwhile), a Redis restarted without its data, a run forgotten. The job is retried
 * or no longer needed, and the coordinator enqueues what is missing: a line would say nothing a
 * person can act on, once per job and step ("Missing key for job ... moveToFinished").
 */
const AFTERMATH = /^(Missing (key|lock) for job|could not renew lock for job)/;

/**
 * What a worker does when Redis refuses a write for want of memory (pressure.ts): says so once,
 * stops taking jobs (BullMQ would otherwise retry at once, a line and a core's worth of retries
 * a second), tries one small write after a capped exponential backoff until one lands, says so,
 * and takes jobs again. A job that failed meanwhile is retried as any failed job is.
 */
function waitWhileFull(
  opened: Opened,
  worker: Worker<JobData>,
  closing: () => boolean,
): () => void {
  let waiting = false;
  const where = `Redis at ${opened.address.display}`;
  return () => {
    if (waiting || closing()) return;
    waiting = true;
    const message = `${where} is full (its used memory reached maxmemory): waiting until it accepts writes (raise its maxmemory or free keys)`;
    opened.emit({ type: "wait", message });
    void (async () => {
      await worker.pause(true);
      const back = await untilWritable(opened.redis, closing);
      waiting = false;
      if (!back) return;
      opened.emit({ type: "wait", message: `${where} accepts writes again` });
      worker.resume();
    })().catch(() => {
      waiting = false;
    });
  };
}

/** Checks the options, picks the backend (opening the GPU) and connects. */
async function openWorker(url: string | QueueUrl, options: QueueWorkerOptions): Promise<Opened> {
  const address = typeof url === "string" ? parseQueueUrl(url) : url;
  options = checkOptions(options, "startWorker");
  const { secret, key, name } = credentials(options);
  const threads = options.threads ?? 1;
  if (!Number.isInteger(threads) || threads < 1 || threads > 1024) {
    throw new NQueensError(
      `threads must be a whole number from 1 to 1024: got ${shownValue(threads)}`,
      "out-of-range",
      { option: "threads", value: threads, min: 1, max: 1024 },
    );
  }
  // A worker takes jobs of every n: the backend is decided once, without one.
  const picked = await pickBackend({ backend: options.backend ?? "cpu" }, workerGpu);
  const gpu = picked.backend === "gpu" ? picked.gpu : undefined;
  const backendName = gpu
    ? `gpu (${gpu.name})`
    : picked.backend === "cpu" && picked.why
      ? `cpu (${picked.why})`
      : "cpu";
  const lockSeconds: unknown = options.lockSeconds ?? 30;
  const lockMs = typeof lockSeconds === "number" ? Math.round(lockSeconds * 1000) : Number.NaN;
  if (!(lockMs >= 500))
    throw new NQueensError(
      `lockSeconds must be at least 0.5: got ${shownValue(lockSeconds)}`,
      "out-of-range",
      {
        option: "lockSeconds",
        value: typeof lockSeconds === "number" ? lockSeconds : shownValue(lockSeconds),
        min: 0.5,
      },
    );
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
  return {
    address,
    secret,
    workerKey: key,
    name,
    threads,
    gpu,
    backendName,
    lockMs,
    emit,
    redis,
    link,
  };
}

/**
 * The worker's name and what it votes with: its worker key (given, with its name), or the
 * operator's secret and the key it derives for the worker's name.
 */
function credentials(options: QueueWorkerOptions): {
  secret: string | undefined;
  key: string;
  name: string;
} {
  const given = [options.secret, options.workerKey].filter((x) => x !== undefined);
  if (given.length !== 1 || typeof given[0] !== "string") {
    throw given.length === 2
      ? new NQueensError(
          "secret and workerKey: give one (the worker key is enough)",
          "conflicting-options",
          { option: "secret", other: "workerKey" },
        )
      : new NQueensError(
          "a queue worker needs its worker key or the operator's secret (the workerKey or secret option)",
          "secret-missing",
          { option: "workerKey" },
        );
  }
  if (options.workerKey !== undefined) {
    const key = checkWorkerKey(options.workerKey, "workerKey");
    if (options.name === undefined) {
      throw new NQueensError(
        "workerKey is bound to a name: give the name option it was made for",
        "missing-option",
        { option: "name", other: "workerKey" },
      );
    }
    return { secret: undefined, key, name: checkWorkerName(options.name) };
  }
  const secret = checkSecret(options.secret as string, "the secret");
  const name = checkWorkerName(options.name ?? `${hostname()}:${process.pid}`);
  return { secret, key: workerKey(secret, name), name };
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
