/**
 * The algorithms the tutorials compare, from brute force to bitmasks, each counting its work.
 *
 * They all find the same solutions; only the work differs. `nodes` counts the boards an algorithm
 * examines (every complete placement for brute force; every node of the search tree, root
 * included, for the backtracking ones) and `checks` counts its safety tests (what one test is
 * differs: see each entry's `checks` text in {@link ALGORITHMS}). Counters are plain numbers:
 * they stay exact below 2^53, far beyond what these algorithms can reach in practice.
 *
 * Which runs are practical is decided exactly, never from a timing: brute force runs when its
 * C(n*n, n) placements are within a budget ({@link BRUTE_FORCE_BUDGET}), the others up to their
 * `maxPracticalN` ({@link decideRun}). Times are measured by repeating a run until the batch is
 * long enough for the timer ({@link timeAlgorithm}).
 *
 * One algorithm per file beside this one (bitmask.ts ... work.ts); this file is the facade.
 */
import { checkSize, NQueensError, notAChoice, shownValue } from "../../errors.js";
import { bitmask } from "./bitmask.js";
import { bruteForce, bruteForceCombinations } from "./brute-force.js";
import { iterative } from "./iterative.js";
import { rowLoop } from "./row-loop.js";
import { rowSets } from "./row-sets.js";
import { squareBacktrack } from "./square-backtrack.js";
import type { Work } from "./work.js";

export {
  bruteForceCombinations,
  type EstimateOptions,
  estimateBruteForceSeconds,
} from "./brute-force.js";
export {
  BRUTE_VARIANTS,
  type BruteVariant,
  bruteVariantCount,
  sampleBruteVariant,
} from "./brute-variants.js";

import { MAX_ALGORITHM_N } from "../../limits.js";
import { checkCallback, checkJobOptions, checkOptions } from "../../shapes.js";
import { thousands } from "../../words.js";

/** The name of one of the compared algorithms. */
export type AlgorithmName =
  | "brute-force"
  | "square-backtrack"
  | "row-loop"
  | "row-sets"
  | "bitmask"
  | "iterative";

/** What the comparison table needs to know about an algorithm. */
export interface AlgorithmInfo {
  /** The algorithm's name, as `runAlgorithm` and `nqueens compare` take it. */
  readonly name: AlgorithmName;
  /** A short human title. */
  readonly title: string;
  /**
   * The largest n it finishes in about ten seconds or less on one core (measured: docs/command.md,
   * "compare"). {@link decideRun} uses it for every algorithm but brute force, which it decides
   * by its exact placement count against a budget instead.
   */
  readonly maxPracticalN: number;
  /** What one of its `nodes` is. */
  readonly nodes: string;
  /** What one of its `checks` is. */
  readonly checks: string;
}

/** Every algorithm, from the most work to the least, in the order the tutorials present them. */
export const ALGORITHMS: readonly AlgorithmInfo[] = [
  {
    name: "brute-force",
    title: "brute force over all C(n*n, n) placements",
    maxPracticalN: 7,
    nodes: "a complete placement of n queens",
    checks: "a whole-board test of a placement",
  },
  {
    name: "square-backtrack",
    title: "square-by-square backtracking, whole-board check",
    maxPracticalN: 10,
    nodes: "a search-tree node: the empty board or a placement that passed its check",
    checks: "a whole-board test after placing a queen",
  },
  {
    name: "row-loop",
    title: "row-by-row backtracking, loop over earlier rows",
    maxPracticalN: 14,
    nodes: "a search-tree node: the empty board or a safe queen in the next row",
    checks: "a comparison of a candidate square with one earlier queen",
  },
  {
    name: "row-sets",
    title: "row-by-row backtracking, column and diagonal arrays",
    maxPracticalN: 14,
    nodes: "a search-tree node: the empty board or a safe queen in the next row",
    checks: "a lookup of one candidate square in the three arrays",
  },
  {
    name: "bitmask",
    title: "row-by-row backtracking on bitmasks",
    maxPracticalN: 15,
    nodes: "a search-tree node: the empty board or a safe queen in the next row",
    checks: "one mask of the safe columns of a row (all n columns at once)",
  },
  {
    name: "iterative",
    title: "bitmask backtracking with an explicit stack",
    maxPracticalN: 15,
    nodes: "a search-tree node: the empty board or a safe queen in the next row",
    checks: "one mask of the safe columns of a row (all n columns at once)",
  },
];

/** The algorithm names, in {@link ALGORITHMS} order. */
export const ALGORITHM_NAMES: readonly AlgorithmName[] = ALGORITHMS.map((a) => a.name);

