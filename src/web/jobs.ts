/**
 * Runs a {@link Job} in a fresh Web Worker. `cancel()` terminates the worker at once, however long
 * its loop, and rejects the promise with a {@link Cancelled}.
 */
import type { Job, JobResult, Progress, Reply } from "./protocol.js";
import JobWorker from "./worker.ts?worker&inline";

export class Cancelled extends Error {
  override readonly name = "Cancelled";
  constructor() {
    super("cancelled");
  }
}

export interface Running<R> {
  readonly promise: Promise<R>;
  cancel(): void;
}

/** Starts `job` in its own worker; `onProgress` sees the worker's progress messages. */
export function runJob<K extends Job["kind"]>(
  job: Extract<Job, { kind: K }>,
  onProgress?: (p: Progress) => void,
): Running<Extract<JobResult, { kind: K }>> {
  const worker = new JobWorker({ name: `nqueens-${job.kind}` });
  let settle: ((error?: Error) => void) | undefined;
  const promise = new Promise<Extract<JobResult, { kind: K }>>((resolve, reject) => {
    settle = (error) => {
      worker.terminate();
      settle = undefined;
      if (error) reject(error);
    };
    worker.onmessage = (e: MessageEvent<Reply>) => {
      const reply = e.data;
      if (reply.type === "progress") onProgress?.(reply.progress);
      else if (reply.type === "error") settle?.(new Error(reply.message));
      else {
        settle?.();
        resolve(reply.result as Extract<JobResult, { kind: K }>);
      }
    };
    worker.onerror = (e) => {
      e.preventDefault();
      settle?.(new Error(e.message || "the worker failed to start"));
    };
    worker.postMessage(job);
  });
  return {
    promise,
    cancel: () => settle?.(new Cancelled()),
  };
}
