/**
 * The page's Web Worker: runs one {@link Job} with the library and posts progress and the result.
 * The page terminates the worker to cancel, so the loops here need no cancellation of their own.
 */
/// <reference lib="webworker" />
import { type AlgorithmName, estimateBruteForceSeconds, runAlgorithm } from "../algorithms.js";
import type { Queen } from "../board.js";
import { completeOne, completions, countCompletions } from "../complete.js";
import { solveSubProblem } from "../engine/kernel.js";
import { split } from "../engine/split.js";
import { images, unique } from "../symmetry.js";
import { trace, treeProfile } from "../trace.js";
import type { GalleryClass, Job, JobResult, Progress, Reply, WatchEvent } from "./protocol.js";

declare const self: DedicatedWorkerGlobalScope;

const post = (reply: Reply) => self.postMessage(reply);
const progress = (p: Progress) => post({ type: "progress", progress: p });

self.onmessage = (e: MessageEvent<Job>) => {
  try {
    post({ type: "done", result: run(e.data) });
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
};

function run(job: Job): JobResult {
  switch (job.kind) {
    case "complete": {
      const t = performance.now();
      const cols = completeOne({ n: job.n, queens: job.queens });
      return { kind: "complete", cols: cols ?? null, ms: performance.now() - t };
    }
    case "count-completions": {
      const t = performance.now();
      const count = countCompletions({ n: job.n, queens: job.queens });
      return { kind: "count-completions", count: String(count), ms: performance.now() - t };
    }
    case "list-completions": {
      const solutions: number[][] = [];
      for (const s of completions({ n: job.n, queens: job.queens }, { limit: job.limit + 1 })) {
        solutions.push([...s]);
      }
      const truncated = solutions.length > job.limit;
      return { kind: "list-completions", solutions: solutions.slice(0, job.limit), truncated };
    }
    case "trace":
      return runTrace(job.n, job.limit, job.fixed);
    case "gallery":
      return gallery(job.n);
    case "count":
      return countPart(job.n, job.part, job.parts);
    case "compare":
      compare(job.runs, job.budget);
      return { kind: "compare" };
  }
}

/** Streams the trace in batches so the page can start animating at once. */
function runTrace(n: number, limit: number, fixed: readonly Queen[]): JobResult {
  const profile = n <= 13 ? treeProfile(n, { fixed }) : null;
  let batch: WatchEvent[] = [];
  let total = 0;
  let truncated = false;
  for (const e of trace(n, { rejects: true, fixed })) {
    if (total >= limit) {
      truncated = true;
      break;
    }
    total++;
    batch.push(
      e.type === "reject"
        ? { type: "reject", row: e.row, col: e.col, reason: e.reason, by: e.by }
        : e.type === "solution"
          ? { type: "solution", cols: e.cols }
          : { type: e.type, row: e.row, col: e.col },
    );
    if (batch.length === (total < 5000 ? 1000 : 20000)) {
      progress({ kind: "trace-events", events: batch });
      batch = [];
    }
  }
  if (batch.length > 0) progress({ kind: "trace-events", events: batch });
  return { kind: "trace", total, truncated, profile };
}

/** Every solution for n, grouped by symmetry class; members sorted, canonical first. */
function gallery(n: number): JobResult {
  const classes: GalleryClass[] = [];
  let total = 0;
  for (const { solution, orbit } of unique(n)) {
    const seen = new Set<string>();
    const members: number[][] = [];
    for (const img of images(solution)) {
      const k = img.join(",");
      if (!seen.has(k)) {
        seen.add(k);
        members.push(img);
      }
    }
    members.sort(lex);
    classes.push({ members, orbit });
    total += members.length;
    if (classes.length % 50 === 0) progress({ kind: "gallery", classes: classes.length });
  }
  return { kind: "gallery", classes, total };
}

function lex(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Counts the sub-problems part, part + parts, … of the engine's split, reporting each one. */
function countPart(n: number, part: number, parts: number): JobResult {
  const subs = split(n);
  let total = 0n;
  let classes = 0n;
  let done = 0;
  for (let i = part; i < subs.length; i += parts) {
    const sp = subs[i]!;
    const r = solveSubProblem(n, sp);
    total += BigInt(sp.weight) * BigInt(r.count);
    // Burnside over the constellation's stabiliser (8 / weight symmetries): only rotations fix
    // solutions, the 180 turn fixed180 of them and each quarter turn fixed90.
    const fixed =
      BigInt(r.count) +
      (sp.rotations >= 2 ? BigInt(r.fixed180) : 0n) +
      (sp.rotations === 4 ? 2n * BigInt(r.fixed90) : 0n);
    classes += fixed / BigInt(8 / sp.weight);
    done++;
    progress({ kind: "count", done, total: subs.length, found: String(total) });
  }
  return { kind: "count", total: String(total), unique: String(classes) };
}

/**
 * Runs each algorithm for growing n, skipping a run once its time, predicted from the growth
 * between its last two runs, would pass the budget (and every larger n of that algorithm).
 */
function compare(runs: readonly { name: AlgorithmName; n: number }[], budget: number): void {
  const times = new Map<AlgorithmName, number[]>();
  const stopped = new Set<AlgorithmName>();
  for (const run of runs) {
    const seen = times.get(run.name) ?? [];
    const last = seen[seen.length - 1];
    const before = seen[seen.length - 2];
    const growth = last !== undefined && before !== undefined && before > 0.001 ? last / before : 4;
    // Brute force's growth speeds up with n (C(n*n, n)); the library calibrates its own estimate.
    const estimate =
      run.name === "brute-force"
        ? estimateBruteForceSeconds(run.n)
        : last === undefined
          ? 0
          : last * Math.max(growth, 2) * 1.25;
    if (stopped.has(run.name) || estimate > budget) {
      stopped.add(run.name);
      progress({ kind: "compare-skip", name: run.name, n: run.n, estimate });
      continue;
    }
    const result = runAlgorithm(run.name, run.n);
    seen.push(result.seconds);
    times.set(run.name, seen);
    progress({ kind: "compare-result", result });
  }
}
