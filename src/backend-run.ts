/**
 * Where a count runs: the CPU engine on this machine (`count`), its GPU (WebGPU through Dawn,
 * `countGpu`), or a Redis queue whose workers run on any machines (`runCoordinator`): a count on
 * the backend backend-choice.ts picks (`countOn`). Node only: the browser has its own GPU path.
 *
 * The GPU and queue modules, and the optional packages they need (webgpu; bullmq and ioredis),
 * are loaded only when used; a missing package is named with its install command, in one line.
 * Messages name this module's options, never a command's flags.
 */
import { type BackendChoice, type GpuAccess, pickBackend } from "./backend-choice.js";
import { type CountMethod, type CountResult, count, type Progress } from "./engine/light.js";
import { type ErrorCode, NQueensError } from "./errors.js";
import type { NodeGpu } from "./gpu/index.js";
import { GPU_AUTO_MIN_N, MAX_GPU_N } from "./limits.js";
import type { QueueNotes, QueueUrl } from "./queue/index.js";

/** The GPU a count on this machine opens: `requestNodeGpu`, quiet (it may only be probing). */
async function nodeGpu(): Promise<GpuAccess<NodeGpu>> {
  return {
    open: async () => (await import("./gpu/index.js")).requestNodeGpu({ quiet: true }),
    autoFromN: GPU_AUTO_MIN_N,
    maxN: MAX_GPU_N,
  };
}

