/**
 * What a queue worker reports while it runs (`WorkerEvent`, to `onEvent`) and what it did when it
 * is closed (`WorkerSummary`): told by worker.ts (ready) and by its jobs, worker-jobs.ts.
 */

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
