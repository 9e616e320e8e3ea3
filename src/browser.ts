/**
 * nqueens in a browser or any JavaScript runtime: the part of the library that imports nothing
 * from Node (the package's `browser` entry; bundlers pick it). Node's entry, index.ts, adds the
 * counter with its worker threads and checkpoint files (`count`). Here, `countCompletions` of an
 * empty board counts the solutions.
 *
 * @example
 * import { solve, unique, formatBoard } from "nqueens"; // in a page, through a bundler
 * formatBoard(solve(8)!, "dots");            // the first solution, drawn
 * [...unique(8)].length;                     // 12
 */

export {
  type Conflict,
  type ConflictKind,
  type ConflictSummary,
  conflictSummary,
  conflicts,
  describeConflict,
  type ExcludedDiagonals,
  forbiddenSquares,
  isRestricted,
  isSolution,
  type PartialBoard,
  type Queen,
  type Solution,
  type Square,
} from "./board.js";
export { type CertificateCheck, checkCertificate } from "./certificate/index.js";
export {
  type CertificateSummary,
  type CertifyOptions,
  type CompleteOneAsyncOptions,
  type CompleteOneOptions,
  type CompletionDecision,
  CompletionInterrupted,
  type CompletionProgress,
  type CompletionsAsyncOptions,
  type CompletionsOptions,
  type CountCompletionsOptions,
  canComplete,
  certifyCompletion,
  completeOne,
  completeOneAsync,
  completions,
  completionsAsync,
  countCompletions,
  countCompletionsAsync,
  type DecideOptions,
  type DecisionMethod,
  type DiagonalPair,
  decideCompletion,
  type GeneratedInstance,
  type GenerateOptions,
  generateInstance,
  INSTANCE_KINDS,
  type InstanceKind,
  type InstanceSymmetry,
  instanceSymmetry,
  PUZZLE_DIFFICULTIES,
  type Puzzle,
  type PuzzleDifficulty,
} from "./completion/browser.js";
export { type ErrorCode, type ErrorDetails, NQueensError } from "./errors.js";
export {
  BOARD_FORMS,
  BOARD_STYLES,
  type BoardForm,
  type BoardStyle,
  detectForm,
  type FormatOptions,
  formatBoard,
  formatChunks,
  type ParseErrorCode,
  type ParseOptions,
  type ParseResult,
  parseBoard,
  parseBoardAs,
} from "./formats/index.js";
export {
  type AojParseResult,
  checkBoj9175,
  checkPoj3239,
  JUDGE_NAMES,
  JUDGES,
  type Judge,
  type JudgeName,
  type JudgeResult,
  judge,
  parseAojInput,
  solveAoj,
  solveBoj9175,
  solveKattis,
  solveLeetcode51,
  solveLeetcode52,
  solvePoj3239,
} from "./judges/index.js";
export {
  MAX_COMPLETE_N,
  MAX_INPUT_BYTES,
  MAX_JSON_DEPTH,
  MAX_MATRIX_N,
  MAX_PARSE_N,
  MAX_SOLVE_N,
} from "./limits.js";
export { type SolutionsOptions, solutions, type UniqueSolution, unique } from "./solutions.js";
export { methodFor, type SolveMethod, type SolveOptions, solve } from "./solve.js";
export {
  canonical,
  images,
  isCanonical,
  orbitSize,
  TRANSFORMS,
  type Transform,
  transform,
} from "./symmetry.js";
export {
  ALGORITHMS,
  type AlgorithmInfo,
  type AlgorithmName,
  type AlgorithmOptions,
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
  type TraceEvent,
  type TraceOptions,
  timeAlgorithm,
  trace,
  treeProfile,
} from "./teach/index.js";