/** The entry of {@link ALGORITHMS} for `name`. */
export function algorithmInfo(name: AlgorithmName): AlgorithmInfo {
  const info = ALGORITHMS.find((a) => a.name === name);
  if (!info) {
    throw notAChoice("algorithm", name, ALGORITHM_NAMES);
  }
  return info;
}

/**
 * Hooks for {@link runAlgorithm}, and the limits it runs within ({@link decideRun}'s: a run it
 * would skip is refused unless `force`).
 */
export interface AlgorithmOptions extends RunLimits {
  /** Called with each solution (a fresh `cols` array), in the order the algorithm finds it. */
  readonly onSolution?: (cols: number[]) => void;
  /**
   * Stops the run: it throws the signal's reason, checked every 65,536 nodes. The run is
   * synchronous, so only code it calls (`onSolution`) can abort it before it ends.
   */
  readonly signal?: AbortSignal;
}

/** The outcome of one run. */
export interface AlgorithmResult {
  /** The algorithm that ran. */
  readonly name: AlgorithmName;
  /** The board's size. */
  readonly n: number;
  /** Solutions found. */
  readonly solutions: number;
  /** Nodes of its search visited (what one is: `AlgorithmInfo.nodes`). */
  readonly nodes: number;
  /** Checks it made (what one is: `AlgorithmInfo.checks`). */
  readonly checks: number;
  /** Wall-clock time of the run. */
  readonly seconds: number;
}

/**
 * The most placements brute force examines unless told otherwise: 10^9. With it n <= 7 runs
 * (C(49, 7) = 85,900,584 placements, seconds) and n = 8 does not (C(64, 8) = 4,426,165,368,
 * minutes).
 */
export const BRUTE_FORCE_BUDGET = 1_000_000_000n;

/** Limits for {@link decideRun}. */
export interface RunLimits {
  /**
   * The most placements brute force may examine.
   * @default BRUTE_FORCE_BUDGET
   */
  readonly budget?: bigint;
  /**
   * Run whatever the placement count or n.
   * @default false
   */
  readonly force?: boolean;
}

/**
 * Whether to run an algorithm, and the exact rule that decided it: brute force by its placement
 * count against the budget, the others by n against their practical limit.
 */
export type RunDecision =
  | {
      readonly run: boolean;
      readonly rule: "budget";
      /** C(n*n, n), the placements brute force examines. */
      readonly placements: bigint;
      readonly budget: bigint;
      /** True when only `force` made it run. */
      readonly forced: boolean;
    }
  | {
      readonly run: boolean;
      readonly rule: "practical-n";
      readonly maxPracticalN: number;
      /** True when only `force` made it run. */
      readonly forced: boolean;
    };

/**
 * Decides whether `name` should run on the n x n board, from exact numbers only (nothing here
 * depends on the machine's speed): brute force runs when C(n*n, n) <= `budget`, any other
 * algorithm when n <= its `maxPracticalN`; `force` runs everything.
 * @param name - the algorithm
 * @param n - the board's size, 1 to 30
 * @param limits - `budget`: the most placements brute force may examine; `force`: run whatever the
 *   rules say
 * @returns whether it runs, by which rule, and the figures the rule compared
 * @throws NQueensError for an unknown name, n outside 1..30 or a negative budget
 * @example
 * decideRun("brute-force", 8)
 * // { run: false, rule: "budget", placements: 4426165368n, budget: 1000000000n, forced: false }
 * @example
 * decideRun("row-loop", 15, { force: true })
 * // { run: true, rule: "practical-n", maxPracticalN: 14, forced: true }
 */
export function decideRun(name: AlgorithmName, n: number, limits: RunLimits = {}): RunDecision {
  const info = algorithmInfo(name);
  checkSize(n, MAX_ALGORITHM_N);
  const force = checkOptions(limits, "decideRun", "limits").force ?? false;
  if (name === "brute-force") {
    const budget = limits.budget ?? BRUTE_FORCE_BUDGET;
    if (budget < 0n)
      throw new NQueensError(`budget must be 0 or more: got ${budget}`, "out-of-range", {
        option: "budget",
        value: budget,
        min: 0,
      });
    const placements = bruteForceCombinations(n);
    const within = placements <= budget;
    return { run: within || force, rule: "budget", placements, budget, forced: !within && force };
  }
  const within = n <= info.maxPracticalN;
  return {
    run: within || force,
    rule: "practical-n",
    maxPracticalN: info.maxPracticalN,
    forced: !within && force,
  };
}

