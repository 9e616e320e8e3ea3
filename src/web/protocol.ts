/**
 * Messages between the page and its Web Workers. Every long computation runs in a worker so the
 * page never freezes; cancelling a job terminates its worker. Big integers travel as strings.
 */
import type { AlgorithmName, AlgorithmResult } from "../algorithms.js";
import type { Queen } from "../board.js";

/** One event of the search, as the page replays it (the library's trace events, copied). */
export type WatchEvent =
  | { readonly type: "place"; readonly row: number; readonly col: number }
  | {
      readonly type: "reject";
      readonly row: number;
      readonly col: number;
      readonly reason: string;
      readonly by: Queen | undefined;
    }
  | { readonly type: "remove"; readonly row: number; readonly col: number }
  | { readonly type: "solution"; readonly cols: readonly number[] };

/** A symmetry class: its members (the first is the canonical one) and orbit size. */
export interface GalleryClass {
  readonly members: readonly (readonly number[])[];
  readonly orbit: number;
}

export type Job =
  | { readonly kind: "complete"; readonly n: number; readonly queens: readonly Queen[] }
  | {
      readonly kind: "count-completions";
      readonly n: number;
      readonly queens: readonly Queen[];
    }
  | {
      readonly kind: "list-completions";
      readonly n: number;
      readonly queens: readonly Queen[];
      readonly limit: number;
    }
  | {
      readonly kind: "trace";
      readonly n: number;
      readonly limit: number;
      /** Queens placed before the search starts (they must not attack each other). */
      readonly fixed: readonly Queen[];
    }
  | { readonly kind: "gallery"; readonly n: number }
  | { readonly kind: "count"; readonly n: number; readonly part: number; readonly parts: number }
  | {
      readonly kind: "compare";
      readonly runs: readonly { name: AlgorithmName; n: number }[];
      /** Skip a run whose predicted time (from the same algorithm's last two runs) is above this. */
      readonly budget: number;
    };

export type JobResult =
  | { readonly kind: "complete"; readonly cols: readonly number[] | null; readonly ms: number }
  | { readonly kind: "count-completions"; readonly count: string; readonly ms: number }
  | {
      readonly kind: "list-completions";
      readonly solutions: number[][];
      readonly truncated: boolean;
    }
  | {
      readonly kind: "trace";
      readonly total: number;
      readonly truncated: boolean;
      readonly profile: readonly number[] | null;
    }
  | { readonly kind: "gallery"; readonly classes: readonly GalleryClass[]; readonly total: number }
  | { readonly kind: "count"; readonly total: string; readonly unique: string | null }
  | { readonly kind: "compare" };

export type Progress =
  | { readonly kind: "trace-events"; readonly events: readonly WatchEvent[] }
  | {
      readonly kind: "count";
      readonly done: number;
      readonly total: number;
      readonly found: string;
    }
  | { readonly kind: "compare-result"; readonly result: AlgorithmResult }
  | {
      readonly kind: "compare-skip";
      readonly name: AlgorithmName;
      readonly n: number;
      readonly estimate: number;
    }
  | { readonly kind: "gallery"; readonly classes: number };

export type Reply =
  | { readonly type: "progress"; readonly progress: Progress }
  | { readonly type: "done"; readonly result: JobResult }
  | { readonly type: "error"; readonly message: string };

/** To the GPU worker (gpu-worker.ts): count n. Cancelling terminates the worker. */
export interface GpuJob {
  readonly n: number;
}

/** A GPU count's outcome; big integers as strings, times in seconds. */
export interface GpuOutcome {
  readonly n: number;
  readonly total: string;
  readonly unique: string;
  /** From the adapter request to the last result read back (device start-up included). */
  readonly seconds: number;
  /** From the first dispatch to the last result read back. */
  readonly kernelSeconds: number;
  readonly subProblems: number;
  readonly dispatches: number;
  readonly adapter: string;
  /** Where it ran: a dedicated worker, or the page itself (no WebGPU in workers). */
  readonly where: "worker" | "page";
}

/** From the GPU worker. */
export type GpuReply =
  /** This worker has no navigator.gpu: the page counts on its own thread instead. */
  | { readonly type: "no-worker-gpu" }
  | { readonly type: "adapter"; readonly name: string; readonly software: boolean }
  | {
      readonly type: "progress";
      readonly done: number;
      readonly total: number;
      readonly found: string;
      readonly unique: string;
      /** Dispatches so far: 0 while the kernel compiles. */
      readonly dispatches: number;
    }
  | { readonly type: "done"; readonly outcome: GpuOutcome }
  | { readonly type: "error"; readonly message: string };

/** The progress of a GPU count, as the page shows it. */
export type GpuProgressReply = Extract<GpuReply, { type: "progress" }>;
