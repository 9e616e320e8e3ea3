/**
 * The page's Web Worker: runs one {@link Job} with the library and posts progress and the result.
 * The page terminates the worker to cancel, so the loops here need no cancellation of their own.
 */
/// <reference lib="webworker" />

import type { Queen } from "../board.js";
import {
  completeOne,
  completions,
  countCompletionsAsync,
  deadSquares,
  type PuzzleDifficulty,
  uniquePuzzle,
} from "../completion/browser.js";
import { solveSubProblem, split, Tally } from "../engine/browser.js";
import { unique } from "../solutions.js";
import { images } from "../symmetry.js";
import {
  type AlgorithmName,
  BRUTE_VARIANTS,
  sampleBruteVariant,
  timeAlgorithm,
  treeProfile,
  type WalkAlgorithm,
  walkthrough,
} from "../teach/index.js";
import type { GalleryClass, Job, JobResult, Progress, Reply } from "./protocol.js";
import { K_CUT, pack, packStep } from "./steps.js";

declare const self: DedicatedWorkerGlobalScope;

const post = (reply: Reply, transfer: Transferable[] = []) => self.postMessage(reply, transfer);
const progress = (p: Progress, transfer: Transferable[] = []) =>
  post({ type: "progress", progress: p }, transfer);

self.onmessage = async (e: MessageEvent<Job>) => {
  try {
    post({ type: "done", result: await run(e.data) });
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
};

async function run(job: Job): Promise<JobResult> {
  switch (job.kind) {
    case "complete": {
      const t = performance.now();
      const cols = completeOne({ n: job.n, queens: job.queens });
      return { kind: "complete", cols: cols ?? null, ms: performance.now() - t };
    }
    case "count-completions": {
      const t = performance.now();
      // The blocking countCompletions refuses boards of more than 16 empty rows; the page's
      // boards go to 20, and the page cancels by terminating this worker.
      const count = await countCompletionsAsync({ n: job.n, queens: job.queens });
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
    case "walkthrough":
      return runLesson(job.n, job.algorithm, job.fixed, job.limit, job.hardLimit);
    case "profile":
      return { kind: "profile", profile: treeProfile(job.n, { fixed: job.fixed }) };
    case "hints": {
      const t = performance.now();
      const d = deadSquares({ n: job.n, queens: job.queens });
      return { kind: "hints", ...d, ms: performance.now() - t };
    }
    case "puzzle":
      return puzzle(job.n, job.level, job.seed);
    case "gallery":
      return gallery(job.n);
    case "count":
      return countPart(job.n, job.part, job.parts);
    case "compare":
      for (const r of job.runs) {
        progress({ kind: "compare-result", result: timeAlgorithm(r.name, r.n) });
      }
      return { kind: "compare" };
    case "brute-race":
      return bruteRace(job.n, job.backtrack);
  }
}

/**
 * Backtracking's nodes and time on n (row-sets, the search Watch replays; when asked), then
 * brute force's three ways, each posted as soon as it is measured.
 */
function bruteRace(n: number, backtrack: boolean): JobResult {
  progress({ kind: "brute-backtrack", result: backtrack ? timeAlgorithm("row-sets", n) : null });
  for (const variant of BRUTE_VARIANTS) {
    const s = sampleBruteVariant(variant, n);
    progress({ kind: "brute-measure", measure: { ...s, placements: String(s.placements) } });
  }
  return { kind: "brute-race" };
}

/**
 * Streams the lesson's steps, packed, in batches so the page can start animating at once. The
 * steps stop after `limit` once a solution has been seen (the first solution is always reached),
 * and after `hardLimit` in any case; a cut step then ends the list.
 */
function runLesson(
  n: number,
  algorithm: WalkAlgorithm,
  fixed: readonly Queen[],
  limit: number,
  hardLimit: number,
): JobResult {
  const t0 = performance.now();
  let batch = new Uint32Array(1000);
  let used = 0;
  let total = 0;
  let solved = false;
  let truncated = false;
  const flush = () => {
    const codes = batch.subarray(0, used).slice();
    progress({ kind: "walk-steps", codes }, [codes.buffer]);
    used = 0;
    if (batch.length < 50_000 && total > 5000) batch = new Uint32Array(50_000);
  };
  const add = (code: number) => {
    batch[used++] = code;
    total++;
    if (used === batch.length) flush();
  };
  for (const s of walkthrough(n, { algorithm, fixed })) {
    if (total >= hardLimit || (solved && total >= limit)) {
      truncated = true;
      break;
    }
    if (s.type === "solution") solved = true;
    add(packStep(s));
  }
  if (truncated) add(pack(K_CUT));
  if (used > 0) flush();
  const ms = performance.now() - t0;
  // The same search without recording, timed by the library: the trace's search keeps its
  // columns and diagonals in arrays (row-sets); the bitmask one is the library's bitmask.
  const name: AlgorithmName = algorithm === "bitmask" ? "bitmask" : "row-sets";
  const timed =
    !truncated && fixed.length === 0 ? { name, seconds: timeAlgorithm(name, n).seconds } : null;
  return { kind: "walkthrough", total, truncated, ms, timed };
}

/** A puzzle with exactly one completion, from the library's generator (completion/puzzles.ts). */
function puzzle(n: number, level: PuzzleDifficulty, seed: number): JobResult {
  const p = uniquePuzzle(n, level, seed);
  return { kind: "puzzle", given: p.board.queens, solution: p.solution, solvedBy: p.solvedBy };
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

/**
 * Counts the sub-problems part, part + parts, … of the engine's split, reporting each one; the
 * engine's tally adds them up (exact, and checked: engine/tally.ts).
 */
function countPart(n: number, part: number, parts: number): JobResult {
  const subs = split(n);
  const tally = new Tally(subs);
  for (let i = part; i < subs.length; i += parts) {
    tally.add(i, solveSubProblem(n, subs[i]!));
    progress({ kind: "count", done: tally.done, total: subs.length, found: String(tally.total) });
  }
  return { kind: "count", total: String(tally.total), unique: String(tally.unique) };
}