/** Refuses a run that {@link decideRun} would skip (without `force`): it would block for long. */
function checkWithin(fn: string, name: AlgorithmName, n: number, limits: RunLimits): void {
  const d = decideRun(name, n, { budget: limits.budget, force: limits.force });
  if (d.run) return;
  const why =
    d.rule === "budget"
      ? `${thousands(d.placements)} placements, over the budget of ${thousands(d.budget)}`
      : `n = ${n} is past its practical limit of ${d.maxPracticalN}`;
  throw new NQueensError(
    `${fn}: ${name} on n = ${n} would block for long (${why}); decideRun says so, and budget or force: true runs it anyway`,
    "out-of-range",
    d.rule === "budget"
      ? { option: "budget", value: d.placements, max: Number(d.budget) }
      : { option: "n", value: n, min: 1, max: d.maxPracticalN },
  );
}

const RUNNERS: Record<AlgorithmName, (n: number, work: Work) => void> = {
  "brute-force": bruteForce,
  "square-backtrack": squareBacktrack,
  "row-loop": rowLoop,
  "row-sets": rowSets,
  bitmask,
  iterative,
};

/**
 * Runs one algorithm on the n x n board to the end and reports its work.
 * Every algorithm finds the same solutions; brute force takes C(n*n, n) steps. The run blocks
 * until done, so a run {@link decideRun} would skip (brute force over its `budget` of placements,
 * the others past their practical n: minutes to hours) is refused unless `force` is set.
 * `seconds` is the time of this one run: for a steady time, or a run shorter than the timer can
 * tell, use {@link timeAlgorithm}.
 * @param name - the algorithm
 * @param n - the board's size, 1 to 30
 * @param options - `budget` and `force` (as for {@link decideRun}), `onSolution` and an abort
 *   signal
 * @returns the solutions found, the nodes visited, the checks made, and the seconds
 * @throws NQueensError for an unknown name, n outside 1..30, options of the wrong shape, or a
 *   run decideRun would skip without `force`
 * @example
 * runAlgorithm("row-sets", 8)
 * // { name: "row-sets", n: 8, solutions: 92, nodes: 2057, checks: 15720, seconds: 0.0004 }
 * @example
 * const found: number[][] = [];
 * runAlgorithm("bitmask", 6, { onSolution: (cols) => found.push(cols) }); // found.length === 4
 */
export function runAlgorithm(
  name: AlgorithmName,
  n: number,
  options: AlgorithmOptions = {},
): AlgorithmResult {
  const run = runner(name);
  checkSize(n, MAX_ALGORITHM_N);
  checkJobOptions(checkOptions(options, "runAlgorithm"), "runAlgorithm");
  checkCallback(options, "onSolution", "runAlgorithm");
  checkWithin("runAlgorithm", name, n, options);
  options.signal?.throwIfAborted();
  const work = newWork(options);
  const start = performance.now();
  run(n, work);
  const seconds = (performance.now() - start) / 1000;
  return { name, n, solutions: work.solutions, nodes: work.nodes, checks: work.checks, seconds };
}

/** The function that runs `name`. */
function runner(name: AlgorithmName): (n: number, work: Work) => void {
  const run = typeof name === "string" && Object.hasOwn(RUNNERS, name) ? RUNNERS[name] : undefined;
  if (!run) {
    throw notAChoice("algorithm", name, ALGORITHM_NAMES);
  }
  return run;
}

function newWork(options: AlgorithmOptions): Work {
  return {
    nodes: 0,
    checks: 0,
    solutions: 0,
    onSolution: options.onSolution,
    signal: options.signal,
  };
}

/** Options for {@link timeAlgorithm}; `budget` and `force` as {@link runAlgorithm}'s. */
export interface TimingOptions extends RunLimits {
  /**
   * The shortest batch: the run is repeated until the batch lasts at least this long, so that
   * the timer's resolution and its own cost do not show. 0 times a single run.
   * @default 0.02
   */
  readonly minSeconds?: number;
  /**
   * How many batches to time; the one with the least time per run is reported.
   * @default 3
   */
  readonly batches?: number;
  /**
   * Batches after the first start only while the batches so far took less than this in all, so
   * a run of seconds is timed once rather than three times.
   * @default 1
   */
  readonly withinSeconds?: number;
  /** Stops the timing: it throws the signal's reason (checked between runs and in them). */
  readonly signal?: AbortSignal;
  /**
   * The clock batches are timed by, in seconds. In Node, the process's CPU time (from
   * `process.cpuUsage()`) is disturbed far less by a busy machine than the wall clock.
   * @default the wall clock (performance.now)
   */
  readonly clock?: () => number;
}

