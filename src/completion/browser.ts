/**
 * Completing a partial board: the folder's Node-free door (for the root's browser.ts, the page
 * and the modules that also run in a page; index.ts, the door in Node, adds the threads). The API (complete.ts) checks the board
 * (validate.ts) and picks an engine: the hard-instance search (hard-search.ts, run by decide.ts on
 * the board squeezed by sub-board.ts, in turns with lean-search.ts on a board without fixed
 * queens), the bitmask search for n <= 32 (bitmask-search.ts) or the
 * line board beyond (line-board.ts), with a min-conflicts repair first for one completion of a
 * big board (big-board.ts; `completeOneWatched`, with its progress and abort, is for the command
 * only, through light.ts: not in the public API). Also here: the published instance generators and graded puzzles
 * (generate.ts, python-random.ts), an instance's symmetries (symmetry.ts), the squares where a
 * queen leads nowhere (dead-squares.ts) and the most queens that still fit (most-queens.ts).
 */

export { type CertificateSummary, type CertifyOptions, certifyCompletion } from "./certify.js";
export {
  type CompleteOneOptions,
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
} from "./complete.js";
export { type CompleteOneAsyncOptions, completeOneAsync } from "./complete-async.js";
export { deadSquares } from "./dead-squares.js";
export {
  type CompletionDecision,
  type DecideOptions,
  type DecisionMethod,
  decideCompletion,
} from "./decision.js";
export {
  blockedSquares,
  type DiagonalPair,
  excludedDiagonalList,
  excludedDiagonalsBoard,
  type GeneratedInstance,
  type GenerateOptions,
  generateInstance,
  hardMissing,
  INSTANCE_KINDS,
  type InstanceKind,
  randomCompletion,
  translateExcludedDiagonals,
} from "./instances.js";
export { mostQueens } from "./most-queens.js";
export {
  PUZZLE_DIFFICULTIES,
  type Puzzle,
  type PuzzleDifficulty,
  uniquePuzzle,
} from "./puzzles.js";
export { type InstanceSymmetry, instanceSymmetry } from "./symmetry.js";