/** Whether a package can be imported from here. */
function installed(name: string): boolean {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The queue module (BullMQ over Redis), whose packages are optional peers of nqueens.
 * @throws NQueensError naming the install command when bullmq or ioredis is missing
 */
export async function loadQueue(): Promise<typeof import("./queue/index.js")> {
  const absent = ["bullmq", "ioredis"].filter((name) => !installed(name));
  if (absent.length > 0) {
    throw new NQueensError(
      `counting over a queue needs the optional packages bullmq and ioredis: npm install ${absent.join(" ")}`,
      "missing-package",
      { packages: absent },
    );
  }
  return import("./queue/index.js");
}

/** Options of {@link countOn}. */
export interface CountOnOptions {
  /** Where to count without a queue (see {@link pickBackend}). @default "auto" */
  backend?: BackendChoice;
  /** The counting method, here or over the queue (see `pickMethod`). @default "auto" */
  method?: CountMethod;
  /** A Redis queue to count over, with `nqueens worker` processes on any machines. */
  queue?: string | QueueUrl;
  /**
   * The queue run's secret (required with `queue`), or the key of the checkpoint's records
   * (at least 16 characters; without it they carry a CRC only).
   */
  secret?: string;
  /** CPU threads (not with `queue`: the workers choose theirs). @default every core */
  workers?: number;
  /** A checkpoint file to resume from and record to (not with `queue`, which keeps its own). */
  checkpoint?: string;
  /** With `queue`: sub-problems per job of a new run. @default the coordinator's */
  batch?: number;
  /** With `queue`: count on a Redis that may evict keys (see `runCoordinator`). @default false */
  allowEviction?: boolean;
  /** With `queue`: distinct workers that must agree on each sub-problem of a new run. @default 1 */
  replicas?: number;
  onProgress?: (progress: Progress) => void;
  /**
   * One-line notices of a queue run (attached, waiting for Redis, disputes); `code` marks those
   * that ask a person to look at the run (`run-unsettled`, `votes-overruled`).
   */
  onMessage?: (message: string, code?: ErrorCode) => void;
  /** Stops the count (rejects with CountInterrupted); a queue run goes on in its workers. */
  signal?: AbortSignal;
}

/** The counts of {@link countOn}, and how the work was done. */
export interface CountOnResult {
  readonly total: bigint;
  readonly unique: bigint;
  readonly seconds: number;
  /** CPU threads, or the queue's workers (1 on a GPU). */
  readonly workers: number;
  readonly subProblems: number;
  /** Sub-problems done before this call (a checkpoint, or a queue run attached to). */
  readonly resumed: number;
  readonly backend: "cpu" | "gpu" | "queue";
  /** The method that counted (the cpu and queue backends). */
  readonly method?: CountResult["method"];
  /** The GPU adapter's name, or the queue run's name. */
  readonly where?: string;
  /** A queue run's notes as values: disputes, forged records, recounts, liars, overruled workers. */
  readonly notes?: QueueNotes;
}

/**
 * Checks which options of {@link countOn} go together: `batch` and `replicas` only with a
 * queue, `checkpoint` and `workers` only without one, and `secret` with a queue or a checkpoint
 * (only whether each is given: a caller may check this before it reads the values).
 * @throws NQueensError: `missing-option` (the option, the first of batch and replicas given,
 *   `other`: the one it needs) or
 *   `conflicting-options` (`option: "queue"`, `other`: the first of checkpoint and workers given)
 */
export function checkCountOptions(
  options: {
    readonly [option in
      | "queue"
      | "batch"
      | "replicas"
      | "checkpoint"
      | "workers"
      | "secret"]?: unknown;
  },
): void {
  const queue = options.queue !== undefined && options.queue !== "";
  if (!queue && (options.batch !== undefined || options.replicas !== undefined)) {
    throw new NQueensError(
      "batch and replicas are options of a queue run: add the queue option",
      "missing-option",
      { option: options.batch !== undefined ? "batch" : "replicas", other: "queue" },
    );
  }
  if (queue && (options.checkpoint !== undefined || options.workers !== undefined)) {
    throw new NQueensError(
      "a queue run keeps its results in Redis and its workers choose their threads: drop the checkpoint and workers options",
      "conflicting-options",
      { option: "queue", other: options.checkpoint !== undefined ? "checkpoint" : "workers" },
    );
  }
  if (!queue && options.checkpoint === undefined && options.secret !== undefined) {
    throw new NQueensError(
      "secret keys a queue run or a checkpoint: add the queue or the checkpoint option",
      "missing-option",
      { option: "secret", other: "checkpoint" },
    );
  }
}

/**
 * Counts the solutions of n on the backend {@link pickBackend} picks, a GPU and the queue loaded
 * only when used.
 * @throws NQueensError (rejects) for options that do not go together, and as `count`,
 *   `countGpu` and `runCoordinator` do; CountInterrupted when `signal` aborts
 * @example (await countOn(12, { backend: "cpu", workers: 2 })).total // 14200n
 */
export async function countOn(
  n: number,
  options: CountOnOptions = {},
  gpu: () => Promise<GpuAccess<NodeGpu>> = nodeGpu,
): Promise<CountOnResult> {
  const { onProgress, signal } = options;
  const queue = options.queue !== undefined && options.queue !== "";
  checkCountOptions(options);
  if (queue) {
    const { runCoordinator } = await loadQueue();
    const r = await runCoordinator(n, options.queue as string | QueueUrl, {
      secret: options.secret as string,
      method: options.method ?? "auto",
      replicas: options.replicas,
      batch: options.batch,
      allowEviction: options.allowEviction,
      onProgress,
      signal,
      onMessage: options.onMessage,
    });
    return { ...r, backend: "queue", where: r.run };
  }
  // The secret keys the checkpoint's records, whichever engine opens it.
  const unkey =
    options.checkpoint !== undefined && options.secret !== undefined
      ? (await import("./engine/index.js")).keyCheckpoint(options.checkpoint, options.secret)
      : () => {};
  try {
    const picked = await pickBackend({ backend: options.backend, method: options.method, n }, gpu);
    if (picked.backend === "gpu") {
      try {
        const { countGpu } = await import("./gpu/index.js");
        const r = await countGpu(n, {
          device: picked.gpu.device,
          checkpoint: options.checkpoint,
          onProgress,
          signal,
        });
        return { ...r, workers: 1, backend: "gpu", where: picked.gpu.name };
      } finally {
        picked.gpu.close();
      }
    }
    const r = await count(n, {
      method: options.method ?? "auto",
      workers: options.workers,
      checkpoint: options.checkpoint,
      onProgress,
      signal,
    });
    return { ...r, backend: "cpu" };
  } finally {
    unkey();
  }
}