/** A run of {@link timeAlgorithm}: the counts of one run, and its time per run. */
export interface TimedResult extends AlgorithmResult {
  /** Seconds per run: the reported batch's time divided by its runs (> 0 when minSeconds > 0). */
  readonly seconds: number;
  /** Runs in the reported batch (at least 1). */
  readonly runs: number;
  /** The reported batch's time by the clock: at least `minSeconds`. */
  readonly batchSeconds: number;
  /** Batches timed (at least 1); the one with the least time per run is reported. */
  readonly batches: number;
}

/** The defaults of {@link TimingOptions}. */
export const TIMING_DEFAULTS = { minSeconds: 0.02, batches: 3, withinSeconds: 1 } as const;

/**
 * Times one algorithm on the n x n board. A batch repeats the run until it lasts at least
 * `minSeconds` (and runs it at least once): it starts with one run and, while the batch is too
 * short, times a new batch with more runs (scaled from the time so far, at most 10 times as many),
 * so every batch is timed by two clock readings around whole runs. Up to `batches` batches are
 * timed (later ones only within `withinSeconds` of the start) and the least time per run is kept:
 * noise only ever slows a run down, so two algorithms doing the same work report close times.
 * The counts (solutions, nodes, checks) are those of one run; they are the same for every run.
 * @param name - the algorithm
 * @param n - the board's size, 1 to 30
 * @param options - `minSeconds`, `batches`, `withinSeconds`, `budget` and `force`, an abort signal
 *   and a clock (see {@link TimingOptions})
 * @returns one run's counts, with the least seconds per run, the runs per batch and the batches
 *   timed
 * @throws NQueensError for an unknown name, n outside 1..30, a bad option, or a run
 *   {@link decideRun} would skip without `force` (as {@link runAlgorithm})
 * @example
 * timeAlgorithm("bitmask", 8)
 * // { name: "bitmask", n: 8, solutions: 92, nodes: 2057, checks: 1965, seconds: 0.0000402,
 * //   runs: 622, batchSeconds: 0.025, batches: 3 }
 */
export function timeAlgorithm(
  name: AlgorithmName,
  n: number,
  options: TimingOptions = {},
): TimedResult {
  const run = runner(name);
  checkSize(n, MAX_ALGORITHM_N);
  checkJobOptions(checkOptions(options, "timeAlgorithm"), "timeAlgorithm");
  checkWithin("timeAlgorithm", name, n, options);
  const minSeconds = options.minSeconds ?? TIMING_DEFAULTS.minSeconds;
  const batches = options.batches ?? TIMING_DEFAULTS.batches;
  const withinSeconds = options.withinSeconds ?? TIMING_DEFAULTS.withinSeconds;
  if (!(minSeconds >= 0 && Number.isFinite(minSeconds))) {
    throw new NQueensError(
      `minSeconds must be a number of seconds, 0 or more: got ${shownValue(minSeconds)}`,
      "out-of-range",
      { option: "minSeconds", value: minSeconds, min: 0 },
    );
  }
  if (!(Number.isInteger(batches) && batches >= 1)) {
    throw new NQueensError(
      `batches must be a whole number, 1 or more: got ${shownValue(batches)}`,
      "out-of-range",
      { option: "batches", value: batches, min: 1 },
    );
  }
  if (!(withinSeconds >= 0 && Number.isFinite(withinSeconds))) {
    throw new NQueensError(
      `withinSeconds must be a number of seconds, 0 or more: got ${withinSeconds}`,
      "out-of-range",
      { option: "withinSeconds", value: withinSeconds, min: 0 },
    );
  }
  const signal = options.signal;
  signal?.throwIfAborted();
  const clock = options.clock ?? (() => performance.now() / 1000);
  let work = newWork({ signal });
  /** Seconds taken by `runs` runs in a row. */
  const batch = (runs: number): number => {
    const start = clock();
    for (let i = 0; i < runs; i++) {
      signal?.throwIfAborted();
      work = newWork({ signal });
      run(n, work);
    }
    return clock() - start;
  };
  const began = clock();
  let runs = 1;
  let best = { perRun: Number.POSITIVE_INFINITY, runs: 1, seconds: 0 };
  let made = 0;
  while (made < batches && (made === 0 || clock() - began < withinSeconds)) {
    let seconds = batch(runs);
    while (seconds < minSeconds) {
      const wanted = Math.ceil((runs * minSeconds * 1.2) / Math.max(seconds, 1e-9));
      runs = Math.min(runs * 10, Math.max(runs + 1, wanted));
      seconds = batch(runs);
    }
    made++;
    if (seconds / runs < best.perRun) best = { perRun: seconds / runs, runs, seconds };
  }
  return {
    name,
    n,
    solutions: work.solutions,
    nodes: work.nodes,
    checks: work.checks,
    seconds: best.perRun,
    runs: best.runs,
    batchSeconds: best.seconds,
    batches: made,
  };
}
