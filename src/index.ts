/**
 * nqueens: the N-Queens problem as a typed library.
 *
 * @example
 * import { solve, countFast, unique, formatBoard } from "nqueens";
 * formatBoard(solve(8)!, "dots");            // the first solution, drawn
 * (await countFast(12)).total;               // 14200n
 * [...unique(8)].length;                     // 12
 */
export {
  ALGORITHMS,
  type AlgorithmName,
  type AlgorithmResult,
  BRUTE_FORCE_BUDGET,
  bruteForceCombinations,
  decideRun,
  type EstimateOptions,
  estimateBruteForceSeconds,
  type RunDecision,
  type RunLimits,
  runAlgorithm,
  TIMING_DEFAULTS,
  type TimedResult,
  type TimingOptions,
  timeAlgorithm,
} from "./algorithms.js";
export {
  type Conflict,
  type ConflictKind,
  type ConflictSummary,
  conflictSummary,
  conflicts,
  describeConflict,
  isSolution,
  type PartialBoard,
  type Queen,
  type Solution,
} from "./board.js";
export {
  CompletionInterrupted,
  type CompletionProgress,
  type CompletionsAsyncOptions,
  type CompletionsOptions,
  type CountCompletionsOptions,
  canComplete,
  completeOne,
  completions,
  completionsAsync,
  countCompletions,
  countCompletionsAsync,
  MAX_COMPLETE_N,
} from "./complete.js";
export { count, countSolutions, countUnique } from "./count.js";
export * as engine from "./engine/index.js";
export { CountInterrupted, type CountResult, countFast, type Progress } from "./engine/index.js";
export { NQueensError } from "./errors.js";
export {
  BOARD_STYLES,
  type BoardStyle,
  type FormatOptions,
  formatBoard,
  formatChunks,
} from "./format.js";
export {
  JUDGE_NAMES,
  JUDGES,
  type Judge,
  type JudgeName,
  type JudgeResult,
  judge,
  parseJudgeInput,
  solveAoj,
  solveBoj9175,
  solveJudge,
  solveKattis,
  solveLeetcode51,
  solveLeetcode52,
  solvePoj3239,
} from "./judges/index.js";
export { MAX_INPUT_BYTES, MAX_JSON_DEPTH, MAX_MATRIX_N, MAX_PARSE_N } from "./limits.js";
export {
  BOARD_FORMS,
  type BoardForm,
  detectForm,
  type ParseErrorCode,
  type ParseOptions,
  type ParseResult,
  parseBoard,
  parseBoardAs,
} from "./parse.js";
export { solutions } from "./solutions.js";
export { MAX_SOLVE_N, methodFor, type SolveMethod, type SolveOptions, solve } from "./solve.js";
export {
  canonical,
  images,
  isCanonical,
  orbitSize,
  TRANSFORMS,
  type Transform,
  transform,
  unique,
} from "./symmetry.js";
export { type TraceEvent, trace, treeProfile } from "./trace.js";
