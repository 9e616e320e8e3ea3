/**
 * The search shown to people: what the `trace` and `compare` commands print and what the page's
 * Watch and Compare modes play. The search as events and the tree's profile (trace.ts); the
 * search step by step, the backtracking and bitmask ways (walkthrough.ts) and brute force's placements
 * by number (lesson-brute.ts); the algorithms the tutorials compare, each counting its work, and
 * brute force's three ways with their exact counts and measured time (algorithms/). The library's entries, the command and the page import them from here.
 */
export {
  ALGORITHM_NAMES,
  ALGORITHMS,
  type AlgorithmInfo,
  type AlgorithmName,
  type AlgorithmOptions,
  type AlgorithmResult,
  algorithmInfo,
  BRUTE_FORCE_BUDGET,
  BRUTE_VARIANTS,
  type BruteVariant,
  bruteForceCombinations,
  bruteVariantCount,
  decideRun,
  type EstimateOptions,
  estimateBruteForceSeconds,
  type RunDecision,
  type RunLimits,
  runAlgorithm,
  sampleBruteVariant,
  TIMING_DEFAULTS,
  type TimedResult,
  type TimingOptions,
  timeAlgorithm,
} from "./algorithms/index.js";
export {
  type BruteClash,
  firstClash,
  placementAt,
  placementCount,
  solutionIndex,
} from "./lesson-brute.js";
export {
  type RejectReason,
  type TraceEvent,
  type TraceOptions,
  trace,
  traceLengthOf,
  treeProfile,
} from "./trace.js";
export {
  type Attack,
  attackers,
  type WalkAlgorithm,
  type WalkStep,
  walkthrough,
} from "./walkthrough.js";
