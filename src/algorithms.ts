/**
 * The algorithms the tutorials compare, from brute force to bitmasks, each counting its work.
 *
 * They all find the same solutions; only the work differs. `nodes` counts the boards an algorithm
 * examines (every complete placement for brute force; every node of the search tree, root
 * included, for the backtracking ones) and `checks` counts its safety tests (what one test is
 * differs: see each entry's `checks` text in {@link ALGORITHMS}). Counters are plain numbers:
 * they stay exact below 2^53, far beyond what these algorithms can reach in practice.
 *
 * One algorithm per file under `algorithms/`; this file is the facade.
 */
import { bitmask } from "./algorithms/bitmask.js";
import { bruteForce } from "./algorithms/brute-force.js";
import { iterative } from "./algorithms/iterative.js";
import { rowLoop } from "./algorithms/row-loop.js";
import { rowSets } from "./algorithms/row-sets.js";
import { squareBacktrack } from "./algorithms/square-backtrack.js";
import type { Work } from "./algorithms/work.js";
import { checkSize, NQueensError } from "./errors.js";

export { bruteForceCombinations, estimateBruteForceSeconds } from "./algorithms/brute-force.js";

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
  readonly name: AlgorithmName;
  /** A short human title. */
  readonly title: string;
  /**
   * The largest n it finishes in about ten seconds or less (measured on one core of a 2-core
   * container: brute force 4.3 s at 7, square-backtrack 7.0 s at 10, row-loop 8.5 s at 14,
   * row-sets 2.8 s at 14, bitmask 4.9 s at 15).
   */
  readonly maxPracticalN: number;
  /** What one of its `nodes` is. */
  readonly nodes: string;
  /** What one of its `checks` is. */
  readonly checks: string;
}

/** The largest n any algorithm here accepts (bitmasks are 32-bit). */
export const MAX_ALGORITHM_N = 30;

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

/** Whether `text` names an algorithm. */
export function isAlgorithmName(text: string): text is AlgorithmName {
  return (ALGORITHM_NAMES as readonly string[]).includes(text);
}

/** The entry of {@link ALGORITHMS} for `name`. */
export function algorithmInfo(name: AlgorithmName): AlgorithmInfo {
  const info = ALGORITHMS.find((a) => a.name === name);
  if (!info) throw new NQueensError(`unknown algorithm: '${name}'`);
  return info;
}

/** Hooks for {@link runAlgorithm}. */
export interface AlgorithmOptions {
  /** Called with each solution (a fresh `cols` array), in the order the algorithm finds it. */
  readonly onSolution?: (cols: number[]) => void;
  /** Stops the run: it throws the signal's reason, checked every 65,536 nodes. */
  readonly signal?: AbortSignal;
}

/** The outcome of one run. */
export interface AlgorithmResult {
  readonly name: AlgorithmName;
  readonly n: number;
  readonly solutions: number;
  readonly nodes: number;
  readonly checks: number;
  /** Wall-clock time of the run. */
  readonly seconds: number;
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
 * Every algorithm finds the same solutions; brute force takes C(n*n, n) steps, so keep n <= 7
 * for it (see {@link estimateBruteForceSeconds}).
 * @throws NQueensError for an unknown name or n outside 1..30
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
  const run = Object.hasOwn(RUNNERS, name) ? RUNNERS[name] : undefined;
  if (!run) {
    throw new NQueensError(`algorithm must be one of ${ALGORITHM_NAMES.join(", ")}: got '${name}'`);
  }
  checkSize(n, MAX_ALGORITHM_N);
  options.signal?.throwIfAborted();
  const work: Work = {
    nodes: 0,
    checks: 0,
    solutions: 0,
    onSolution: options.onSolution,
    signal: options.signal,
  };
  const start = performance.now();
  run(n, work);
  const seconds = (performance.now() - start) / 1000;
  return { name, n, solutions: work.solutions, nodes: work.nodes, checks: work.checks, seconds };
}
