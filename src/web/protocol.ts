/**
 * Messages between the page and its Web Workers. Every long computation runs in a worker so the
 * page never freezes; cancelling a job terminates its worker. Big integers travel as strings.
 */

import type { Queen } from "../board.js";
import type { PuzzleDifficulty } from "../completion/browser.js";
import type { AlgorithmName, BruteVariant, TimedResult, WalkAlgorithm } from "../teach/index.js";

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
      /** The search's steps (../lesson.ts), packed (steps.ts), streamed as progress. */
      readonly kind: "walkthrough";
      readonly n: number;
      readonly algorithm: WalkAlgorithm;
      /** Queens placed before the search starts (they must not attack each other). */
      readonly fixed: readonly Queen[];
      /** Steps kept at most once a solution has been seen (the first solution is always kept). */
      readonly limit: number;
      /** Steps kept at most in any case. */
      readonly hardLimit: number;
    }
  | { readonly kind: "profile"; readonly n: number; readonly fixed: readonly Queen[] }
  | { readonly kind: "hints"; readonly n: number; readonly queens: readonly Queen[] }
  | {
      readonly kind: "puzzle";
      readonly n: number;
      readonly level: PuzzleDifficulty;
      readonly seed: number;
    }
  | { readonly kind: "gallery"; readonly n: number }
  | { readonly kind: "count"; readonly n: number; readonly part: number; readonly parts: number }
  | {
      /** Each run timed by the library's timeAlgorithm (batches of 20 ms or more). */
      readonly kind: "compare";
      readonly runs: readonly { name: AlgorithmName; n: number }[];
    }
  | {
      /**
       * Brute force's three ways on one N, each timed by the library's sampleBruteVariant, and
       * backtracking's nodes and time on the same N (where it is practical), as progress.
       */
      readonly kind: "brute-race";
      readonly n: number;
      /** Whether to time backtracking too (the page decides where it is quick enough). */
      readonly backtrack: boolean;
    };

/** A brute-force variant measured in the worker (../teach sampleBruteVariant), bigints as text. */
export interface BruteMeasure {
  readonly variant: BruteVariant;
  readonly placements: string;
  readonly tested: number;
  readonly seconds: number;
  readonly complete: boolean;
  readonly solutions: number | undefined;
  readonly totalSeconds: number;
}

export type JobResult =
  | { readonly kind: "complete"; readonly cols: readonly number[] | null; readonly ms: number }
  | { readonly kind: "count-completions"; readonly count: string; readonly ms: number }
  | {
      readonly kind: "list-completions";
      readonly solutions: number[][];
      readonly truncated: boolean;
    }
  | {
      readonly kind: "walkthrough";
      /** Steps sent (the cut step included when the search was cut). */
      readonly total: number;
      /** The search was cut before its end (the last step is a cut). */
      readonly truncated: boolean;
      /** Milliseconds the worker took to record the steps. */
      readonly ms: number;
      /** The same search without recording, timed by the library (from an empty board only). */
      readonly timed: { readonly name: AlgorithmName; readonly seconds: number } | null;
    }
  | { readonly kind: "profile"; readonly profile: readonly number[] }
  | {
      readonly kind: "hints";
      readonly completable: boolean;
      readonly dead: readonly Queen[];
      readonly safe: number;
      readonly ms: number;
    }
  | {
      readonly kind: "puzzle";
      readonly given: readonly Queen[];
      readonly solution: readonly number[];
      /** What solves it: forced lines alone, propagation, or search (branching). */
      readonly solvedBy: "forced" | "propagation" | "search";
    }
  | { readonly kind: "gallery"; readonly classes: readonly GalleryClass[]; readonly total: number }
  | { readonly kind: "count"; readonly total: string; readonly unique: string | null }
  | { readonly kind: "compare" }
  | { readonly kind: "brute-race" };

export type Progress =
  | { readonly kind: "walk-steps"; readonly codes: Uint32Array }
  | {
      readonly kind: "count";
      readonly done: number;
      readonly total: number;
      readonly found: string;
    }
  | { readonly kind: "compare-result"; readonly result: TimedResult }
  | { readonly kind: "brute-measure"; readonly measure: BruteMeasure }
  /** Backtracking (row-sets) on the race's N: null where it is not practical. */
  | { readonly kind: "brute-backtrack"; readonly result: TimedResult | null }
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
