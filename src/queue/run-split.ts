/**
 * What a queue run is split into, per counting method: the constellation search's sub-problems
 * (engine/constellations/split.ts) or the join's tasks (engine/join/split.ts; the last task holds
 * the rotation-fixed counts for the unique total). Everything in the queue that depends on the
 * method goes through a `RunSplit`: the version that names the split (in the run's description,
 * its jobs' and its records' tags), its size, the cost estimates that order the jobs, the default
 * job size, the check that a result can be a sub-problem's at all, adding results up, and
 * solving one here (`runs --verify`). A job's method is the one its tagged version names.
 */

import {
  estimatedCost,
  JOIN_SPLIT_VERSION,
  JoinSolver,
  JoinTally,
  joinSplitVersion,
  joinSubProblems,
  SPLIT_VERSION,
  type SubResult,
  solveSubProblem,
  split,
  splitVersion,
  Tally,
  uniqueShare,
} from "../engine/index.js";
import { NQueensError, notAChoice } from "../errors.js";
import { MAX_JOIN_N, MAX_SPLIT_N } from "../limits.js";

/** The counting methods a run can use (the engine's, `auto` resolved). */
export type QueueMethod = "join" | "constellations";

/** A running sum of settled results (engine/tally.ts for constellations, engine/join/tally.ts). */
export interface RunTally {
  readonly done: number;
  readonly total: bigint;
  /** @throws Error when the results are inconsistent (only a wrong result settled can do that) */
  readonly unique: bigint;
  /**
   * Whether sub-problem `id`'s result is in the sum.
   * @param id - the sub-problem's id
   * @returns true once its result was added
   */
  has(id: number): boolean;
  /**
   * Adds sub-problem `id`'s result; a second result for the same id is ignored.
   * @param id - the sub-problem's id
   * @param r - its settled result
   */
  add(id: number, r: SubResult): void;
}

/** The split of one run: n and its method. */
export interface RunSplit {
  readonly n: number;
  readonly method: QueueMethod;
  /** `splitVersion(n)` or `joinSplitVersion(n)`: names the method, n and the exact split. */
  readonly version: string;
  /** Sub-problems (ids 0 to size - 1). */
  readonly size: number;
  /** Names the CPU solver in the records (`cpu/constellations-1`, `cpu/join-1`). */
  readonly cpuSolver: string;
  /** Sub-problems per job by default: see `batchFor`. */
  readonly batch: number;
  /**
   * A relative estimate of sub-problem `id`'s work, for ordering the jobs.
   * @param id - the sub-problem's id
   * @returns its estimated work, comparable only with the other sub-problems' of the split
   */
  cost(id: number): number;
  /**
   * Why `r` cannot be sub-problem `id`'s result (its symmetric counts), or undefined.
   * @param id - the sub-problem's id
   * @param r - a result a worker gave for it
   * @returns why it cannot be right, or undefined when it can
   */
  impossible(id: number, r: SubResult): string | undefined;
  /**
   * An empty running sum.
   * @returns a sum with nothing added
   */
  tally(): RunTally;
  /**
   * A solver of sub-problems on the calling thread (its tables live as long as it does).
   * @returns a function that counts sub-problem `id` and returns its result
   */
  recounter(): (id: number) => SubResult;
}

/**
 * Sub-problems per job: at most about 64 jobs, and none longer than about 10 s on one core (so
 * from n=19 on there are more, and from n=22 a job is one sub-problem or a few). Each job costs a
 * few milliseconds of Redis round trips and bookkeeping, so fewer, larger jobs cost less; with
 * the jobs taken largest first (`largestFirst`), 64 still let a few machines finish within a
 * small job of each other. `seconds` is the time of one sub-problem on one core here, estimated
 * from the benchmark tables of docs/counting.md (what the code estimates from them); it only
 * needs to be right within a few times.
 */
function batchFor(size: number, seconds: number): number {
  return Math.max(1, Math.min(Math.ceil(size / 64), Math.floor(10 / seconds)));
}

function constellations(n: number): RunSplit {
  const list = split(n);
  return {
    n,
    method: "constellations",
    version: splitVersion(n),
    size: list.length,
    cpuSolver: `cpu/${SPLIT_VERSION}`,
    // A sub-problem's time at n=17, 6 times more per step of n (docs/counting.md, "Benchmarks").
    batch: batchFor(list.length, 0.0025 * 6 ** (n - 17)),
    cost: (id) => estimatedCost(n, list[id]),
    impossible(id, r) {
      try {
        uniqueShare(list[id], r);
        return undefined;
      } catch {
        return "its symmetric counts are impossible";
      }
    },
    tally: () => new Tally(list),
    recounter: () => (id) => solveSubProblem(n, list[id]),
  };
}

function join(n: number): RunSplit {
  const size = joinSubProblems(n);
  const last = size - 1;
  return {
    n,
    method: "join",
    version: joinSplitVersion(n),
    size,
    cpuSolver: `cpu/${JOIN_SPLIT_VERSION}`,
    // A task's time at n=20 (the count in 4096 tasks), 7 times more per step of n (docs/counting.md,
    // "Benchmarks"). A thread also builds its quadrant tables once per n (docs/counting.md, "Joining
    // half-boards"), which a job of one task still pays only once.
    batch: batchFor(size, 0.04 * 7 ** (n - 20)),
    // Every counting task is a fair sample of the items (dealt by stride): alike in cost. The
    // rotation-fixed task is one of the longer ones.
    cost: (id) => (id === last ? 2 : 1),
    impossible(id, r) {
      if (id < last) {
        return r.fixed180 === 0 && r.fixed90 === 0
          ? undefined
          : "a counting task has no rotation-fixed counts";
      }
      const count = n === 1 ? 1 : 0;
      if (r.count !== count) return `the rotation-fixed task's count is ${count}`;
      return r.fixed90 <= r.fixed180 ? undefined : "a quarter turn fixes more than a half turn";
    },
    tally: () => new JoinTally(n, size),
    recounter() {
      const solver = new JoinSolver(n);
      return (id) => solver.solve(id);
    },
  };
}

const cache = new Map<string, RunSplit>();

/**
 * The split of a run of n by `method`.
 * @throws NQueensError when n is not a board size of the method (1..32; the join 1..27)
 * @example runSplit(16, "join").size // 4097
 */
export function runSplit(n: number, method: QueueMethod): RunSplit {
  if (method !== "join" && method !== "constellations") {
    throw notAChoice("method", method, ["join", "constellations"]);
  }
  // Only a number is looked up: "8" must meet the size check, not the split of 8.
  const id = typeof n === "number" ? `${method} ${n}` : undefined;
  const hit = id === undefined ? undefined : cache.get(id);
  if (hit) return hit;
  if (method === "join" && Number.isInteger(n) && n > MAX_JOIN_N) {
    throw new NQueensError(`the join counts n up to ${MAX_JOIN_N}: got ${n}`, "out-of-range", {
      option: "n",
      value: n,
      min: 1,
      max: MAX_JOIN_N,
      other: "method",
    });
  }
  const made = method === "join" ? join(n) : constellations(n);
  if (id !== undefined) cache.set(id, made);
  return made;
}

/** A number stands for the constellation split of n (what a run was before the join). */
export function asSplit(of: number | RunSplit): RunSplit {
  return typeof of === "number" ? runSplit(of, "constellations") : of;
}

/** The method a split version names, or undefined for one this program does not know. */
export function methodOf(version: string): QueueMethod | undefined {
  if (version.startsWith(`${JOIN_SPLIT_VERSION}/`)) return "join";
  if (version.startsWith(`${SPLIT_VERSION}/`)) return "constellations";
  return undefined;
}

/**
 * The split of n that `version` names the method of (its exact version may still differ: the
 * caller compares), or undefined when the method is unknown or n is not one of its sizes. Never
 * throws: `n` and `version` may come from a job not yet checked.
 */
export function splitFor(n: number, version: string): RunSplit | undefined {
  const method = methodOf(version);
  if (method === undefined || !Number.isInteger(n) || n < 1) return undefined;
  if (n > (method === "join" ? MAX_JOIN_N : MAX_SPLIT_N)) return undefined;
  return runSplit(n, method);
}
